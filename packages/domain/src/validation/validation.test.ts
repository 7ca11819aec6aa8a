import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { OpeningHours } from '../dates';
import { MAXIMUM_RENTAL_DAYS } from '../rental-days';
import { createCorporateLeadSchema } from '../corporate';
import { newPasswordSchema } from '../accounts';
import { createPrecheckinFormSchema } from '../precheckin';
import { createDeliveryChoiceSchema } from '../flights';
import {
  VALIDATION_MESSAGE_KEYS,
  ageOnDate,
  cardExpiryStatus,
  cardLastFour,
  couponCodeSchema,
  coverageSelectionSchema,
  createCardFormSchema,
  createClientFormSchema,
  createLocationFormSchema,
  locationFormIssues,
  type LocationValues,
  detectCardBrand,
  isOldEnough,
  isValidCardNumber,
  isValidPhone,
  isValidationMessageKey,
  normalizePhone,
  normalizePhoneByShape,
  parseCardExpiry,
  passesLuhn,
  type CardBrand,
  type CardExpiryStatus,
} from './index';

/** Every message key produced in this file, to check they all belong to the exported list. */
const seenMessages = new Set<string>();

/** The first message per field path ('' for the form itself), or null when valid. */
function errors(schema: z.core.$ZodType, value: unknown): Record<string, string> | null {
  const result = z.safeParse(schema, value);
  if (result.success) {
    return null;
  }
  const byPath: Record<string, string> = {};
  for (const issue of result.error.issues) {
    seenMessages.add(issue.message);
    const path = issue.path.join('.');
    byPath[path] ??= issue.message;
  }
  return byPath;
}

describe('ageOnDate', () => {
  it.each<[string, string | Date, number]>([
    ['2004-06-16', '2025-06-16', 21],
    ['2004-06-17', '2025-06-16', 20],
    ['2004-06-15', '2025-06-16', 21],
    ['2004-12-31', '2025-01-01', 20],
    ['2004-01-01', '2024-12-31', 20],
    ['2004-02-29', '2025-02-28', 20],
    ['2004-02-29', '2025-03-01', 21],
    ['2004-02-29', '2024-02-29', 20],
    ['2025-06-16', '2025-06-16', 0],
    // 2025-06-16T03:00Z is still 15 June in Panama.
    ['2004-06-16', new Date('2025-06-16T03:00:00Z'), 20],
    ['2004-06-16', new Date('2025-06-16T05:00:00Z'), 21],
  ])('born %s, on %s → %i', (birthday, on, expected) => {
    expect(ageOnDate(birthday, on)).toBe(expected);
  });

  it('rejects malformed dates', () => {
    expect(() => ageOnDate('16/06/2004', '2025-06-16')).toThrow(RangeError);
    expect(() => ageOnDate('2004-06-16', '2025-02-30')).toThrow(RangeError);
  });

  it.each<[string, number | undefined, boolean]>([
    ['2004-06-16', undefined, true],
    ['2004-06-17', undefined, false],
    ['2000-06-16', 25, true],
    ['2000-06-17', 25, false],
  ])('isOldEnough(%s, min %s) = %s', (birthday, minimum, expected) => {
    expect(isOldEnough(birthday, '2025-06-16', minimum)).toBe(expected);
  });
});

