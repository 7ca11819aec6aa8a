import { describe, expect, it } from 'vitest';
import { checkPayment } from './payment-payload';

const charge = { idempotency_key: 'pay-1', reservation: 12, provider: 'metrobank', amount: 4500, status: 'pending' };

const problemOf = (body: unknown) => {
  const checked = checkPayment(body);
  return 'problem' in checked ? checked.problem : null;
};

describe('a payment\'s body', () => {
  it('is completed with its defaults and nulls', () => {
    expect(checkPayment({ ...charge, reservation: '12', card_last4: '4242', failure_reason: '' })).toEqual({
      payload: {
        ...charge, kind: 'charge', currency: 'USD', provider_reference: null, provider_capture: null, payment_method: null,
        card_brand: null, card_last4: '4242', card_expiry: null, failure_code: null, failure_reason: null, refund_of: null,
      },
    });
  });

  it('refuses card data in any field first, without repeating it', () => {
    expect(problemOf({ ...charge, provider: 'Metro Bank', notes: { card: '4242 4242 4242 4242' } })).toEqual({
      field: 'notes', message: '"notes" looks like a card number: send the gateway\'s token and the last four digits, never card data',
    });
  });

  it('names the field and the rule it breaks', () => {
    expect(problemOf([])).toEqual({ field: null, message: 'The body must be a JSON object describing the payment' });
    expect(problemOf({ ...charge, settled_at: 'now' })).toEqual({ field: 'settled_at', message: '"settled_at" is set by the content service' });
    expect(problemOf({ ...charge, constructor: 'x' })).toEqual({ field: 'constructor', message: '"constructor" is not a field of a payment' });
    expect(problemOf({ ...charge, amount: 0 })).toEqual({ field: 'amount', message: '"amount" must be integer cents > 0' });
    expect(problemOf({ ...charge, status: 'refunded' })).toEqual({ field: 'status', message: '"status" must be one of pending, requires_action, succeeded, failed, canceled' });
    expect(problemOf({ ...charge, provider: 'Metro Bank' })).toEqual({ field: 'provider', message: '"provider" must be the gateway\'s name in lower case (metrobank, paypal, ...)' });
    expect(problemOf({ ...charge, card_expiry: '13/29' })).toEqual({ field: 'card_expiry', message: '"card_expiry" must be MM/YY' });
    expect(problemOf({ ...charge, provider_reference: 'pi 1' })).toEqual({ field: 'provider_reference', message: '"provider_reference" must be the gateway\'s id (printable characters, no spaces)' });
    const { idempotency_key: _key, ...withoutKey } = charge;
    expect(problemOf(withoutKey)).toEqual({ field: 'idempotency_key', message: '"idempotency_key" is required' });
  });

  it('ties refunds to their charge, and only refunds', () => {
    expect(problemOf({ ...charge, kind: 'refund' })).toEqual({ field: 'refund_of', message: 'A refund needs "refund_of": the id of the charge it returns money from' });
    expect(problemOf({ ...charge, refund_of: 3 })).toEqual({ field: 'refund_of', message: '"refund_of" is for refunds only' });
    expect(problemOf({ ...charge, kind: 'refund', refund_of: 3 })).toBeNull();
  });
});
