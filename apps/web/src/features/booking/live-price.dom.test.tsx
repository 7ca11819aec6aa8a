import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage, settleLater } from '../../../test/render-in-language';
import { previewDraftPrice, type PanelPriceResult } from './booking-actions';
import type { PanelPrice } from '@/features/pricing';
import { LiveCoverageFact, LivePanelPrice, LivePriceProvider } from './live-price';
import { CoverageStep, type StepCoverage } from './steps/coverage-step';
import { ExtrasStep, type StepExtra } from './steps/extras-step';

vi.mock('./booking-actions', () => ({ previewDraftPrice: vi.fn(), saveCoverage: vi.fn(), saveExtras: vi.fn() }));
const preview = vi.mocked(previewDraftPrice);

const coverages: StepCoverage[] = [
  { id: '1', name: 'BASIC', description: '', benefits: [], includedExtras: [], dailyPrice: '$12.99', deductible: '$1,500.00', includesEra: false, recommended: false },
  { id: '3', name: 'PREMIUM', description: '', benefits: [], includedExtras: ['Additional driver'], dailyPrice: '$32.99', deductible: undefined, includesEra: true, recommended: false },
];
const extras: StepExtra[] = [{ code: 'ADDITIONAL_DRIVER', name: 'Additional driver', description: '', dailyPrice: '$8.00', capPerRental: '$80.00', maxQuantity: 2, includedIn: undefined }];

const from: PanelPrice = { kind: 'from', total: '$150.00' };
const premiumBill = (driver: boolean): Extract<PanelPrice, { kind: 'bill' }> => ({
  kind: 'bill',
  coverageName: 'Premium Protection',
  total: '$260.00',
  lines: [
    { code: 'car', label: 'Car: 3 days × $40.00', amount: '$120.00', credit: false, included: false },
    { code: 'coverage', label: 'Coverage: Premium Protection', amount: '$98.97', credit: false, included: false },
    ...(driver ? [{ code: 'extra.ADDITIONAL_DRIVER', label: 'Additional driver × 1 (included in Premium Protection)', amount: '$0.00', credit: false, included: true }] : []),
  ],
});

function renderCoverageStep(language: 'es' | 'en', initial: PanelPrice = from) {
  return renderInLanguage(
    language,
    <LivePriceProvider locale={language} initial={initial}>
      <CoverageStep locale={language} coverages={coverages} initial={{ coverageId: undefined, era: false }} eraDailyPrice="$3.99" backHref="/reserva" />
      <dl>
        <LiveCoverageFact saved={undefined} />
      </dl>
      <LivePanelPrice />
    </LivePriceProvider>,
  );
}