describe('phone numbers', () => {
  it.each<[string, string | null]>([
    ['6123-4567', '+50761234567'],
    ['61234567', '+50761234567'],
    ['+507 6123 4567', '+50761234567'],
    ['00507 6123 4567', '+50761234567'],
    ['223-4567', '+5072234567'],
    ['(507) 223-4567', null],
    ['+507 223 4567', '+5072234567'],
    ['+507 823 4567', '+5078234567'],
    ['5123-4567', null],
    ['7123-4567', null],
    ['612-3456', null],
    ['+507 612 3456', null],
    ['+507 6123 45678', null],
    ['023-4567', null],
    ['+1 212 555 0123', '+12125550123'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+34 612 34 56 78', '+34612345678'],
    ['212 555 0123', null],
    ['+1 212', null],
    ['+999 1234567', null],
    ['call me', null],
    ['', null],
  ])('normalizePhone(%j) = %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
    expect(isValidPhone(input)).toBe(expected !== null);
  });

  it('in the browser, checks Panama numbers the same and foreign ones by their E.164 shape only', () => {
    for (const panama of ['6123-4567', '+507 6123 4567', '5123-4567', '+507 612 3456']) expect(normalizePhoneByShape(panama)).toBe(normalizePhone(panama));
    expect(normalizePhoneByShape('+1 212 555 0123')).toBe('+12125550123');
    // A country code that does not exist: only the server's metadata check refuses it.
    expect(normalizePhoneByShape('+999 12345678')).toBe('+99912345678');
    expect(normalizePhone('+999 12345678')).toBeNull();
    expect(normalizePhoneByShape('+1 212')).toBeNull();
    expect(normalizePhoneByShape('212 555 0123')).toBeNull();
  });

  it('the client form takes the server’s stricter check when given', () => {
    const values = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.com', phone: '+999 12345678', birthday: '1990-01-01', license: 'X', termsAccepted: true };
    expect(createClientFormSchema({ pickupDate: '2026-12-01' }).safeParse(values).success).toBe(true);
    const strict = createClientFormSchema({ pickupDate: '2026-12-01', normalizePhone }).safeParse(values);
    expect(strict.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['phone', 'validation.phone']]);
  });
});

describe('cards', () => {
  it.each<[string, CardBrand | null, boolean]>([
    ['4111 1111 1111 1111', 'visa', true],
    ['4242-4242-4242-4242', 'visa', true],
    ['4222222222222', 'visa', true],
    ['4111111111111112', 'visa', false],
    ['5555 5555 5555 4444', 'mastercard', true],
    ['2223 0031 2200 3222', 'mastercard', true],
    ['2720 9900 0000 0007', 'mastercard', true],
    ['3782 822463 10005', 'amex', true],
    ['371449635398431', 'amex', true],
    ['37144963539843', 'amex', false],
    ['6011 1111 1111 1117', null, true],
    ['2721 0000 0000 0004', null, true],
    ['5011 1111 1111 1111', null, false],
    ['1234', null, false],
    ['4111 1111 1111 111x', null, false],
    ['', null, false],
  ])('%j: brand %s, valid %s', (number, brand, valid) => {
    expect(detectCardBrand(number)).toBe(brand);
    expect(isValidCardNumber(number)).toBe(valid);
  });

  it('checks Luhn on digits only and keeps the last four', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('7992 7398 713')).toBe(false);
    expect(cardLastFour('4111 1111 1111 1234')).toBe('1234');
  });

  // 2025-06-16 12:00 in Panama; 2025-07-01T03:00Z is still June in Panama.
  it.each<[string, string, CardExpiryStatus]>([
    ['06/25', '2025-06-16T17:00:00Z', 'valid'],
    ['07/25', '2025-06-16T17:00:00Z', 'valid'],
    ['05/25', '2025-06-16T17:00:00Z', 'expired'],
    ['12/24', '2025-06-16T17:00:00Z', 'expired'],
    ['01/26', '2025-06-16T17:00:00Z', 'valid'],
    ['06/25', '2025-07-01T03:00:00Z', 'valid'],
    ['06/25', '2025-07-01T05:00:00Z', 'expired'],
    ['06/45', '2025-06-16T17:00:00Z', 'valid'],
    ['07/45', '2025-06-16T17:00:00Z', 'invalid'],
    [' 06 / 27 ', '2025-06-16T17:00:00Z', 'valid'],
    ['13/25', '2025-06-16T17:00:00Z', 'invalid'],
    ['00/25', '2025-06-16T17:00:00Z', 'invalid'],
    ['6/25', '2025-06-16T17:00:00Z', 'invalid'],
    ['06/2025', '2025-06-16T17:00:00Z', 'invalid'],
    ['0625', '2025-06-16T17:00:00Z', 'invalid'],
  ])('expiry %j at %s → %s', (value, now, expected) => {
    expect(cardExpiryStatus(value, new Date(now))).toBe(expected);
  });

  it('parses the expiry into a four-digit year', () => {
    expect(parseCardExpiry('09/28')).toEqual({ month: 9, year: 2028 });
  });
});

