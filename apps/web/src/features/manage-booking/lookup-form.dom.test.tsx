import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage } from '../../../test/render-in-language';
import { LookupForm, type LookupResult, type LookupValues } from './lookup-form';
import type * as Navigation from 'next/navigation';

const refresh = vi.fn();
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), useRouter: () => ({ refresh }) }));

describe.each(['es', 'en'] as const)('the reservation lookup, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.manage;
  const find = vi.fn<(values: LookupValues) => Promise<LookupResult>>();
  const renderLookup = (initialNumber?: string) =>
    renderInLanguage(language, <LookupForm find={find} labels={{ title: text.title, number: text.number, email: text.email, submit: text.find }} initialNumber={initialNumber} />);

  beforeEach(() => {
    find.mockReset();
    refresh.mockReset();
  });

  it('finds a reservation by number and email, then asks the page again', async () => {
    find.mockResolvedValue({ ok: true });
    const { user } = renderLookup();
    expect(screen.getByLabelText(text.email)).toHaveAttribute('autocomplete', 'email');
    await user.type(screen.getByLabelText(text.number), 'FF-7K3M9Q');
    await user.type(screen.getByLabelText(text.email), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: text.find }));

    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(find).toHaveBeenCalledWith({ number: 'FF-7K3M9Q', email: 'ana@example.com' });
  });

  it('says the same for an unknown number and a wrong email, keeping what was typed', async () => {
    find.mockResolvedValue({ ok: false, errors: {}, formError: { message: 'booking.errors.notFound' } });
    const { user } = renderLookup('FF-7K3M9Q');
    expect(screen.getByLabelText(text.number)).toHaveValue('FF-7K3M9Q');
    await user.type(screen.getByLabelText(text.email), 'other@example.com');
    await user.click(screen.getByRole('button', { name: text.find }));

    expect(await screen.findByText(messages.booking.errors.notFound)).toBeInTheDocument();
    expect(screen.getByLabelText(text.email)).toHaveValue('other@example.com');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('puts the server’s field refusals under their fields, the first one focused', async () => {
    find.mockResolvedValue({ ok: false, errors: { number: { message: 'validation.required' }, email: { message: 'validation.email' } } });
    const { user } = renderLookup();
    await user.type(screen.getByLabelText(text.email), 'ana@');
    await user.click(screen.getByRole('button', { name: text.find }));

    const number = screen.getByLabelText(text.number);
    await waitFor(() => expect(number).toHaveAccessibleDescription(messages.validation.required));
    expect(number).toHaveFocus();
    expect(screen.getByLabelText(text.email)).toHaveAccessibleDescription(messages.validation.email);
  });

  it('tells the renter when too many attempts were made', async () => {
    find.mockResolvedValue({ ok: false, errors: {}, formError: { message: 'booking.errors.rateLimited', params: { seconds: 60 } } });
    const { user } = renderLookup('FF-7K3M9Q');
    await user.type(screen.getByLabelText(text.email), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: text.find }));

    expect(await screen.findByText(messages.booking.errors.rateLimited.replace('{seconds}', '60'))).toBeInTheDocument();
  });
});
