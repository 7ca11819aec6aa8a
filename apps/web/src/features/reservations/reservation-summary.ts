import type { LocalDateTime, OpeningHours } from '@rentacar/domain/dates';
import type { Cents } from '@rentacar/domain/money';
import type { PaymentType } from '@rentacar/domain/payments';
import type { ReservationType } from '@rentacar/domain/quote';
import type { Locale } from '@/i18n/routing';

/**
 * A saved reservation as the renter sees it, in one language: what the thanks page, manage booking, the confirmation
 * email and the calendar file show. Built on the server from the saved record and the content service's data.
 */
export type ReservationSummary = {
  reservationNumber: string;
  status: 'unpaid' | 'paid' | 'cancelled';
  reservationType: ReservationType;
  paymentType: PaymentType;
  locale: Locale;
  siteName: string;
  /** The most business days a refund takes to arrive: the brand's one setting. */
  refundBusinessDays: number;
  client: { firstName: string; lastName: string; email: string; phone: string };
  car: { name: string; classCode: string | undefined };
  pickup: { branchName: string; address: string | undefined; phone: string | undefined; at: LocalDateTime };
  return: { branchName: string; address: string | undefined; phone: string | undefined; at: LocalDateTime };
  /** The pickup branch's weekly hours, for its hours on the pickup day (undefined when the branch is no longer shown). */
  pickupOpeningHours: OpeningHours | undefined;
  days: number;
  coverageName: string;
  /** The arrival flight kept with a delivery option that meets it (meet & greet); undefined otherwise. */
  flightNumber?: string | undefined;
  /** The bill's lines, labelled in `locale`; they sum to `total`. */
  lines: { code: string; label: string; amount: Cents }[];
  total: Cents;
  /** Absolute URL of manage booking for this reservation. */
  manageUrl: string;
  /** The reservation's revision (content service): the SEQUENCE of its calendar file. */
  revision: number;
  /** Absolute URL of the pre-check-in while the brand offers it and the renter has not done it; otherwise undefined. */
  precheckinUrl: string | undefined;
};