describe('client form', () => {
  const schema = createClientFormSchema({ pickupDate: '2025-06-16' });
  const valid = {
    firstName: ' Ana ',
    lastName: 'Pérez',
    email: ' ana@example.com ',
    phone: '6123-4567',
    birthday: '2004-06-16',
    license: 'PA-123456',
    termsAccepted: true,
  };

  it('accepts and normalises a complete form', () => {
    expect(schema.parse(valid)).toEqual({
      ...valid,
      firstName: 'Ana',
      email: 'ana@example.com',
      phone: '+50761234567',
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['everything missing', {}, {
      firstName: 'validation.required',
      lastName: 'validation.required',
      email: 'validation.required',
      phone: 'validation.required',
      birthday: 'validation.required',
      license: 'validation.required',
      termsAccepted: 'validation.termsRequired',
    }],
    ['blank name', { firstName: '   ' }, { firstName: 'validation.required' }],
    ['very long name', { lastName: 'x'.repeat(101) }, { lastName: 'validation.tooLong' }],
    ['bad email', { email: 'ana@' }, { email: 'validation.email' }],
    ['bad phone', { phone: '12345' }, { phone: 'validation.phone' }],
    ['foreign phone without +', { phone: '212 555 0123' }, { phone: 'validation.phone' }],
    ['20 the day before turning 21', { birthday: '2004-06-17' }, { birthday: 'validation.minAge' }],
    ['malformed birthday', { birthday: '16/06/2004' }, { birthday: 'validation.date' }],
    ['impossible birthday', { birthday: '2004-02-30' }, { birthday: 'validation.date' }],
    ['implausible birthday', { birthday: '1890-01-01' }, { birthday: 'validation.date' }],
    ['terms not accepted', { termsAccepted: false }, { termsAccepted: 'validation.termsRequired' }],
    ['terms as a string', { termsAccepted: 'true' }, { termsAccepted: 'validation.termsRequired' }],
    ['number instead of text', { license: 42 }, { license: 'validation.required' }],
  ])('%s', (_label, overrides, expected) => {
    const input = Object.keys(overrides).length === 0 ? {} : { ...valid, ...overrides };
    expect(errors(schema, input)).toEqual(expected);
  });

  it('counts the age on the pickup date, with the configured minimum', () => {
    const later = createClientFormSchema({ pickupDate: '2025-06-17' });
    expect(errors(later, { ...valid, birthday: '2004-06-17' })).toBeNull();
    const strict = createClientFormSchema({ pickupDate: '2025-06-16', minimumAge: 25 });
    const result = strict.safeParse(valid);
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.message).toBe('validation.minAge');
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ minimumAge: 25 });
  });
});

