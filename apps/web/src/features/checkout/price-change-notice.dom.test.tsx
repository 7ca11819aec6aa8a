import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@rentacar/domain/money';
import { renderInLanguage } from '../../../test/render-in-language';
import { PriceChangeNotice } from './price-change-notice';

describe.each(['es', 'en'] as const)('the checkout’s notice of a moved total, in %s', (language) => {
  it('tells the renter the new total and the one they were shown, before they confirm', () => {
    renderInLanguage(language, <PriceChangeNotice before={28676} after={31245} locale={language} />);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(formatMoney(31245, language));
    expect(notice).toHaveTextContent(formatMoney(28676, language));
    expect(notice).toHaveTextContent(language === 'es' ? /cambiaron/ : /changed/);
    // The new total comes first: it is the one the confirmation books.
    const text = notice.textContent ?? '';
    expect(text.indexOf(formatMoney(31245, language))).toBeLessThan(text.indexOf(formatMoney(28676, language)));
  });
});
