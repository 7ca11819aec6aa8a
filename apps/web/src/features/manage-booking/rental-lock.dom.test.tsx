import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogues, renderInLanguage } from '../../../test/render-in-language';
import { RentalLockNotice } from './rental-lock';

const HANDED_OVER = {
  es: 'El auto ya fue entregado: para cambios, habla con el mostrador.',
  en: 'The car has already been handed over: for changes, talk to the counter.',
};

describe.each(['es', 'en'] as const)('manage booking once the counter has acted on the booking, in %s', (language) => {
  const text = catalogues[language].booking;

  it('says the car was handed over and to talk to the counter, under its own heading, with nothing to press', () => {
    renderInLanguage(language, <RentalLockNotice lock="already_picked_up" />);
    const notice = screen.getByRole('region', { name: text.manage.lockedTitle });
    expect(notice).toHaveTextContent(HANDED_OVER[language]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['already_returned', text.errors.alreadyReturned],
    ['marked_no_show', text.errors.markedNoShow],
  ] as const)('says why for %s', (lock, message) => {
    renderInLanguage(language, <RentalLockNotice lock={lock} />);
    expect(screen.getByTestId('rental-lock')).toHaveTextContent(message);
  });
});
