import { describe, expect, it } from 'vitest';
import { checkDates, checkReservation } from './reservation-payload';

const booking = {
  idempotency_key: 'key-1', reservation_number: 'FF-7K3M9Q', brand: 'firefly', car: 3, pickup_branch: '2',
  pickup_date: '2030-02-10T10:00', return_date: '2030-02-12T10:00:30',
};

const problemOf = (body: unknown, create = true) => {
  const checked = checkReservation(body, { create });
  return 'problem' in checked ? checked.problem : null;
};

describe('a reservation\'s body', () => {
  it('is taken with its ids as numbers and its date-times to the second', () => {
    expect(checkReservation({ ...booking, status: 'unpaid', era: true, client_birthday: '1990-05-01', extras: [{ code: 'GPS', quantity: 1, total: 500 }] }, { create: true })).toEqual({
      payload: {
        ...booking, pickup_branch: 2, pickup_date: '2030-02-10T10:00:00', return_date: '2030-02-12T10:00:30',
        status: 'unpaid', era: true, client_birthday: '1990-05-01', extras: [{ code: 'GPS', quantity: 1, total: 500 }],
      },
    });
  });

  it('keeps a flight number in its one form, and refuses what is not one', () => {
    expect(checkReservation({ flight_number: 'cm 123' }, { create: false })).toEqual({ payload: { flight_number: 'CM123' } });
    expect(checkReservation({ flight_number: '' }, { create: false })).toEqual({ payload: { flight_number: null } });
    expect(checkReservation({ flight_number: null }, { create: false })).toEqual({ payload: { flight_number: null } });
    expect(problemOf({ flight_number: 'Copa' }, false)).toEqual({ field: 'flight_number', message: '"flight_number" must be a flight number: the airline\'s two-character code and 1 to 4 digits, e.g. CM 123' });
    expect(problemOf({ flight_number: 123 }, false)).toEqual({ field: 'flight_number', message: '"flight_number" must be a string' });
  });

  it('refuses the rental lifecycle, which only the counter endpoints write', () => {
    expect(problemOf({ ...booking, rental_status: 'returned' })).toEqual({ field: 'rental_status', message: '"rental_status" is set by the content service' });
    expect(problemOf({ returned_at: '2030-02-12T15:00:00Z' }, false)).toEqual({ field: 'returned_at', message: '"returned_at" is set by the content service' });
    expect(problemOf({ deposit_kept_amount: 0 }, false)).toEqual({ field: 'deposit_kept_amount', message: '"deposit_kept_amount" is set by the content service' });
    expect(problemOf({ return_collection: null }, false)).toEqual({ field: 'return_collection', message: '"return_collection" is set by the content service' });
  });

  it('needs on create what places it in the stock, and not on a change', () => {
    const { car: _car, ...withoutCar } = booking;
    expect(problemOf(withoutCar)).toEqual({ field: 'car', message: '"car" is required' });
    expect(problemOf({ total: 1200 }, false)).toBeNull();
  });

  it('names the field and the rule it breaks', () => {
    expect(problemOf('booking')).toEqual({ field: null, message: 'The body must be a JSON object with the reservation\'s fields' });
    expect(problemOf({ ...booking, id: 4 })).toEqual({ field: 'id', message: '"id" is set by the content service' });
    expect(problemOf({ reminder_sent_at: null }, false)).toEqual({ field: 'reminder_sent_at', message: '"reminder_sent_at" is set by the content service' });
    expect(problemOf({ revision: 9 }, false)).toEqual({ field: 'revision', message: '"revision" is set by the content service' });
    expect(problemOf({ notified_revision: 9 }, false)).toEqual({ field: 'notified_revision', message: '"notified_revision" is set by the content service' });
    expect(problemOf({ ...booking, colour: 'red' })).toEqual({ field: 'colour', message: '"colour" is not a field of reservations' });
    expect(problemOf({ ...booking, brand: 'avis' })).toEqual({ field: 'brand', message: '"brand" must be one of firefly, hertz, thrifty, dollar' });
    expect(problemOf({ ...booking, car: 0 })).toEqual({ field: 'car', message: '"car" must be the id of an item (an integer >= 1)' });
    expect(problemOf({ ...booking, reservation_number: null })).toEqual({ field: 'reservation_number', message: '"reservation_number" may not be null' });
    expect(problemOf({ ...booking, reservation_number: ' ' })).toEqual({ field: 'reservation_number', message: '"reservation_number" may not be empty' });
    expect(problemOf({ ...booking, days: 0 })).toEqual({ field: 'days', message: '"days" must be an integer >= 1' });
    expect(problemOf({ ...booking, era: 'yes' })).toEqual({ field: 'era', message: '"era" must be true or false' });
    expect(problemOf({ ...booking, pickup_date: '2030-02-30T10:00' })).toEqual({ field: 'pickup_date', message: '"pickup_date" must be a Panama local date-time YYYY-MM-DDTHH:mm[:ss]' });
    expect(problemOf({ ...booking, client_birthday: '1990-13-01' })).toEqual({ field: 'client_birthday', message: '"client_birthday" must be a date YYYY-MM-DD' });
    expect(problemOf({ ...booking, cancelled_at: '2030-01-31T15:00:00' })).toEqual({ field: 'cancelled_at', message: '"cancelled_at" must be an ISO instant with its zone, e.g. 2030-01-31T15:00:00Z' });
    expect(problemOf({ ...booking, return_date: '2030-02-10T10:00' })).toEqual({ field: 'return_date', message: '"return_date" must be after "pickup_date"' });
  });

  it('checks the shapes of the quote lines and the extras', () => {
    expect(problemOf({ ...booking, lines: [{ code: 'CAR', label: 'Car', amount: 10.5 }] })).toEqual({ field: 'lines', message: '"lines" [0].amount must be integer cents' });
    expect(problemOf({ ...booking, lines: 'CAR' })).toEqual({ field: 'lines', message: '"lines" must be a list of at most 100 quote lines' });
    // An extra the coverage includes is a line of 0 marked included; nothing else may carry the mark.
    expect(problemOf({ ...booking, lines: [{ code: 'extra.ADDITIONAL_DRIVER', label: 'Additional driver × 1 (included in Premium)', amount: 0, included: true }] })).toBeNull();
    expect(problemOf({ ...booking, lines: [{ code: 'extra.GPS', label: 'GPS × 1', amount: 2700, included: true }] })).toEqual({ field: 'lines', message: '"lines" [0].included, when given, must be true on a line of amount 0' });
    expect(problemOf({ ...booking, lines: [{ code: 'extra.GPS', label: 'GPS × 1', amount: 0, included: 'yes' }] })).toEqual({ field: 'lines', message: '"lines" [0].included, when given, must be true on a line of amount 0' });
    // A line's label in each language, for staff reading the bill in theirs.
    expect(problemOf({ ...booking, lines: [{ code: 'car', label: 'Car: 1 day × $25.99', amount: 2599, labels: { es: 'Auto: 1 día × $25,99', en: 'Car: 1 day × $25.99' } }] })).toBeNull();
    const labelsProblem = { field: 'lines', message: '"lines" [0].labels, when given, must map at most 8 language tags to labels of at most 255 characters' };
    expect(problemOf({ ...booking, lines: [{ code: 'car', label: 'Car', amount: 2599, labels: ['Auto'] }] })).toEqual(labelsProblem);
    expect(problemOf({ ...booking, lines: [{ code: 'car', label: 'Car', amount: 2599, labels: { es: 7 } }] })).toEqual(labelsProblem);
    expect(problemOf({ ...booking, lines: [{ code: 'car', label: 'Car', amount: 2599, labels: { 'not a tag': 'Auto' } }] })).toEqual(labelsProblem);
    expect(problemOf({ ...booking, lines: [{ code: 'car', label: 'Car', amount: 2599, labels: { es: 'x'.repeat(256) } }] })).toEqual(labelsProblem);
    expect(problemOf({ ...booking, extras: [{ code: 'GPS', quantity: 1, total: 5 }, { code: 'GPS', quantity: 1, total: 5 }] })).toEqual({ field: 'extras', message: '"extras" [1]: GPS is listed twice' });
    expect(problemOf({ ...booking, extras: [{ code: 'GPS', quantity: 0, total: 5 }] })).toEqual({ field: 'extras', message: '"extras" [0].quantity must be an integer >= 1' });
    expect(problemOf({ ...booking, extras: [{ code: 'GPS', quantity: 1, total: -5 }] })).toEqual({ field: 'extras', message: '"extras" [0].total must be integer cents >= 0' });
  });
});

describe('the dates of a changed reservation', () => {
  it('need the return after the pickup, once both are known', () => {
    expect(checkDates({ pickup_date: '2030-02-10T10:00:00', return_date: '2030-02-10T09:00:00' })).toEqual({ field: 'return_date', message: '"return_date" must be after "pickup_date"' });
    expect(checkDates({ pickup_date: '2030-02-10T10:00:00', return_date: null })).toBeNull();
  });
});
