import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGE_KEYS } from '../validation/messages';
import {
  amountDue,
  createPreferencesSchema,
  createPrecheckinFormSchema,
  isAcceptanceName,
  isDocumentKind,
  licenceCoversRental,
  normalizeFlightNumber,
  type PrecheckinFormInput,
} from './index';

const context = { pickupAt: '2026-12-10T09:00', returnAt: '2026-12-14T09:00', mainDriverName: 'José Pérez' };

const valid: PrecheckinFormInput = {
  licenseNumber: 'PA-1234567',
  licenseCountry: 'pa',
  licenseExpiry: '2028-01-31',
  idDocument: '8-888-8888',
  licenseFile: 'doc-1.sig',
  idFile: 'doc-2.sig',
  flightNumber: '',
  additionalDrivers: [],
  acceptedName: 'jose perez',
};

/** The first message per field path, or null when the form is valid. */
function issues(input: PrecheckinFormInput): Record<string, string> | null {
  const result = createPrecheckinFormSchema(context).safeParse(input);
  if (result.success) return null;
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  for (const message of Object.values(found)) expect(VALIDATION_MESSAGE_KEYS).toContain(message);
  return found;
}

describe('pre-check-in verification form', () => {
  it('accepts a complete form and normalises the country and the flight number', () => {
    const parsed = createPrecheckinFormSchema(context).parse({ ...valid, flightNumber: 'cm 0123' });
    expect(parsed.licenseCountry).toBe('PA');
    expect(parsed.flightNumber).toBe('CM0123');
  });

  it('says which fields are missing', () => {
    expect(issues({ ...valid, licenseNumber: ' ', idFile: '', licenseCountry: '' })).toEqual({
      licenseNumber: 'validation.required',
      idFile: 'validation.documentRequired',
      licenseCountry: 'validation.required',
    });
  });

  it('refuses a licence that expires before the return day, and accepts one that expires on it', () => {
    expect(issues({ ...valid, licenseExpiry: '2026-12-13' })).toEqual({ licenseExpiry: 'validation.licenseExpiresBeforeReturn' });
    expect(issues({ ...valid, licenseExpiry: '2026-12-14' })).toBeNull();
    expect(issues({ ...valid, licenseExpiry: '2026-02-30' })).toEqual({ licenseExpiry: 'validation.date' });
  });

  it('refuses a country that is not a two-letter code and a malformed flight number', () => {
    expect(issues({ ...valid, licenseCountry: 'Panama', flightNumber: 'flight 9' })).toEqual({ licenseCountry: 'validation.country', flightNumber: 'validation.flightNumber' });
  });

  it('needs the main driver name as booked to accept the terms, accents and case aside', () => {
    expect(issues({ ...valid, acceptedName: 'JOSÉ   PÉREZ' })).toBeNull();
    expect(issues({ ...valid, acceptedName: 'Ana Pérez' })).toEqual({ acceptedName: 'validation.acceptanceName' });
    const result = createPrecheckinFormSchema(context).safeParse({ ...valid, acceptedName: 'x' });
    expect(result.success ? undefined : result.error.issues[0]).toMatchObject({ params: { name: 'José Pérez' } });
  });

  it('needs each additional driver to be 21 on the pickup day with a licence covering the rental', () => {
    const driver = { firstName: 'Ana', lastName: 'Pérez', birthday: '2005-12-10', licenseNumber: 'X1', licenseCountry: 'US', licenseExpiry: '2027-01-01' };
    expect(issues({ ...valid, additionalDrivers: [driver] })).toBeNull();
    expect(issues({ ...valid, additionalDrivers: [{ ...driver, birthday: '2005-12-11' }] })).toEqual({ 'additionalDrivers.0.birthday': 'validation.minAge' });
    expect(issues({ ...valid, additionalDrivers: [{ ...driver, licenseExpiry: '2026-12-01', licenseNumber: '' }] })).toEqual({
      'additionalDrivers.0.licenseNumber': 'validation.required',
      'additionalDrivers.0.licenseExpiry': 'validation.licenseExpiresBeforeReturn',
    });
    expect(issues({ ...valid, additionalDrivers: [driver, driver, driver, driver] })).toEqual({ additionalDrivers: 'validation.tooLong' });
  });
});

describe('pre-check-in rules', () => {
  it('takes a licence and an id scan, nothing else', () => {
    expect(isDocumentKind('license')).toBe(true);
    expect(isDocumentKind('id')).toBe(true);
    expect(isDocumentKind('passport')).toBe(false);
    expect(isDocumentKind(undefined)).toBe(false);
  });

  it('matches typed names whatever the accents, case and spacing', () => {
    expect(isAcceptanceName(' maría  josé ÑÚÑEZ ', 'María José Ñúñez')).toBe(true);
    expect(isAcceptanceName('', '')).toBe(false);
    expect(isAcceptanceName('Maria', 'María José')).toBe(false);
  });

  it('reads a licence expiring on the return day as covering the rental', () => {
    expect(licenceCoversRental('2026-12-14', '2026-12-14T18:00')).toBe(true);
    expect(licenceCoversRental('2026-12-13', '2026-12-14T08:00')).toBe(false);
    expect(licenceCoversRental('not a date', '2026-12-14T08:00')).toBe(false);
  });

  it('normalises flight numbers', () => {
    expect(normalizeFlightNumber('cm 123')).toBe('CM123');
    expect(normalizeFlightNumber('P5-7201')).toBe('P57201');
    expect(normalizeFlightNumber('123')).toBeNull();
  });

  it('asks for what online payments do not hold yet', () => {
    expect(amountDue({ total: 30000, held: 0, status: 'unpaid' })).toBe(30000);
    expect(amountDue({ total: 30000, held: 30000, status: 'paid' })).toBe(0);
    expect(amountDue({ total: 34000, held: 30000, status: 'paid' })).toBe(4000);
    expect(amountDue({ total: 30000, held: 0, status: 'paid' })).toBe(0);
    expect(amountDue({ total: 30000, held: 0, status: 'cancelled' })).toBe(0);
  });

  it('checks preferences: email, phone (E.164 out) and language', () => {
    expect(createPreferencesSchema().parse({ email: 'a@b.pa', phone: '6123-4567', language: 'en' })).toEqual({ email: 'a@b.pa', phone: '+50761234567', language: 'en' });
    const result = createPreferencesSchema().safeParse({ email: 'nope', phone: '12', language: 'fr' });
    expect(result.success).toBe(false);
  });
});
