import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_CV_BYTES } from '@rentacar/domain/jobs';
import { catalogues, errorSummaryText, renderInLanguage, type Language } from '../../../test/render-in-language';
import { JobApplicationForm } from './job-application-form';

const JOB_ID = '7';

function renderForm(language: Language) {
  return renderInLanguage(language, <JobApplicationForm locale={language} jobId={JOB_ID} />);
}

/** Stands in for the storefront's /api/jobs/applications: answers `status` with `body` (JSON unless a string). */
function stubEndpoint(status: number, body: unknown = status === 201 ? { ok: true } : {}) {
  const endpoint = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', endpoint);
  return endpoint;
}

const applicant = { name: 'Ana Pérez', email: 'ana@example.com', phone: '6123-4567', message: 'Tengo licencia y conozco la ciudad.' };
const pdf = () => new File(['%PDF-1.7 curriculum'], 'cv-ana.pdf', { type: 'application/pdf' });

describe.each(['es', 'en'] as const)('the job application form, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.jobs.application;
  const errors = messages.jobs.errors;
  const validation = messages.validation;
  const submit = () => screen.getByRole('button', { name: text.submit });
  const cvInput = () => screen.getByLabelText(text.cv);
  const summary = (count: number) => errorSummaryText(language, count);

  async function fillIn(user: ReturnType<typeof renderForm>['user'], values: Partial<typeof applicant> = applicant) {
    const labels = { name: text.name, email: text.email, phone: text.phone, message: text.message };
    for (const [name, value] of Object.entries(values)) {
      await user.type(screen.getByLabelText(labels[name as keyof typeof labels]), value);
    }
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names every missing field, the CV included, counts them above the form, focuses the first and sends nothing', async () => {
    const endpoint = stubEndpoint(201);
    const { user } = renderForm(language);
    await user.click(submit());

    for (const label of [text.name, text.email, text.phone]) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(validation.required);
      expect(screen.getByLabelText(label)).toBeInvalid();
    }
    // The message is optional.
    expect(screen.getByLabelText(text.message)).not.toBeInvalid();
    expect(cvInput()).toHaveAccessibleDescription(`${text.cvHint} ${errors.cvRequired}`);
    expect(cvInput()).toBeInvalid();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(summary(4));
    expect(screen.getByLabelText(text.name)).toHaveFocus();
    expect(endpoint).not.toHaveBeenCalled();
  });

  it('with only the CV missing, asks for it and puts the applicant on its field', async () => {
    const endpoint = stubEndpoint(201);
    const { user } = renderForm(language);
    await fillIn(user);
    await user.click(submit());

    expect(cvInput()).toHaveAccessibleDescription(`${text.cvHint} ${errors.cvRequired}`);
    expect(cvInput()).toBeInvalid();
    expect(cvInput()).toHaveFocus();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(summary(1));
    expect(endpoint).not.toHaveBeenCalled();
  });

  it('labels each field for the browser’s autofill and asks a PDF for the CV', () => {
    renderForm(language);
    expect(screen.getByRole('form', { name: text.formLabel })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: text.name })).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByRole('textbox', { name: text.email })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('textbox', { name: text.email })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: text.phone })).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByRole('textbox', { name: text.phone })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: text.message })).toBeInTheDocument();
    expect(cvInput()).toHaveAttribute('type', 'file');
    expect(cvInput()).toHaveAttribute('accept', 'application/pdf');
    expect(cvInput()).toHaveAccessibleDescription(text.cvHint);
    expect(cvInput()).not.toBeInvalid();
  });

  it('refuses a CV over 5 MB as soon as it is chosen, and sends nothing with it', async () => {
    const endpoint = stubEndpoint(201);
    const { user } = renderForm(language);
    await fillIn(user);
    await user.upload(cvInput(), new File([new Uint8Array(MAX_CV_BYTES + 1)], 'cv-enorme.pdf', { type: 'application/pdf' }));

    const tooLarge = errors.cvTooLarge.replace('{megabytes}', '5');
    expect(cvInput()).toHaveAccessibleDescription(`${text.cvHint} ${tooLarge}`);
    await user.click(submit());
    expect(cvInput()).toHaveAccessibleDescription(`${text.cvHint} ${tooLarge}`);
    expect(cvInput()).toHaveFocus();
    expect(endpoint).not.toHaveBeenCalled();

    await user.upload(cvInput(), pdf());
    expect(cvInput()).not.toBeInvalid();
    await user.click(submit());
    await waitFor(() => expect(endpoint).toHaveBeenCalledTimes(1));
  });

  it('sends one multipart request with the offer, the details and the CV, then thanks the applicant', async () => {
    const endpoint = stubEndpoint(201);
    const { user } = renderForm(language);
    await fillIn(user);
    const cv = pdf();
    await user.upload(cvInput(), cv);
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(text.sent);
    expect(endpoint).toHaveBeenCalledTimes(1);
    const [url, init] = endpoint.mock.calls[0] ?? [];
    expect(url).toBe(`/api/jobs/applications?locale=${language}`);
    expect(init?.method).toBe('POST');
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = body instanceof FormData ? body : new FormData();
    expect(Object.fromEntries([...sent.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({ job: JOB_ID, ...applicant, phone: '+50761234567' });
    const file = sent.get('cv');
    expect(file).toBeInstanceOf(File);
    expect(file instanceof File ? file.name : undefined).toBe('cv-ana.pdf');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows the server’s reasons under their fields and above the form, on the first refused field, keeping everything typed', async () => {
    const emailReason = language === 'es' ? 'Este correo no recibe mensajes' : 'This address takes no mail';
    const phoneReason = language === 'es' ? 'Este teléfono no existe' : 'This phone does not exist';
    stubEndpoint(422, {
      errors: [
        { field: 'email', code: 'invalid', message: emailReason },
        { field: 'phone', code: 'invalid', message: phoneReason },
        { field: 'job', code: 'job_not_open', message: errors.jobClosed },
      ],
    });
    const { user } = renderForm(language);
    await fillIn(user);
    await user.upload(cvInput(), pdf());
    await user.click(submit());

    const email = screen.getByLabelText(text.email);
    await waitFor(() => expect(email).toHaveAccessibleDescription(emailReason));
    expect(screen.getByLabelText(text.phone)).toHaveAccessibleDescription(phoneReason);
    expect(email).toHaveFocus();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(errors.jobClosed);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText(text.name)).toHaveValue(applicant.name);
    expect(email).toHaveValue(applicant.email);
    expect(screen.getByLabelText(text.phone)).toHaveValue(applicant.phone);
    expect(screen.getByLabelText(text.message)).toHaveValue(applicant.message);
  });

  it('shows a CV the server refused under the CV and puts the applicant there', async () => {
    stubEndpoint(415, { errors: [{ field: 'cv', code: 'file_type_not_allowed', message: errors.cvType }] });
    const { user } = renderForm(language);
    await fillIn(user);
    await user.upload(cvInput(), pdf());
    await user.click(submit());

    await waitFor(() => expect(cvInput()).toHaveAccessibleDescription(`${text.cvHint} ${errors.cvType}`));
    expect(cvInput()).toBeInvalid();
    expect(cvInput()).toHaveFocus();
    expect(screen.getByLabelText(text.name)).not.toBeInvalid();
    expect(screen.getByLabelText(text.name)).toHaveValue(applicant.name);
  });

  it('says the application could not be sent when the server answers no reason, keeping everything typed', async () => {
    const endpoint = stubEndpoint(503, '<html>Bad gateway</html>');
    const { user } = renderForm(language);
    await fillIn(user);
    await user.upload(cvInput(), pdf());
    await user.click(submit());

    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(errors.uploadFailed));
    expect(endpoint).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText(text.email)).toHaveValue(applicant.email);
    // The refusal is said as soon as the answer is read; the button says "Send" again once the sending has ended.
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('says the application could not be sent when the server cannot be reached', async () => {
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', offline);
    const { user } = renderForm(language);
    await fillIn(user);
    await user.upload(cvInput(), pdf());
    await user.click(submit());

    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(errors.uploadFailed));
    expect(offline).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText(text.name)).toHaveValue(applicant.name);
  });

  it('is busy while sending, and sends once', async () => {
    let answer: (response: Response) => void = () => undefined;
    const endpoint = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', endpoint);
    const { user } = renderForm(language);
    await fillIn(user);
    await user.upload(cvInput(), pdf());
    await user.click(submit());

    const busy = await screen.findByRole('button', { name: text.sending });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(endpoint).toHaveBeenCalledTimes(1);

    answer(new Response(JSON.stringify({ ok: true }), { status: 201 }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.sent);
  });
});
