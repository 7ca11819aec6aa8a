import 'server-only';
import { formatMoney } from '@rentacar/domain/money';
import { RENTAL_REFUSALS, type FinalBill, type RentalRefusal } from '@rentacar/domain/rentals';
import type { CounterWriteRefusal } from '@/content';
import type { Locale } from '@/i18n/routing';
import type { CounterActionsErrorKey } from '@/lib/issues';
import type { CollectRefusal } from './closing';

/**
 * What went wrong with a counter action, in one shape for the storefront API (its status, field and stable code, the
 * message translated at the edge) and the screen's forms (the message key, translated in the browser). The content
 * service's codes are passed on: its 409 reason is the code, its 400 names the field.
 */
export type CounterProblem = { status: number; field: string; code: string; key: CounterActionsErrorKey; params?: Record<string, string | number> };

const isRentalRefusal = (value: string | undefined): value is RentalRefusal => (RENTAL_REFUSALS as readonly string[]).includes(value ?? '');

export function problemOfStaff(status: 401 | 403): CounterProblem {
  return status === 401
    ? { status, field: 'authorization', code: 'unauthenticated', key: 'signIn' }
    : { status, field: 'authorization', code: 'forbidden', key: 'forbidden' };
}

/** The content service's refusal of a pickup, return or no-show. */
export function problemOfRefusal(refusal: CounterWriteRefusal, locale: Locale): CounterProblem {
  switch (refusal.status) {
    case 401:
      return problemOfStaff(401);
    case 403:
      return refusal.code === 'OTHER_BRANCH'
        ? { status: 403, field: 'reservation_number', code: 'other_branch', key: 'otherBranch' }
        : { status: 403, field: 'authorization', code: refusal.code === 'NO_BRANCH' ? 'no_branch' : 'forbidden', key: 'forbidden' };
    case 404:
      return { status: 404, field: 'reservation_number', code: 'not_found', key: 'notFound' };
    case 409: {
      const reason = refusal.reason === 'not_returned' || isRentalRefusal(refusal.reason) ? refusal.reason : undefined;
      return reason ? { status: 409, field: 'rental_status', code: reason, key: reason } : { status: 409, field: 'rental_status', code: 'conflict', key: 'unavailable' };
    }
    case 422:
      if (refusal.code === 'MILEAGE_BELOW_PICKUP') return { status: 422, field: 'mileage', code: 'mileage_below_pickup', key: 'mileageBelowPickup' };
      if (refusal.code === 'PLATE_MISMATCH') return { status: 422, field: 'plate', code: 'plate_mismatch', key: 'plateMismatch' };
      if (refusal.code === 'NO_VEHICLE_ASSIGNED') return { status: 422, field: 'plate', code: 'no_vehicle_assigned', key: 'noVehicleAssigned' };
      if (refusal.code === 'DEPOSIT_KEEP_REFUSED' && (refusal.reason === 'no_deposit' || refusal.reason === 'more_than_deposit' || refusal.reason === 'more_than_charges')) {
        return { status: 422, field: 'deposit_kept_amount', code: refusal.reason, key: refusal.reason, params: { max: formatMoney(refusal.max ?? 0, locale) } };
      }
      return { status: 422, field: refusal.field ?? 'body', code: 'invalid_value', key: 'invalid', params: { field: refusal.field ?? 'body' } };
    default:
      return { status: 400, field: refusal.field ?? 'body', code: 'invalid_value', key: 'invalid', params: { field: refusal.field ?? 'body' } };
  }
}

const UNIT_REFUSALS = ['in_maintenance', 'out_of_service', 'service_due', 'being_cleaned', 'taken', 'elsewhere', 'needed_elsewhere_after'] as const;

/** The content service's refusal of a booking's unit chosen by staff (docs/fleet.md). */
export function problemOfAssign(refusal: CounterWriteRefusal, locale: Locale): CounterProblem {
  if (refusal.status === 422 && refusal.code === 'UNKNOWN_PLATE') return { status: 422, field: 'plate', code: 'unknown_plate', key: 'unknownPlate' };
  if (refusal.status === 422 && refusal.code === 'REASON_REQUIRED') return { status: 422, field: 'reason', code: 'reason_required', key: 'reasonRequired' };
  if (refusal.status === 400 && refusal.field === 'plate') return { status: 400, field: 'plate', code: 'invalid_value', key: 'plateInvalid' };
  if (refusal.status === 409 && refusal.code === 'VEHICLE_UNAVAILABLE') {
    const reason = UNIT_REFUSALS.find((known) => known === refusal.reason);
    return { status: 409, field: 'plate', code: `vehicle_${reason ?? 'unavailable'}`, key: 'vehicleUnavailable', params: { reason: reason ?? 'taken' } };
  }
  if (refusal.status === 409) return { status: 409, field: 'rental_status', code: refusal.reason ?? 'conflict', key: 'vehicleLocked' };
  return problemOfRefusal(refusal, locale);
}

/** Why what the return left due could not be collected. */
export function problemOfCollect(refusal: CollectRefusal): CounterProblem {
  switch (refusal.kind) {
    case 'not_found':
      return { status: 404, field: 'reservation_number', code: 'not_found', key: 'notFound' };
    case 'other_branch':
      return { status: 403, field: 'reservation_number', code: 'other_branch', key: 'otherBranch' };
    case 'not_returned':
      return { status: 409, field: 'rental_status', code: 'not_returned', key: 'not_returned' };
    case 'no_saved_card':
      return { status: 409, field: 'method', code: 'no_saved_card', key: 'noSavedCard' };
    case 'declined':
      return { status: 402, field: 'method', code: 'card_declined', key: 'declined', ...(refusal.code ? { params: { decline: refusal.code } } : {}) };
    case 'collecting':
      return { status: 409, field: 'method', code: 'collection_in_progress', key: refusal.method === 'card_on_file' ? 'collectingByCard' : 'collectingAtCounter' };
    case 'unavailable':
      return { status: 503, field: 'service', code: 'service_unavailable', key: 'unavailable' };
  }
}

/** The final bill as the API answers it: every amount in cents. */
export function billBody(bill: FinalBill) {
  return {
    rental: { lines: bill.rental.lines.map(({ code, label, amount }) => ({ code, ...(label ? { label } : {}), amount })), total: bill.rental.total },
    charges: { lines: bill.charges.lines, total: bill.charges.total },
    total: bill.total,
    paid: bill.paid,
    refunded: bill.refunded,
    deposit: bill.deposit,
    due: bill.due,
  };
}