describe('location form', () => {
  const hours: Record<string, OpeningHours> = {
    '1': [{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }],
    '2': [{ days: [1, 2, 3, 4, 5], open: '06:00', close: '22:00' }],
  };
  // Monday 16 June 2025, 10:00 in Panama.
  const schema = createLocationFormSchema({
    now: new Date('2025-06-16T15:00:00Z'),
    hoursFor: (id) => hours[id],
    disableReservationsUntil: null,
    minimumDays: 2,
  });
  const valid = { pickupBranchId: 1, returnBranchId: '2', pickupDate: '2025-06-16T12:00', returnDate: '2025-06-18T12:00' };

  it('accepts a valid request', () => {
    expect(schema.parse(valid)).toEqual(valid);
  });

  it.each<[string, Record<string, unknown>, Record<string, string> | null]>([
    ['branches missing', { pickupBranchId: undefined, returnBranchId: '' }, { pickupBranchId: 'validation.required', returnBranchId: 'validation.required' }],
    ['malformed dates', { pickupDate: '16/06/2025 12:00', returnDate: '2025-06-18 12:00' }, { pickupDate: 'validation.dateTime', returnDate: 'validation.dateTime' }],
    ['missing dates', { pickupDate: '', returnDate: undefined }, { pickupDate: 'validation.required', returnDate: 'validation.required' }],
    ['pickup in the past', { pickupDate: '2025-06-16T09:30' }, { pickupDate: 'validation.pickupInPast' }],
    ['same day, 1 h 30 min notice', { pickupDate: '2025-06-16T11:30' }, { pickupDate: 'validation.minimumNotice' }],
    ['same day, exactly 2 h notice', { pickupDate: '2025-06-16T12:00' }, null],
    ['off the 30-minute grid', { pickupDate: '2025-06-16T12:15' }, { pickupDate: 'validation.timeSlot' }],
    ['return branch closed at night', { returnDate: '2025-06-18T22:00' }, { returnDate: 'validation.branchClosed' }],
    ['return branch closed on Sunday', { returnDate: '2025-06-22T10:00' }, { returnDate: 'validation.branchClosed' }],
    ['24-hour pickup branch at 03:00', { pickupDate: '2025-06-17T03:00' }, null],
    ['return before pickup', { returnDate: '2025-06-16T11:00' }, { returnDate: 'validation.returnBeforePickup' }],
    ['return equal to pickup', { returnDate: '2025-06-16T12:00' }, { returnDate: 'validation.returnBeforePickup' }],
    ['1 day with a 2-day minimum', { returnDate: '2025-06-17T12:30' }, { returnDate: 'validation.minimumDays' }],
    ['2 days thanks to 25 h', { returnDate: '2025-06-17T13:00' }, null],
    ['90 days, the longest online rental', { returnBranchId: 1, returnDate: '2025-09-14T12:00' }, null],
    ['91 days', { returnBranchId: 1, returnDate: '2025-09-15T12:00' }, { returnDate: 'validation.maximumDays' }],
    ['thousands of years', { returnBranchId: 1, returnDate: '9999-12-31T12:00' }, { returnDate: 'validation.maximumDays' }],
  ])('%s', (_label, overrides, expected) => {
    expect(errors(schema, { ...valid, ...overrides })).toEqual(expected);
  });

  it.each<[string, string, string | null, Record<string, string> | null]>([
    ['before the date', '2025-06-19T10:00', '2025-06-20', { pickupDate: 'validation.disabledUntil' }],
    ['on the date', '2025-06-20T10:00', '2025-06-20', null],
    ['no setting', '2025-06-19T10:00', null, null],
  ])('disable_reservations_until: %s', (_label, pickupDate, until, expected) => {
    const withLimit = createLocationFormSchema({ now: new Date('2025-06-16T15:00:00Z'), disableReservationsUntil: until });
    expect(errors(withLimit, { ...valid, pickupDate, returnDate: '2025-06-25T10:00' })).toEqual(expected);
  });

  it('passes the minimum as a message parameter', () => {
    const result = schema.safeParse({ ...valid, returnDate: '2025-06-17T12:00' });
    const issue = result.error?.issues[0];
    expect(issue?.message).toBe('validation.minimumDays');
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ days: 2 });
  });

  it('passes the maximum as a message parameter: the domain default unless the context sets one', () => {
    const tooLong = { ...valid, returnBranchId: 1, returnDate: '2025-09-15T12:00' };
    const issue = schema.safeParse(tooLong).error?.issues[0];
    expect(issue?.message).toBe('validation.maximumDays');
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ days: MAXIMUM_RENTAL_DAYS });

    const monthAtMost = createLocationFormSchema({ now: new Date('2025-06-16T15:00:00Z'), maximumDays: 30 });
    expect(errors(monthAtMost, { ...valid, returnBranchId: 1, returnDate: '2025-07-16T12:00' })).toBeNull();
    expect(errors(monthAtMost, { ...valid, returnBranchId: 1, returnDate: '2025-07-17T12:00' })).toEqual({ returnDate: 'validation.maximumDays' });
  });

  it('uses the configured notice and skips hours it does not know', () => {
    const relaxed = createLocationFormSchema({ now: new Date('2025-06-16T15:00:00Z'), sameDayNoticeHours: 1 });
    expect(errors(relaxed, { ...valid, pickupBranchId: 99, pickupDate: '2025-06-16T11:00', returnDate: '2025-06-16T23:30' })).toBeNull();
  });

  it.each<[string, Partial<LocationValues>]>([
    ['a valid request', {}],
    ['malformed dates', { pickupDate: '16/06/2025 12:00', returnDate: '2025-06-18 12:00' }],
    ['missing dates', { pickupDate: '', returnDate: '  ' }],
    ['a date too long to be one', { returnDate: '2025-06-18T12:00:00.000000000000000000' }],
    ['dates with spaces around them', { pickupDate: ' 2025-06-16T12:00 ', returnDate: '2025-06-18T12:00 ' }],
    ['pickup in the past', { pickupDate: '2025-06-16T09:30' }],
    ['same day, 1 h 30 min notice', { pickupDate: '2025-06-16T11:30' }],
    ['off the grid, both', { pickupDate: '2025-06-16T12:15', returnDate: '2025-06-18T12:10' }],
    ['return branch closed on Sunday', { returnDate: '2025-06-22T10:00' }],
    ['return before pickup', { returnDate: '2025-06-16T11:00' }],
    ['1 day with a 2-day minimum', { returnDate: '2025-06-17T12:30' }],
    ['91 days', { returnBranchId: '1', returnDate: '2025-09-15T12:00' }],
    ['a malformed pickup and a valid return', { pickupDate: 'mañana', returnDate: '2025-06-22T10:00' }],
  ])('without the schema, reports what the schema reports: %s', (_label, overrides) => {
    const context = { now: new Date('2025-06-16T15:00:00Z'), hoursFor: (id: string) => hours[id], disableReservationsUntil: null, minimumDays: 2 };
    const values: LocationValues = { ...valid, pickupBranchId: '1', ...overrides };
    const fromSchema = (createLocationFormSchema(context).safeParse(values).error?.issues ?? []).map((entry) => ({
      path: entry.path[0],
      message: entry.message,
      ...('params' in entry && entry.params ? { params: entry.params } : {}),
    }));
    expect(locationFormIssues(values, context)).toEqual(fromSchema);
  });

  it('without the schema, passes the notice and the minimum as parameters', () => {
    const context = { now: new Date('2025-06-16T15:00:00Z'), minimumDays: 3 };
    expect(locationFormIssues({ ...valid, pickupDate: '2025-06-16T11:00', returnDate: '2025-06-17T12:00' }, context)).toEqual([
      { path: 'pickupDate', message: 'validation.minimumNotice', params: { hours: 2 } },
      { path: 'returnDate', message: 'validation.minimumDays', params: { days: 3 } },
    ]);
  });

  it('defaults to the current time', () => {
    const live = createLocationFormSchema();
    expect(errors(live, { ...valid, pickupDate: '2000-01-03T10:00', returnDate: '2000-01-05T10:00' })).toEqual({
      pickupDate: 'validation.pickupInPast',
    });
  });
});

