import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, errorSummaryText, renderInLanguage, settleLater, type Language } from '../../../../test/render-in-language';
import { savePrecheckinPreferences } from '../precheckin-actions';
import { PreferencesForm } from './preferences-form';

vi.mock('../precheckin-actions', () => ({ savePrecheckinPreferences: vi.fn() }));
const saveMock = vi.mocked(savePrecheckinPreferences);

const saved = { email: 'ana@example.com', phone: '6123-4567', language: 'es' } as const;

function renderForm(language: Language, defaults: { email: string; phone: string; language: 'es' | 'en' } = saved) {
  return renderInLanguage(language, <PreferencesForm defaults={defaults} />);
}

/** A promise the test settles itself, for an action still running. */
describe.each(['es', 'en'] as const)('the pre-check-in contact preferences, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.precheckin.preferences;
  const saveButton = () => screen.getByRole('button', { name: text.save });
  const summary = (count: number) => errorSummaryText(language, count);

  beforeEach(() => {
    saveMock.mockReset();
  });

  it('shows the saved preferences in a named form, each field asking the browser’s autofill for the renter’s own details', () => {
    renderForm(language);
    expect(screen.getByRole('form', { name: text.formLabel })).toBeInTheDocument();
    const email = screen.getByLabelText(text.email);
    const phone = screen.getByLabelText(text.phone);
    expect(email).toHaveValue(saved.email);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(phone).toHaveValue(saved.phone);
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByRole('combobox', { name: text.language })).toHaveDisplayValue('Español');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('names each refused field under it, counts them above the form, focuses the first and sends nothing', async () => {
    const { user } = renderForm(language);
    await user.clear(screen.getByLabelText(text.email));
    await user.type(screen.getByLabelText(text.email), 'ana@');
    await user.clear(screen.getByLabelText(text.phone));
    await user.type(screen.getByLabelText(text.phone), '12');
    await user.click(saveButton());

    const email = screen.getByLabelText(text.email);
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription(messages.validation.email);
    expect(screen.getByLabelText(text.phone)).toBeInvalid();
    expect(screen.getByLabelText(text.phone)).toHaveAccessibleDescription(messages.validation.phone);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(summary(2));
    expect(email).toHaveFocus();
    expect(saveMock).not.toHaveBeenCalled();

    await user.clear(email);
    await user.click(saveButton());
    expect(email).toHaveAccessibleDescription(messages.validation.required);
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('sends the new preferences, the phone in international form, and says they were saved', async () => {
    saveMock.mockResolvedValue({ ok: true });
    const { user } = renderForm(language);
    await user.clear(screen.getByLabelText(text.email));
    await user.type(screen.getByLabelText(text.email), 'ana.perez@example.com');
    await user.clear(screen.getByLabelText(text.phone));
    await user.type(screen.getByLabelText(text.phone), '6987-6543');
    await user.selectOptions(screen.getByRole('combobox', { name: text.language }), 'English');
    await user.click(saveButton());

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text.saved));
    expect(saveMock).toHaveBeenCalledTimes(1);
    expect(saveMock).toHaveBeenCalledWith({ email: 'ana.perez@example.com', phone: '+50769876543', language: 'en' });
    expect(screen.getAllByRole('alert').every((alert) => alert.textContent === '')).toBe(true);
  });

  it('keeps the button busy while saving and does not send twice on a double click', async () => {
    const answer = settleLater<{ ok: true }>();
    saveMock.mockReturnValue(answer.promise);
    const { user } = renderForm(language);
    await user.dblClick(saveButton());

    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-busy', 'true'));
    expect(saveButton()).toBeDisabled();
    expect(saveMock).toHaveBeenCalledTimes(1);
    answer.settle({ ok: true });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text.saved));
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(saveButton()).not.toHaveAttribute('aria-busy');
    expect(saveMock).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal under its field and above the form, focused, keeping what was typed', async () => {
    saveMock.mockResolvedValue({ ok: true });
    const { user } = renderForm(language);
    await user.click(saveButton());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text.saved));
    await waitFor(() => expect(saveButton()).toBeEnabled());

    saveMock.mockResolvedValue({ ok: false, errors: { phone: { message: 'validation.phone' } }, formError: { message: 'precheckin.errors.sessionExpired' } });
    await user.clear(screen.getByLabelText(text.phone));
    await user.type(screen.getByLabelText(text.phone), '+1 212 555 0100');
    await user.selectOptions(screen.getByRole('combobox', { name: text.language }), 'English');
    await user.click(saveButton());

    const phone = screen.getByLabelText(text.phone);
    await waitFor(() => expect(phone).toHaveAccessibleDescription(messages.validation.phone));
    expect(phone).toBeInvalid();
    expect(phone).toHaveFocus();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(messages.precheckin.errors.sessionExpired);
    // The earlier "saved" is not left up over a refusal.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(phone).toHaveValue('+1 212 555 0100');
    expect(screen.getByLabelText(text.email)).toHaveValue(saved.email);
    expect(screen.getByRole('combobox', { name: text.language })).toHaveValue('en');
  });
});
