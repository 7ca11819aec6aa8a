// Test cards of the card gateway and the server-side check of a card sent to POST /metrobank/v1/tokens.
import type { CardDetails, CardOutcome } from '../store.ts';
import { cardBrand, digitsOnly, isExpired, luhnValid } from './fields/card-rules.ts';

/** Numbers with a special outcome; any other number passing the Luhn check is approved. */
export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'decline_generic',
  '4000000000003220': 'requires_3ds',
  '4000000000009995': 'decline_insufficient_funds',
};

export type CardCheckCode = 'invalid_number' | 'invalid_expiry_month' | 'expired_card' | 'invalid_cvc';

export interface CheckedCard {
  details: CardDetails;
  outcome: CardOutcome;
  name: string | null;
}

const MESSAGES: Record<CardCheckCode, string> = {
  invalid_number: 'Your card number is incorrect.',
  invalid_expiry_month: "Your card's expiration date is incorrect.",
  expired_card: 'Your card has expired.',
  invalid_cvc: "Your card's security code is incorrect.",
};

export function cardErrorMessage(code: CardCheckCode): string {
  return MESSAGES[code];
}

function integer(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/**
 * Checks a card as the token endpoint receives it. The number and security code are read here and nowhere else:
 * what comes out is the last four digits, brand, expiry and outcome class, never the number.
 */
export function checkCard(card: Record<string, unknown>, now = new Date()): CheckedCard | { error: CardCheckCode } {
  const number = typeof card.number === 'string' ? card.number.replace(/[ -]/g, '') : '';
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) return { error: 'invalid_number' };

  const month = integer(card.exp_month);
  let year = integer(card.exp_year);
  if (year !== undefined && year < 100) year += 2000;
  // A malformed year is reported with the month's code: the contract's four codes cover every card error.
  if (month === undefined || month < 1 || month > 12 || year === undefined || year < 2000 || year > 2099) return { error: 'invalid_expiry_month' };
  if (isExpired(month, year, now)) return { error: 'expired_card' };

  const cvc = typeof card.cvc === 'number' ? String(card.cvc) : typeof card.cvc === 'string' ? card.cvc.trim() : '';
  if (!/^\d{3,4}$/.test(cvc)) return { error: 'invalid_cvc' };

  const name = typeof card.name === 'string' && card.name.trim() !== '' ? card.name.trim().slice(0, 200) : null;
  return {
    details: { brand: cardBrand(digitsOnly(number)), last4: number.slice(-4), exp_month: month, exp_year: year },
    outcome: TEST_CARDS[number] ?? 'approve',
    name,
  };
}
