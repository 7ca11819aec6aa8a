import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrecheckinFormInput } from '@rentacar/domain/precheckin';
import { catalogues, renderInLanguage, type Language } from '../../../../test/render-in-language';
import { savePrecheckinDetails } from '../precheckin-actions';
import { VerifyForm } from './verify-form';

vi.mock('../precheckin-actions', () => ({ savePrecheckinDetails: vi.fn() }));
const saveMock = vi.mocked(savePrecheckinDetails);

const RESERVATION_NUMBER = 'FF-000123';
const context = { pickupAt: '2026-12-23T10:00', returnAt: '2026-12-26T10:00', mainDriverName: 'Ana Pérez', minimumAge: 21 } as const;
const empty: PrecheckinFormInput = { licenseNumber: '', licenseCountry: '', licenseExpiry: '', idDocument: '', licenseFile: '', idFile: '', flightNumber: '', additionalDrivers: [], acceptedName: '' };

function renderForm(language: Language, defaults: PrecheckinFormInput = empty) {
  return renderInLanguage(
    language,
    <VerifyForm
      locale={language}
      draftKey={RESERVATION_NUMBER}
      context={context}
      countries={[
        { code: 'PA', name: 'Panamá' },
        { code: 'CR', name: 'Costa Rica' },
      ]}
      askFlight
      termsHref="/info/terminos-y-condiciones"
      defaults={defaults}
      savedDocuments={{}}
    />,
  );
}

describe.each(['es', 'en'] as const)('the pre-check-in driver details, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.precheckin.verify;
  const submit = () => screen.getByRole('button', { name: text.continue });

  beforeEach(() => {
    saveMock.mockReset();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts the renter on the first refused field of the page and names each one', async () => {
    const { user } = renderForm(language);
    await user.click(submit());

    expect(screen.getByLabelText(text.licenseNumber)).toHaveFocus();
    expect(screen.getByLabelText(text.licenseNumber)).toHaveAccessibleDescription(messages.validation.required);
    expect(screen.getByLabelText(text.licenseCountry)).toHaveAccessibleDescription(messages.validation.required);
    expect(screen.getByLabelText(text.licenseFile)).toHaveAccessibleDescription(expect.stringContaining(messages.validation.documentRequired));
    expect(screen.getByLabelText(text.acceptedName.replace('{name}', context.mainDriverName))).toBeInvalid();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('with only the scans missing, puts the renter on the licence upload rather than on its hidden reference', async () => {
    const { user } = renderForm(language, { ...empty, licenseNumber: 'PA-123456', licenseCountry: 'PA', licenseExpiry: '2030-01-31', idDocument: '8-888-888', acceptedName: 'Ana Pérez' });
    await user.click(submit());

    const licenceUpload = screen.getByLabelText(text.licenseFile);
    expect(licenceUpload).toHaveFocus();
    expect(licenceUpload).toHaveAccessibleDescription(expect.stringContaining(messages.validation.documentRequired));
    expect(screen.getByLabelText(text.idFile)).toBeInvalid();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('uploads a scan as soon as it is chosen, then sends the details with its reference', async () => {
    // The storefront answers a reference per stored scan; here, one named after the kind of document sent.
    const upload = vi.fn((_url: string, init: RequestInit) => {
      const kind = init.body instanceof FormData ? init.body.get('kind') : null;
      return Promise.resolve(new Response(JSON.stringify({ reference: `stored-${typeof kind === 'string' ? kind : 'unknown'}` }), { status: 201 }));
    });
    vi.stubGlobal('fetch', upload);
    saveMock.mockResolvedValue({ ok: true });
    const { user } = renderForm(language, { ...empty, licenseNumber: 'PA-123456', licenseCountry: 'PA', licenseExpiry: '2030-01-31', idDocument: '8-888-888', acceptedName: 'Ana Pérez' });

    await user.upload(screen.getByLabelText(text.licenseFile), new File(['licence'], 'licencia.png', { type: 'image/png' }));
    await user.upload(screen.getByLabelText(text.idFile), new File(['id'], 'cedula.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(text.uploaded.replace('{name}', 'licencia.png'))).toBeInTheDocument();
    expect(await screen.findByText(text.uploaded.replace('{name}', 'cedula.pdf'))).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[0]?.[0]).toBe(`/api/precheckin/documents?locale=${language}`);

    await user.click(submit());
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
    expect(saveMock).toHaveBeenCalledWith(language, expect.objectContaining({ licenseNumber: 'PA-123456', licenseFile: 'stored-license', idFile: 'stored-id', acceptedName: 'Ana Pérez' }));
  });

  it('shows the upload’s refusal under it and keeps the form unsent', async () => {
    const refusal = language === 'es' ? 'El archivo no es una imagen ni un PDF' : 'The file is not an image or a PDF';
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ errors: [{ field: 'file', code: 'invalid_type', message: refusal }] }), { status: 422 }))));
    const { user } = renderForm(language);

    const licenceUpload = screen.getByLabelText(text.licenseFile);
    await user.upload(licenceUpload, new File(['x'], 'notes.png', { type: 'image/png' }));
    await waitFor(() => expect(licenceUpload).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(licenceUpload).toBeInvalid();
  });

  it('keeps what was typed across a reload of the page, in this tab', async () => {
    const first = renderForm(language);
    await first.user.type(screen.getByLabelText(text.idDocument), '8-888-888');
    await first.user.selectOptions(screen.getByLabelText(text.licenseCountry), 'CR');
    first.unmount();

    renderForm(language);
    await waitFor(() => expect(screen.getByLabelText(text.idDocument)).toHaveValue('8-888-888'));
    expect(screen.getByLabelText(text.licenseCountry)).toHaveValue('CR');
  });
});