describe.each(['es', 'en'] as const)('the price panel beside the steps, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.livePrice;
  const total = () => screen.getByTestId('bill-total');
  const announcement = () => screen.getByTestId('price-announcement');

  beforeEach(() => {
    preview.mockReset();
  });

  it('names no coverage before one is chosen, and shows the lowest total as such', () => {
    renderCoverageStep(language);
    expect(screen.getByTestId('bill')).toHaveTextContent(text.fromTotal);
    expect(total()).toHaveTextContent('$150.00');
    expect(screen.getByTestId('step-total')).toHaveTextContent(`${text.fromTotal} $150.00`);
    expect(screen.queryByTestId('summary-coverage')).not.toBeInTheDocument();
    expect(screen.getByTestId('bill')).not.toHaveTextContent(/Premium|BASIC/);
    expect(announcement()).toHaveTextContent('');
  });

  it('asks the server for the price of a coverage as soon as it is picked, shows it and announces the new total once', async () => {
    preview.mockResolvedValue({ ok: true, price: premiumBill(false) });
    const { user } = renderCoverageStep(language);
    await user.click(screen.getByRole('radio', { name: /^PREMIUM/ }));

    await waitFor(() => expect(total()).toHaveTextContent('$260.00'));
    expect(preview).toHaveBeenCalledTimes(1);
    expect(preview).toHaveBeenCalledWith(language, { coverageId: '3', era: false });
    expect(screen.getByTestId('summary-coverage')).toHaveTextContent('Premium Protection');
    // The total above Continue (for phones, where the panel is below the form) follows too.
    expect(screen.getByTestId('step-total')).toHaveTextContent(`${messages.booking.bill.total} $260.00`);
    expect(announcement()).toHaveTextContent(text.announce.replace('{total}', '$260.00'));
    expect(announcement()).toHaveAttribute('aria-live', 'polite');
  });

  it('shows the price of the last choice when an earlier one is answered after it', async () => {
    const basic = settleLater<PanelPriceResult>();
    preview.mockImplementation((_locale, choices) => ((choices as { coverageId: string }).coverageId === '1' ? basic.promise : Promise.resolve({ ok: true, price: premiumBill(false) })));
    const { user } = renderCoverageStep(language);
    await user.click(screen.getByRole('radio', { name: /^BASIC/ }));
    await user.click(screen.getByRole('radio', { name: /^PREMIUM/ }));

    await waitFor(() => expect(total()).toHaveTextContent('$260.00'));
    expect(preview).toHaveBeenLastCalledWith(language, { coverageId: '3', era: false });
    // Basic's answer, if it was asked for at all, arrives late and changes nothing.
    basic.settle({ ok: true, price: { ...premiumBill(false), coverageName: 'Basic Protection', total: '$180.00' } });
    await Promise.resolve();
    expect(total()).toHaveTextContent('$260.00');
    expect(screen.getByTestId('summary-coverage')).toHaveTextContent('Premium Protection');
  });

  it('keeps the last price, marked as not updated, when the server cannot price the choice', async () => {
    const answer = settleLater<PanelPriceResult>();
    preview.mockReturnValue(answer.promise);
    const { user } = renderCoverageStep(language, premiumBill(false));
    await user.click(screen.getByRole('radio', { name: /^BASIC/ }));
    await waitFor(() => expect(preview).toHaveBeenCalled());
    // While the server prices it, the old price stays in place (busy), nothing is announced yet.
    expect(screen.getByTestId('bill').parentElement).toHaveAttribute('aria-busy', 'true');
    expect(total()).toHaveTextContent('$260.00');
    answer.settle({ ok: false });

    await waitFor(() => expect(screen.getByTestId('price-not-updated')).toHaveTextContent(text.failed));
    expect(total()).toHaveTextContent('$260.00');
    expect(announcement()).toHaveTextContent(text.failed);
  });

  it('treats a call that never reached the server like a refusal', async () => {
    preview.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderCoverageStep(language);
    await user.click(screen.getByRole('radio', { name: /^PREMIUM/ }));
    await waitFor(() => expect(screen.getByTestId('price-not-updated')).toBeInTheDocument());
    expect(total()).toHaveTextContent('$150.00');
  });

  it('prices an extra as soon as its quantity changes, and shows one the coverage includes as included', async () => {
    preview.mockResolvedValue({ ok: true, price: premiumBill(true) });
    const { user } = renderInLanguage(
      language,
      <LivePriceProvider locale={language} initial={premiumBill(false)}>
        <ExtrasStep locale={language} extras={extras} deliveryOptions={[]} youngDriverBands={[]} initial={{ extras: [], deliveryOptionId: undefined }} backHref="/reserva" />
        <LivePanelPrice />
      </LivePriceProvider>,
    );
    await user.selectOptions(screen.getByLabelText(messages.booking.extras.quantity.replace('{name}', 'Additional driver')), '1');

    await waitFor(() => expect(screen.getByTestId('bill')).toHaveTextContent('Additional driver × 1'));
    expect(preview).toHaveBeenCalledWith(language, { extras: [{ code: 'ADDITIONAL_DRIVER', quantity: 1 }], deliveryOptionId: '' });
    const driver = screen.getByTestId('bill').querySelector('[data-line="extra.ADDITIONAL_DRIVER"]');
    expect(driver).not.toBeNull();
    expect(driver).toHaveAttribute('data-included');
    expect(within(driver as HTMLElement).getByText(text.included)).toBeInTheDocument();
    expect(driver).toHaveTextContent('$0.00');
  });
});
