import { screen, waitFor, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpeningHours } from '@rentacar/domain/dates';
import { catalogues, countIntlUse, renderInLanguage, type Language } from '../../../../test/render-in-language';
import { saveLocation } from '../booking-actions';
import { LocationStep, type LocationFormProps } from './location-step';

vi.mock('../booking-actions', () => ({ saveLocation: vi.fn() }));
const saveLocationMock = vi.mocked(saveLocation);

// Tuesday 22 December 2026, 10:00 in Panama (UTC-5).
const NOW = new Date('2026-12-22T15:00:00Z');

const weekdays: OpeningHours = [
  { days: [1, 2, 3, 4, 5], open: '08:00', close: '18:00' },
  { days: [6], open: '09:00', close: '12:00' },
];
const allDay: OpeningHours = [{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }];

const props: LocationFormProps = {
  branches: [
    { id: '1', name: 'Aeropuerto de Tocumen', openingHours: allDay },
    { id: '2', name: 'Obarrio', openingHours: weekdays },
  ],
  initial: { pickupBranch: '2', returnBranch: '2', pickupAt: '2026-12-28T10:00', returnAt: '2026-12-31T10:00' },
  today: '2026-12-22',
  minimumDays: 3,
  maximumDays: 30,
  minimumDaysHint: 'set per language by renderStep',
  sameDayNoticeHours: 2,
  sameDayWarning: 'set per language by renderStep',
  disableReservationsUntil: undefined,
  disabledUntilNote: undefined,
};

/** The texts the server formats for the form (location-form-props.ts), in the page's language. */
function serverTexts(language: Language) {
  const t = createTranslator({ locale: language, messages: catalogues[language], namespace: 'booking.location' });
  return { minimumDaysHint: t('minimumDays', { days: props.minimumDays }), sameDayWarning: t('sameDayWarning', { hours: props.sameDayNoticeHours }) };
}

function renderStep(language: Language, overrides: Partial<LocationFormProps> = {}) {
  return renderInLanguage(language, <LocationStep locale={language} {...props} {...serverTexts(language)} {...overrides} />);
}

/** `count` slots 30 minutes apart from `first`: the last one starts half an hour before the branch closes. */
function halfHoursFrom(first: string, count: number): string[] {
  const [hours = 0, minutes = 0] = first.split(':').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const total = hours * 60 + minutes + index * 30;
    return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  });
}

function optionsOf(select: HTMLElement): string[] {
  return within(select).getAllByRole('option').map((option) => option.textContent ?? '');
}

