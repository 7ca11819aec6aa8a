import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, errorSummaryText, renderInLanguage, type Language } from '../../../test/render-in-language';
import { CorporateLeadForm } from './corporate-lead-form';
import { submitCorporateLead } from './lead-actions';

vi.mock('./lead-actions', () => ({ submitCorporateLead: vi.fn() }));
const submitMock = vi.mocked(submitCorporateLead);

const SOURCE_PAGE = '/info/planes-corporativos';

function renderForm(language: Language) {
  return renderInLanguage(language, <CorporateLeadForm locale={language} sourcePage={SOURCE_PAGE} />);
}

const lead = { company: 'Transportes del Istmo', contactName: 'Ana Pérez', email: 'ana@istmo.com.pa', phone: '6123-4567', fleetSize: '12', message: 'Diez sedanes y dos pick-ups por un año.' };

describe.each(['es', 'en'] as const)('the corporate contact form, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.corporate;
  const validation = messages.validation;
  const submit = () => screen.getByRole('button', { name: text.submit });
  const summary = (count: number) => errorSummaryText(language, count);

  async function fillIn(user: ReturnType<typeof renderForm>['user'], values: Partial<typeof lead> = lead) {
    const labels = { company: text.company, contactName: text.contactName, email: text.email, phone: text.phone, fleetSize: text.fleetSize, message: text.message };
    for (const [name, value] of Object.entries(values)) {
      await user.type(screen.getByLabelText(labels[name as keyof typeof labels]), value);
    }
  }

  beforeEach(() => {
    submitMock.mockReset();
  });

  it('names every missing field under it, counts them above the form, focuses the first and sends nothing', async () => {
    const { user } = renderForm(language);
    await user.click(submit());

    for (const label of [text.company, text.contactName, text.email, text.phone, text.fleetSize, text.message]) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(validation.required);
      expect(screen.getByLabelText(label)).toBeInvalid();
    }
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(summary(6));
    expect(screen.getByLabelText(text.company)).toHaveFocus();
    expect(submitMock).not.toHaveBeenCalled();
  });

  it('refuses an address, a phone and a number of cars that are not ones, on the first of them', async () => {
    const { user } = renderForm(language);
    await fillIn(user, { ...lead, email: 'ana@', phone: '12', fleetSize: 'diez' });
    await user.click(submit());

    expect(screen.getByLabelText(text.email)).toHaveAccessibleDescription(validation.email);
    expect(screen.getByLabelText(text.phone)).toHaveAccessibleDescription(validation.phone);
    expect(screen.getByLabelText(text.fleetSize)).toHaveAccessibleDescription(validation.fleetSize);
    expect(screen.getByLabelText(text.company)).not.toBeInvalid();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(summary(3));
    expect(screen.getByLabelText(text.email)).toHaveFocus();
    expect(submitMock).not.toHaveBeenCalled();
  });

  it('labels each field for the browser’s autofill, asking numbers of the fleet size', () => {
    renderForm(language);
    expect(screen.getByRole('form', { name: text.formLabel })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: text.company })).toHaveAttribute('autocomplete', 'organization');
    expect(screen.getByRole('textbox', { name: text.contactName })).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByRole('textbox', { name: text.email })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('textbox', { name: text.email })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: text.phone })).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByRole('textbox', { name: text.phone })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: text.fleetSize })).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('textbox', { name: text.message })).toBeInTheDocument();
  });

  it('keeps the bot trap out of sight and out of the tab order', async () => {
    const { user } = renderForm(language);
    expect(screen.queryByRole('textbox', { name: text.website })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: text.website, hidden: true })).toHaveAttribute('tabindex', '-1');

    const visited: (string | null)[] = [];
    for (let step = 0; step < 7; step += 1) {
      await user.tab();
      visited.push(document.activeElement?.id ?? null);
    }
    expect(visited).not.toContain('lead-website');
    expect(document.activeElement).toBe(submit());
  });

  it('sends the lead with its page, the phone in international form and the trap empty, then thanks the sender', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const { user } = renderForm(language);
    await fillIn(user);
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(text.sent);
    expect(submitMock).toHaveBeenCalledTimes(1);
    expect(submitMock).toHaveBeenCalledWith(language, SOURCE_PAGE, { ...lead, phone: '+50761234567', website: '' });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('passes on what a bot typed into the trap, for the server to drop the lead', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const { user } = renderForm(language);
    await fillIn(user);
    await user.type(screen.getByRole('textbox', { name: text.website, hidden: true }), 'https://spam.example');
    await user.click(submit());

    await waitFor(() => expect(submitMock).toHaveBeenCalledTimes(1));
    expect(submitMock).toHaveBeenCalledWith(language, SOURCE_PAGE, expect.objectContaining({ company: lead.company, website: 'https://spam.example' }));
  });

  it('is busy while sending, and sends once', async () => {
    let answer: (result: Awaited<ReturnType<typeof submitCorporateLead>>) => void = () => undefined;
    submitMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderForm(language);
    await fillIn(user);
    await user.click(submit());

    const busy = await screen.findByRole('button', { name: text.sending });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(submitMock).toHaveBeenCalledTimes(1);

    answer({ ok: true });
    expect(await screen.findByRole('status')).toHaveTextContent(text.sent);
  });

  it('shows the server’s refusal under its field and above the form, keeping everything typed', async () => {
    submitMock.mockResolvedValue({ ok: false, errors: { phone: { message: 'validation.phone' } }, formError: { message: 'booking.errors.rateLimited', params: { seconds: 60 } } });
    const { user } = renderForm(language);
    await fillIn(user);
    await user.click(submit());

    const phone = screen.getByLabelText(text.phone);
    await waitFor(() => expect(phone).toHaveAccessibleDescription(validation.phone));
    expect(phone).toHaveFocus();
    expect(phone).toBeInvalid();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(messages.booking.errors.rateLimited.replace('{seconds}', '60'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText(text.company)).toHaveValue(lead.company);
    expect(screen.getByLabelText(text.email)).toHaveValue(lead.email);
    expect(phone).toHaveValue(lead.phone);
    expect(screen.getByLabelText(text.message)).toHaveValue(lead.message);
  });
});
