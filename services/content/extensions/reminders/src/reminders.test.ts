import { describe, expect, it } from 'vitest';
import { answerOutcome, failureOutcome, remindersUrl } from './delivery';
import { paymentKind, reminderPayload, type ReminderRow } from './payload';
import { checkRunRequest } from './run-request';

const row: ReminderRow = {
  id: 7, reservation_number: 'FF-7K3M9Q', brand: 'firefly', status: 'paid', reservation_type: 'prepaid', payment_type: 'card', language: 'en-US',
  pickup_branch: 3, pickup_date: '2030-03-10T10:00:00', client_name: 'Ana', client_email: 'ana@example.com',
  date_created: '2030-02-01T12:00:00.000Z', reminder_sent_at: null,
};

describe('the storefront\'s body for a reminder', () => {
  it('carries what the e-mail shows, in the booking\'s language, with the card paid online', () => {
    expect(reminderPayload(row, { precheckinStatus: 'pending', card: { card_brand: 'Visa', card_last4: '4242' } })).toEqual({
      payload: {
        reservation_number: 'FF-7K3M9Q', brand: 'firefly', language: 'en', to: 'ana@example.com', first_name: 'Ana', pickup_branch: 3,
        pickup_date: '2030-03-10T10:00', precheckin_done: false, payment: 'card', card: { brand: 'Visa', last4: '4242' },
      },
    });
  });

  it('is in Spanish unless the booking was made in English, and says when the pre-check-in is done', () => {
    const spanish = reminderPayload({ ...row, language: 'es-ES' }, { precheckinStatus: 'paid', card: null });
    expect(spanish).toMatchObject({ payload: { language: 'es', precheckin_done: true, card: null } });
    expect(reminderPayload({ ...row, language: null }, { precheckinStatus: null, card: null })).toMatchObject({ payload: { language: 'es', precheckin_done: false } });
  });

  it('says how the booking was paid', () => {
    expect(paymentKind({ status: 'paid', payment_type: 'card' })).toBe('card');
    expect(paymentKind({ status: 'paid', payment_type: 'paypal' })).toBe('paypal');
    expect(paymentKind({ status: 'unpaid', payment_type: 'unpaid' })).toBe('counter');
    expect(paymentKind({ status: 'paid', payment_type: 'unpaid' })).toBe('none');
    expect(reminderPayload({ ...row, payment_type: 'paypal' }, { precheckinStatus: null, card: { card_brand: 'Visa', card_last4: '4242' } }))
      .toMatchObject({ payload: { payment: 'paypal', card: null } });
  });

  it('cannot be written without an address, a branch or a readable pickup', () => {
    expect(reminderPayload({ ...row, client_email: '' }, { precheckinStatus: null, card: null })).toEqual({ problem: 'no e-mail address' });
    expect(reminderPayload({ ...row, pickup_branch: null }, { precheckinStatus: null, card: null })).toEqual({ problem: 'no pickup branch' });
    expect(reminderPayload({ ...row, pickup_date: null }, { precheckinStatus: null, card: null })).toEqual({ problem: 'no readable pickup date' });
  });
});

describe('handing a reminder to the storefront', () => {
  it('goes to the reminders callback on the origin of the revalidate callback', () => {
    expect(remindersUrl('http://nginx/api/content-callbacks/revalidate')).toBe('http://nginx/api/content-callbacks/reminders');
    expect(remindersUrl('http://127.0.0.1:3000/api/content-callbacks/revalidate')).toBe('http://127.0.0.1:3000/api/content-callbacks/reminders');
    expect(remindersUrl(undefined)).toBeNull();
    expect(remindersUrl('not a url')).toBeNull();
  });

  it('counts as sent on a 2xx answer; as not sent on the storefront\'s refusal or failure, naming it', () => {
    expect(answerOutcome(202, '{"sent":true}')).toEqual({ outcome: 'sent' });
    expect(answerOutcome(502, '{"error":"The email could not be sent"}')).toEqual({ outcome: 'not_sent', reason: 'the storefront answered 502: The email could not be sent' });
    expect(answerOutcome(409, '<html>')).toEqual({ outcome: 'not_sent', reason: 'the storefront answered 409' });
  });

  it('keeps the claim when the e-mail may have gone: no answer in time, a gateway timeout, a connection cut', () => {
    expect(answerOutcome(504, '')).toMatchObject({ outcome: 'unknown' });
    expect(failureOutcome(Object.assign(new Error('aborted'), { name: 'TimeoutError' }))).toEqual({ outcome: 'unknown', reason: 'no answer within 20 s' });
    expect(failureOutcome(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }))).toEqual({ outcome: 'unknown', reason: 'ECONNRESET' });
  });

  it('releases it when no connection could be made', () => {
    expect(failureOutcome(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))).toEqual({ outcome: 'not_sent', reason: 'ECONNREFUSED' });
    expect(failureOutcome(new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } }))).toEqual({ outcome: 'not_sent', reason: 'ENOTFOUND' });
  });
});

describe('POST /reminders/run body', () => {
  const clock = new Date('2030-01-01T00:00:00Z');

  it('runs now without a body, or at the instant and on the reservations given', () => {
    expect(checkRunRequest(undefined, clock)).toEqual({ request: { now: clock } });
    expect(checkRunRequest({ now: '2030-03-09T10:00:00-05:00', only: [' ff-7k3m9q '] }, clock)).toEqual({
      request: { now: new Date('2030-03-09T15:00:00Z'), only: ['FF-7K3M9Q'] },
    });
  });

  it('names the field it refuses', () => {
    const field = (body: unknown) => {
      const checked = checkRunRequest(body, clock);
      return 'problem' in checked ? checked.problem.field : 'accepted';
    };
    expect(field({ now: '2030-03-09' })).toBe('now');
    expect(field({ only: 'FF-7K3M9Q' })).toBe('only');
    expect(field({ only: [7] })).toBe('only');
    expect(field({ only: Array.from({ length: 101 }, () => 'FF-1') })).toBe('only');
    expect(field({ when: 'now' })).toBe('when');
    expect(field([])).toBeNull();
  });
});
