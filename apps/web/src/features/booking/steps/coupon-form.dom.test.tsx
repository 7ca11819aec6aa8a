import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage, type Language } from '../../../../test/render-in-language';
import { applyCoupon, removeCoupon } from '../booking-actions';
import { CouponForm } from './coupon-form';
import type * as Navigation from 'next/navigation';

vi.mock('../booking-actions', () => ({ applyCoupon: vi.fn(), removeCoupon: vi.fn() }));
const refresh = vi.fn();
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), useRouter: () => ({ refresh }) }));
const applyMock = vi.mocked(applyCoupon);
const removeMock = vi.mocked(removeCoupon);

function renderCoupon(language: Language, props: Parameters<typeof CouponForm>[0] = { applied: undefined }) {
  return renderInLanguage(language, <CouponForm {...props} />);
}

describe.each(['es', 'en'] as const)('the coupon, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.coupon;
  const format = (template: string, values: Record<string, string>) => Object.entries(values).reduce((result, [key, value]) => result.replace(`{${key}}`, value), template);

  beforeEach(() => {
    applyMock.mockReset();
    removeMock.mockReset();
    refresh.mockReset();
  });

  it('is a quiet link until the renter asks for it, then a titled field with its placeholder', async () => {
    const { user } = renderCoupon(language);
    const link = screen.getByRole('button', { name: text.haveCode });
    expect(link).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(link);
    expect(screen.getByRole('form', { name: text.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: text.title })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: text.title });
    expect(field).toHaveAttribute('placeholder', text.placeholder);
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: text.apply })).toBeInTheDocument();
  });

  it('asks for a code before sending one', async () => {
    const { user } = renderCoupon(language);
    await user.click(screen.getByRole('button', { name: text.haveCode }));
    await user.click(screen.getByRole('button', { name: text.apply }));

    expect(screen.getByRole('textbox', { name: text.title })).toHaveAccessibleDescription(messages.validation.required);
    expect(applyMock).not.toHaveBeenCalled();
  });

  it('says why the server refused a code, on the field, keeping what was typed', async () => {
    applyMock.mockResolvedValue({ ok: false, errors: { code: { message: 'booking.errors.couponBelowMinDays', params: { days: 5 } } } });
    const { user } = renderCoupon(language);
    await user.click(screen.getByRole('button', { name: text.haveCode }));
    const field = screen.getByRole('textbox', { name: text.title });
    await user.type(field, 'verano25');
    await user.click(screen.getByRole('button', { name: text.apply }));

    await waitFor(() => expect(field).toHaveAccessibleDescription(format(messages.booking.errors.couponBelowMinDays, { days: '5' })));
    expect(applyMock).toHaveBeenCalledWith('VERANO25');
    expect(field).toHaveValue('verano25');
    expect(field).toHaveFocus();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes the bill once a code is applied', async () => {
    applyMock.mockResolvedValue({ ok: true });
    const { user } = renderCoupon(language);
    await user.click(screen.getByRole('button', { name: text.haveCode }));
    await user.type(screen.getByRole('textbox', { name: text.title }), 'VERANO25{Enter}');

    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(applyMock).toHaveBeenCalledWith('VERANO25');
  });

  it('shows an applied code with its discount, and removes it on request', async () => {
    removeMock.mockResolvedValue({ ok: true });
    const { user } = renderCoupon(language, { applied: { code: 'VERANO25', discount: '$12.50' } });
    expect(screen.getByRole('status')).toHaveTextContent(format(text.applied, { code: 'VERANO25', amount: '$12.50' }));

    await user.click(screen.getByRole('button', { name: text.remove }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(removeMock).toHaveBeenCalledTimes(1);
  });

  it('says why an applied code could not be removed, and leaves it shown', async () => {
    removeMock.mockResolvedValue({ ok: false, errors: {}, formError: { message: 'booking.errors.draftExpired' } });
    const { user } = renderCoupon(language, { applied: { code: 'VERANO25', discount: '$12.50' } });
    await user.click(screen.getByRole('button', { name: text.remove }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.booking.errors.draftExpired);
    expect(screen.getByRole('status')).toHaveTextContent('VERANO25');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('says why a code kept in the draft no longer applies, and lets the renter drop it', async () => {
    removeMock.mockResolvedValue({ ok: true });
    const { user } = renderCoupon(language, { applied: undefined, refused: { code: 'VERANO25', issue: { message: 'booking.errors.couponExpired' } } });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(format(text.notApplied, { code: 'VERANO25' }));
    expect(status).toHaveTextContent(messages.booking.errors.couponExpired);

    await user.click(screen.getByRole('button', { name: text.remove }));
    await waitFor(() => expect(removeMock).toHaveBeenCalledTimes(1));
  });
});