describe.each(['es', 'en'] as const)('the location step, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.location;
  const validation = messages.validation;
  const continueButton = () => screen.getByRole('button', { name: messages.booking.continue });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    saveLocationMock.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the times are Panama’s and offers the branch’s 30-minute slots for the chosen day', async () => {
    const { user } = renderStep(language);
    expect(screen.getByRole('form', { name: text.title })).toHaveAccessibleDescription(text.timezoneNote);

    const pickupTime = screen.getByLabelText(text.pickupTime);
    expect(optionsOf(pickupTime)).toEqual(halfHoursFrom('08:00', 20));

    // Saturday: the branch opens 09:00 to 12:00; Sunday it is closed, and the step says so.
    const pickupDay = screen.getByLabelText(text.pickupDate);
    await user.clear(pickupDay);
    await user.type(pickupDay, '2026-12-26');
    expect(optionsOf(pickupTime)).toEqual(halfHoursFrom('09:00', 6));
    await user.clear(pickupDay);
    await user.type(pickupDay, '2026-12-27');
    expect(pickupTime).toHaveAccessibleDescription(text.closedThatDay);
  });

  it('warns of the same-day notice and refuses a pickup 90 minutes from now', async () => {
    const { user } = renderStep(language, { initial: { ...props.initial, pickupBranch: '1', returnBranch: '1' } });
    const pickupDay = screen.getByLabelText(text.pickupDate);
    await user.clear(pickupDay);
    await user.type(pickupDay, '2026-12-22');
    expect(pickupDay).toHaveAccessibleDescription(text.sameDayWarning.replace('{hours}', '2'));
    await user.selectOptions(screen.getByLabelText(text.pickupTime), '11:30');
    await user.click(continueButton());

    expect(pickupDay).toHaveAccessibleDescription(expect.stringContaining(validation.minimumNotice.replace('{hours}', '2')));
    expect(saveLocationMock).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText(text.pickupTime), '12:00');
    saveLocationMock.mockResolvedValue({ ok: true });
    await user.click(continueButton());
    await waitFor(() => expect(saveLocationMock).toHaveBeenCalledTimes(1));
  });

  it('refuses fewer days than the car’s minimum, under the return date', async () => {
    const { user } = renderStep(language);
    const returnDay = screen.getByLabelText(text.returnDate);
    await user.clear(returnDay);
    await user.type(returnDay, '2026-12-30');
    await user.click(continueButton());

    expect(returnDay).toHaveAccessibleDescription(expect.stringContaining(validation.minimumDays.replace('{days}', '3')));
    expect(returnDay).toHaveFocus();
    expect(saveLocationMock).not.toHaveBeenCalled();
  });

  it('refuses more days than the brand books online, under the return date', async () => {
    const { user } = renderStep(language);
    const returnDay = screen.getByLabelText(text.returnDate);
    await user.clear(returnDay);
    await user.type(returnDay, '2027-02-01');
    await user.click(continueButton());

    expect(returnDay).toHaveAccessibleDescription(expect.stringContaining(validation.maximumDays.replace('{days}', '30')));
    expect(saveLocationMock).not.toHaveBeenCalled();
  });

  it('renders its first view without Intl: the browser’s first Intl call loads its locale data, kept out of hydration', () => {
    const texts = serverTexts(language);
    expect(countIntlUse(() => renderInLanguage(language, <LocationStep locale={language} {...props} {...texts} />))).toBe(0);
    expect(screen.getByLabelText(text.returnDate)).toHaveAccessibleDescription(texts.minimumDaysHint);
  });

  it('refuses a pickup before the brand opens its bookings and says from when they are open', async () => {
    const disabledUntilNote = text.disabledUntil.replace('{date}', language === 'es' ? '4 de enero de 2027' : 'January 4, 2027');
    const { user } = renderStep(language, { disableReservationsUntil: '2027-01-04', disabledUntilNote });
    expect(screen.getByText(disabledUntilNote)).toBeInTheDocument();
    expect(screen.getByLabelText(text.pickupDate)).toHaveAttribute('min', '2027-01-04');
    await user.click(continueButton());

    expect(screen.getByLabelText(text.pickupDate)).toHaveAccessibleDescription(expect.stringContaining(validation.disabledUntil));
    expect(saveLocationMock).not.toHaveBeenCalled();
  });

  it('returns to the pickup branch unless the renter asks for another, and sends Panama date-times', async () => {
    saveLocationMock.mockResolvedValue({ ok: true });
    const { user } = renderStep(language);
    expect(screen.queryByLabelText(text.returnBranch)).not.toBeInTheDocument();
    await user.click(continueButton());
    await waitFor(() => expect(saveLocationMock).toHaveBeenCalledWith(language, { pickupBranch: '2', returnBranch: '2', pickupAt: '2026-12-28T10:00', returnAt: '2026-12-31T10:00' }));

    await user.click(screen.getByRole('checkbox', { name: text.sameBranch }));
    await user.selectOptions(screen.getByLabelText(text.returnBranch), 'Aeropuerto de Tocumen');
    await user.click(continueButton());
    await waitFor(() => expect(saveLocationMock).toHaveBeenLastCalledWith(language, expect.objectContaining({ pickupBranch: '2', returnBranch: '1' })));
  });

  it('puts the server’s refusal of the pickup under the pickup date, keeping the choices', async () => {
    saveLocationMock.mockResolvedValue({ ok: false, errors: { pickupAt: { message: 'booking.errors.soldOut' } } });
    const { user } = renderStep(language);
    await user.click(continueButton());

    const pickupDay = screen.getByLabelText(text.pickupDate);
    await waitFor(() => expect(pickupDay).toHaveAccessibleDescription(messages.booking.errors.soldOut));
    expect(pickupDay).toHaveFocus();
    expect(pickupDay).toHaveValue('2026-12-28');
    expect(screen.getByLabelText(text.pickupTime)).toHaveValue('10:00');
  });
});