describe('coupon code', () => {
  it.each<[unknown, string | null, string | null]>([
    [' verano-10 ', 'VERANO-10', null],
    ['ABC', 'ABC', null],
    ['A'.repeat(32), 'A'.repeat(32), null],
    ['', null, 'validation.required'],
    [undefined, null, 'validation.required'],
    ['AB', null, 'validation.couponCode'],
    ['A'.repeat(33), null, 'validation.couponCode'],
    ['VERANO 10', null, 'validation.couponCode'],
    ['VERANO_10', null, 'validation.couponCode'],
    ['AÑO', null, 'validation.couponCode'],
  ])('%j → %s / %s', (input, parsed, message) => {
    const result = couponCodeSchema.safeParse(input);
    expect(result.success ? result.data : null).toBe(parsed);
    expect(errors(couponCodeSchema, input)?.[''] ?? null).toBe(message);
  });
});

describe('coverage selection', () => {
  it.each<[unknown, Record<string, string> | null]>([
    [{ coverageId: 3 }, null],
    [{ coverageId: 'basic', era: true }, null],
    [{}, { coverageId: 'validation.coverageRequired' }],
    [{ coverageId: '' }, { coverageId: 'validation.coverageRequired' }],
    [{ coverageId: null }, { coverageId: 'validation.coverageRequired' }],
  ])('%j', (input, expected) => {
    expect(errors(coverageSelectionSchema, input)).toEqual(expected);
  });
});

