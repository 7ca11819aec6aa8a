import { finalBill } from '@rentacar/domain/rentals';
import type { ReservationSummary } from '@/features/reservations';
import type { ReceiptDetails } from './receipt-email';

/**
 * A return receipt's details for tests: the sample reservation paid online (US$215.05), back 2 hours late with 3
 * eighths of fuel missing (US$5.00 an eighth, US$10.00 an hour, ITBMS 7 %), a US$200.00 cash deposit of which the
 * charges' US$37.45 were kept. Overrides replace the bill's inputs.
 */
export function sampleReceipt(summary: ReservationSummary, overrides: Partial<Parameters<typeof finalBill>[0]> = {}): ReceiptDetails {
  const bill = finalBill({
    rental: { lines: summary.lines, total: summary.total },
    returnCharges: [
      { code: 'fuel', quantity: 3, unitAmount: 500, amount: 1_500 },
      { code: 'late_return', quantity: 2, unitAmount: 1_000, amount: 2_000 },
      { code: 'tax', amount: 245 },
    ],
    payments: [{ kind: 'charge', status: 'succeeded', amount: summary.total }],
    deposit: { amount: 20_000, kept: 3_745, method: 'cash', refunded: true },
    ...overrides,
  });
  return { summary, bill, returnedAt: '2026-12-05T20:15', mileage: { out: 12_345, in: 12_901 } };
}
