import { describe, expect, it } from 'vitest';
import { checkDepositKept, dollarsToCents, finalBill, pickupBodyOf, pickupFormSchema, returnBodyOf, returnFormSchema } from './index';

const rental = { lines: [{ code: 'car', label: 'Auto', amount: 20_000 }, { code: 'tax', label: 'ITBMS', amount: 1_400 }], total: 21_400 };
const charges = [
  { code: 'fuel' as const, quantity: 3, unitAmount: 500, amount: 1_500 },
  { code: 'late_return' as const, quantity: 2, unitAmount: 1_000, amount: 2_000 },
  { code: 'tax' as const, amount: 245 },
];

describe('deposit kept at the return', () => {
  it('gives everything back when nothing is kept', () => {
    expect(checkDepositKept({ deposit: 20_000, charges: 3_745, kept: 0 })).toEqual({ ok: true, refunded: 20_000 });
    expect(checkDepositKept({ deposit: 0, charges: 0, kept: 0 })).toEqual({ ok: true, refunded: 0 });
  });

  it('keeps part towards the charges, never more than the deposit nor the charges', () => {
    expect(checkDepositKept({ deposit: 20_000, charges: 3_745, kept: 3_745 })).toEqual({ ok: true, refunded: 16_255 });
    expect(checkDepositKept({ deposit: 20_000, charges: 3_745, kept: 3_746 })).toEqual({ ok: false, reason: 'more_than_charges', max: 3_745 });
    expect(checkDepositKept({ deposit: 2_000, charges: 3_745, kept: 2_001 })).toEqual({ ok: false, reason: 'more_than_deposit', max: 2_000 });
    expect(checkDepositKept({ deposit: 0, charges: 3_745, kept: 100 })).toEqual({ ok: false, reason: 'no_deposit', max: 0 });
  });
});

describe('final bill', () => {
  it('adds the return charges to the rental and owes what was not paid', () => {
    const bill = finalBill({ rental, returnCharges: charges, payments: [{ kind: 'charge', status: 'succeeded', amount: 21_400 }, { kind: 'charge', status: 'failed', amount: 3_745 }] });
    expect(bill.charges.total).toBe(3_745);
    expect(bill.total).toBe(25_145);
    expect(bill.paid).toBe(21_400);
    expect(bill.due).toBe(3_745);
    expect(bill.deposit).toBeNull();
  });

  it('counts refunds and the deposit kept, and nothing is due once the charges are collected', () => {
    const bill = finalBill({
      rental,
      returnCharges: charges,
      payments: [{ kind: 'charge', status: 'succeeded', amount: 21_400 }, { kind: 'refund', status: 'succeeded', amount: 400 }],
      deposit: { amount: 5_000, kept: 1_000, method: 'cash', refunded: true },
    });
    expect(bill.refunded).toBe(400);
    expect(bill.deposit).toEqual({ amount: 5_000, kept: 1_000, returned: 4_000, method: 'cash', refunded: true });
    expect(bill.due).toBe(25_145 - 21_000 - 1_000);
    const settled = finalBill({ rental, returnCharges: charges, payments: [{ kind: 'charge', status: 'succeeded', amount: 25_145 }] });
    expect(settled.due).toBe(0);
    expect(settled.credit).toBe(0);
  });

  it('owes the whole bill of a rental paid at the counter with nothing recorded', () => {
    expect(finalBill({ rental, returnCharges: [], payments: [] }).due).toBe(21_400);
  });
});

describe('counter forms', () => {
  it('reads dollars as staff type them', () => {
    expect(dollarsToCents('25')).toBe(2_500);
    expect(dollarsToCents('25.5')).toBe(2_550);
    expect(dollarsToCents('1,250.05')).toBe(125_005);
    expect(dollarsToCents('')).toBe(0);
    expect(dollarsToCents('25.555')).toBeNull();
    expect(dollarsToCents('-3')).toBeNull();
  });

  it('turns a pickup form into the API body, with the deposit in cents', () => {
    const form = pickupFormSchema.parse({ plate: ' ab-1234', mileage: '12345', fuelEighths: '8', notes: ' scratch ', depositAmount: '200', depositMethod: 'cash' });
    expect(pickupBodyOf(form, ['f1'])).toEqual({ plate: 'AB1234', mileage: 12_345, fuel_eighths: 8, notes: 'scratch', photos: ['f1'], deposit_amount: 20_000, deposit_method: 'cash' });
    expect(pickupBodyOf({ ...form, plate: '' })).not.toHaveProperty('plate');
  });

  it('names the field and the reason of a refusal', () => {
    const result = pickupFormSchema.safeParse({ plate: 'ABC-12', mileage: '', fuelEighths: '9', notes: '', depositAmount: '50', depositMethod: '' });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(expect.arrayContaining([['plate', 'counterActions.errors.plateInvalid'], ['mileage', 'counterActions.errors.mileageRequired'], ['fuelEighths', 'counterActions.errors.fuelRequired'], ['depositMethod', 'counterActions.errors.depositMethodRequired']]));
    const back = returnFormSchema.safeParse({ mileage: '100', fuelEighths: '4', damageNotes: '', damageAmount: '100000.01', depositKept: 'x' });
    expect(back.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['damageAmount', 'counterActions.errors.amountTooHigh'], ['depositKept', 'counterActions.errors.amountInvalid']]);
  });

  it('turns a return form into the API body, damage and deposit kept in cents', () => {
    const form = returnFormSchema.parse({ mileage: '12900', fuelEighths: '5', damageNotes: '', damageAmount: '250', depositKept: '' });
    expect(returnBodyOf(form)).toEqual({ mileage: 12_900, fuel_eighths: 5, damage_amount: 25_000 });
  });
});