describe('card form', () => {
  const schema = createCardFormSchema({ now: new Date('2025-06-16T17:00:00Z') });
  const valid = { name: 'ANA PEREZ', number: '4111 1111 1111 1111', expiration: '06/25', cvv: '123' };

  it('accepts a valid card and strips the number', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, number: '4111111111111111' });
  });

  it.each<[string, Record<string, unknown>, Record<string, string> | null]>([
    ['everything missing', { name: '', number: '', expiration: '', cvv: '' }, {
      name: 'validation.required',
      number: 'validation.required',
      expiration: 'validation.required',
      cvv: 'validation.required',
    }],
    ['Luhn failure', { number: '4111 1111 1111 1112' }, { number: 'validation.cardNumber' }],
    ['too short', { number: '4111 1111' }, { number: 'validation.cardNumber' }],
    ['expired', { expiration: '05/25' }, { expiration: 'validation.cardExpired' }],
    ['malformed expiry', { expiration: '13/25' }, { expiration: 'validation.cardExpiryInvalid' }],
    ['expiry without slash', { expiration: '0625' }, { expiration: 'validation.cardExpiryInvalid' }],
    ['cvv letters', { cvv: '12a' }, { cvv: 'validation.cvv' }],
    ['cvv too short', { cvv: '12' }, { cvv: 'validation.cvv' }],
    ['cvv too long', { cvv: '12345' }, { cvv: 'validation.cvv' }],
    ['4-digit cvv', { cvv: '1234' }, null],
    ['amex', { number: '3782 822463 10005', cvv: '1234' }, null],
  ])('%s', (_label, overrides, expected) => {
    expect(errors(schema, { ...valid, ...overrides })).toEqual(expected);
  });
});

// The pre-check-in's rules are tested in precheckin/precheckin.test.ts; here only that its keys are listed and reachable.
describe('pre-check-in form messages', () => {
  const schema = createPrecheckinFormSchema({ pickupAt: '2026-12-10T09:00', returnAt: '2026-12-14T09:00', mainDriverName: 'Ana Pérez' });
  it('produces its own keys', () => {
    expect(
      errors(schema, {
        licenseNumber: 'X1', licenseCountry: 'Panama', licenseExpiry: '2026-12-01', idDocument: 'P1', licenseFile: '', idFile: 'ref',
        flightNumber: 'nope', additionalDrivers: [], acceptedName: 'Luis',
      }),
    ).toEqual({
      licenseCountry: 'validation.country',
      licenseExpiry: 'validation.licenseExpiresBeforeReturn',
      licenseFile: 'validation.documentRequired',
      flightNumber: 'validation.flightNumber',
      acceptedName: 'validation.acceptanceName',
    });
  });
});

// The booking's flight number is tested in flights/flights.test.ts; here only that its keys are listed and reachable.
describe('delivery choice messages', () => {
  it('produces its own keys', () => {
    const schema = createDeliveryChoiceSchema(['3']);
    expect(errors(schema, { deliveryOptionId: '3', flightNumber: '' })).toEqual({ flightNumber: 'validation.flightNumberRequired' });
    expect(errors(schema, { deliveryOptionId: '3', flightNumber: 'nope' })).toEqual({ flightNumber: 'validation.flightNumber' });
  });
});

describe('corporate lead messages', () => {
  it('produces its own key', () => {
    expect(errors(createCorporateLeadSchema(), { company: 'A', contactName: 'B', email: 'b@c.pa', phone: '61234567', fleetSize: 'x', message: 'm' })).toEqual({ fleetSize: 'validation.fleetSize' });
  });
});

describe('account messages', () => {
  it('produces its own keys', () => {
    expect(errors(newPasswordSchema, { password: 'short', passwordConfirmation: 'short' })).toEqual({ password: 'validation.passwordTooShort' });
    expect(errors(newPasswordSchema, { password: 'long enough pass', passwordConfirmation: 'other' })).toEqual({ passwordConfirmation: 'validation.passwordsDiffer' });
  });
});

describe('message keys', () => {
  it('lists each key once', () => {
    expect(new Set(VALIDATION_MESSAGE_KEYS).size).toBe(VALIDATION_MESSAGE_KEYS.length);
  });

  // Runs last in this file: every message the tests above produced must be a listed key, and every key is produced.
  it('only ever produces listed keys, and every key is reachable', () => {
    expect([...seenMessages].filter((message) => !isValidationMessageKey(message))).toEqual([]);
    expect(VALIDATION_MESSAGE_KEYS.filter((key) => !seenMessages.has(key))).toEqual([]);
  });
});
