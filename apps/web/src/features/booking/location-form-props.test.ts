import { createTranslator } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../test/render-in-language';
import { locationFormProps } from './location-form-props';

// The server's translator, as getTranslations gives it on a page of that language.
vi.mock('next-intl/server', () => ({
  getTranslations: ({ locale, namespace }: { locale: 'es' | 'en'; namespace: 'booking.location' }) =>
    Promise.resolve(createTranslator({ locale, messages: catalogues[locale], namespace })),
}));

const site = { reservationMinDays: 2, reservationMaxDays: 30, sameDayNoticeHours: 2, disableReservationsUntil: undefined };
const initial = { pickupBranch: '1', returnBranch: '1', pickupAt: '2026-12-28T10:00', returnAt: '2026-12-31T10:00' };
const branches = [{ id: '1', name: 'Aeropuerto de Tocumen', openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }] }];

describe('locationFormProps', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 22:30 on Tuesday 22 December in Panama, already the 23rd in UTC.
    vi.setSystemTime(new Date('2026-12-23T03:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the form Panama’s date, not the server’s UTC one', async () => {
    expect((await locationFormProps(site, undefined, branches, 'es', initial)).today).toBe('2026-12-22');
  });

  it('says the car’s own minimum of days, else the brand’s, in the language’s plural', async () => {
    expect((await locationFormProps(site, { minimumDays: 1 }, branches, 'es', initial)).minimumDaysHint).toBe('1 día mínimo para este auto');
    expect((await locationFormProps(site, { minimumDays: 5 }, branches, 'en', initial)).minimumDaysHint).toBe('5 days minimum for this car');
    const brandMinimum = await locationFormProps(site, undefined, branches, 'es', initial);
    expect(brandMinimum).toMatchObject({ minimumDays: 2, minimumDaysHint: '2 días mínimo para este auto' });
  });

  it('gives the form the brand’s longest online rental', async () => {
    expect((await locationFormProps(site, undefined, branches, 'en', initial)).maximumDays).toBe(30);
  });

  it('says the same-day notice in the renter’s language', async () => {
    expect((await locationFormProps({ ...site, sameDayNoticeHours: 3 }, undefined, branches, 'en', initial)).sameDayWarning).toBe("Same-day pick-ups need at least 3 hours' notice.");
  });

  it('says from when bookings open only while that date is still ahead', async () => {
    const closed = { ...site, disableReservationsUntil: '2027-01-04' };
    expect((await locationFormProps(closed, undefined, branches, 'es', initial)).disabledUntilNote).toBe(
      catalogues.es.booking.location.disabledUntil.replace('{date}', '4 de enero de 2027'),
    );
    expect((await locationFormProps(closed, undefined, branches, 'en', initial)).disabledUntilNote).toBe('Bookings are open for pick-ups from January 4, 2027.');
    const reopened = { ...site, disableReservationsUntil: '2026-12-22' };
    expect(await locationFormProps(reopened, undefined, branches, 'en', initial)).toMatchObject({ disableReservationsUntil: '2026-12-22', disabledUntilNote: undefined });
  });
});
