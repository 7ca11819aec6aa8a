import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage, type Language } from '../../../../test/render-in-language';
import { saveCoverage } from '../booking-actions';
import { CoverageStep, type StepCoverage } from './coverage-step';

vi.mock('../booking-actions', () => ({ saveCoverage: vi.fn() }));
const saveCoverageMock = vi.mocked(saveCoverage);

const coverages: StepCoverage[] = [
  { id: '1', name: 'BASIC', description: 'Third-party liability', benefits: ['Third-party liability'], includedExtras: [], dailyPrice: '$15.00', deductible: '$1,500.00', includesEra: false, recommended: false },
  { id: '3', name: 'FULL', description: 'Everything covered', benefits: ['Theft', 'Collision'], includedExtras: ['Additional driver'], dailyPrice: '$32.50', deductible: undefined, includesEra: true, recommended: true },
];

function renderStep(language: Language, initial: { coverageId: string | undefined; era: boolean } = { coverageId: undefined, era: false }) {
  return renderInLanguage(language, <CoverageStep locale={language} coverages={coverages} initial={initial} eraDailyPrice="$8.99" backHref="/reserva?paso=location" />);
}

describe.each(['es', 'en'] as const)('the coverage step, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.coverage;
  const continueButton = () => screen.getByRole('button', { name: messages.booking.continue });
  const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });

  beforeEach(() => {
    saveCoverageMock.mockReset();
  });

  it('lays the coverages side by side with their daily price, deductible and what each includes', () => {
    renderStep(language);
    expect(screen.getByRole('group', { name: text.legend })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(radio('BASIC')).toHaveAccessibleName(expect.stringContaining(text.perDay.replace('{price}', '$15.00')));
    expect(radio('BASIC')).toHaveAccessibleName(expect.stringContaining(text.deductible.replace('{amount}', '$1,500.00')));
    expect(radio('FULL')).toHaveAccessibleName(expect.stringContaining(text.noDeductible));
    expect(radio('FULL')).toHaveAccessibleName(expect.stringContaining(text.recommended));
    expect(radio('FULL')).toHaveAccessibleName(expect.stringContaining(text.includesEra.replace('{price}', '$8.99')));
    // What a coverage includes at no cost is named from its data, not from staff's free text.
    expect(radio('FULL')).toHaveAccessibleName(expect.stringContaining(messages.booking.included.benefit.replace('{name}', 'Additional driver')));
    expect(radio('BASIC')).not.toHaveAccessibleName(expect.stringContaining('Additional driver'));
  });

  it('refuses to continue without a coverage, with its own message, and sends nothing', async () => {
    const { user } = renderStep(language);
    await user.click(continueButton());

    expect(screen.getByRole('group', { name: text.legend })).toHaveAccessibleDescription(messages.validation.coverageRequired);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(messages.validation.coverageRequired);
    expect(radio('BASIC')).toHaveFocus();
    expect(saveCoverageMock).not.toHaveBeenCalled();
  });

  it('offers roadside assistance with its price, and says it is included once a coverage that has it is chosen', async () => {
    const { user } = renderStep(language);
    const era = screen.getByRole('checkbox', { name: text.eraTitle });
    expect(screen.getByText(text.eraDescription.replace('{price}', '$8.99'))).toBeInTheDocument();
    expect(era).not.toBeChecked();

    await user.click(radio('FULL'));
    expect(screen.queryByRole('checkbox', { name: text.eraTitle })).not.toBeInTheDocument();
    // Its price is in the coverage's: the box names the coverage and the daily amount it already holds, and offers nothing.
    expect(screen.getByText(text.eraIncluded.replace('{coverage}', 'FULL').replace('{price}', '$8.99'))).toBeInTheDocument();

    await user.click(radio('BASIC'));
    await user.click(screen.getByRole('checkbox', { name: text.eraTitle }));
    saveCoverageMock.mockResolvedValue({ ok: true });
    await user.click(continueButton());
    await waitFor(() => expect(saveCoverageMock).toHaveBeenCalledWith(language, { coverageId: '1', era: true }));
  });

  it('comes back with the draft’s choice and moves with the arrow keys', async () => {
    const { user } = renderStep(language, { coverageId: '3', era: false });
    expect(radio('FULL')).toBeChecked();
    await user.click(radio('FULL'));
    await user.keyboard('{ArrowLeft}');
    expect(radio('BASIC')).toBeChecked();
    expect(radio('BASIC')).toHaveFocus();
  });

  it('shows the server’s refusal above the form and keeps the choice', async () => {
    saveCoverageMock.mockResolvedValue({ ok: false, errors: {}, formError: { message: 'booking.errors.serviceUnavailable' } });
    const { user } = renderStep(language, { coverageId: '1', era: true });
    await user.click(continueButton());

    expect(await screen.findByText(messages.booking.errors.serviceUnavailable)).toBeInTheDocument();
    expect(radio('BASIC')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: text.eraTitle })).toBeChecked();
  });
});
