import { BOOKING_STEPS, type BookingStep, type DraftData } from './booking-draft';

/** The first step the renter has not completed, or undefined when every step is done (checkout is next). */
export function firstIncompleteStep(data: Pick<DraftData, 'completed'>): BookingStep | undefined {
  return BOOKING_STEPS.find((step) => !data.completed.includes(step));
}

/** A step may be opened once every step before it is done; checkout once all are. */
export function canOpenStep(step: BookingStep | 'checkout', data: Pick<DraftData, 'completed'>): boolean {
  const index = step === 'checkout' ? BOOKING_STEPS.length : BOOKING_STEPS.indexOf(step);
  return BOOKING_STEPS.slice(0, index).every((before) => data.completed.includes(before));
}

/** The step after `step`, or checkout after the last. */
export function nextStep(step: BookingStep): BookingStep | 'checkout' {
  return BOOKING_STEPS[BOOKING_STEPS.indexOf(step) + 1] ?? 'checkout';
}

export function previousStep(step: BookingStep | 'checkout'): BookingStep | undefined {
  const index = step === 'checkout' ? BOOKING_STEPS.length : BOOKING_STEPS.indexOf(step);
  return index > 0 ? BOOKING_STEPS[index - 1] : undefined;
}

/** Marks `step` done. Changing the dates or branches keeps later steps done: their choices stay valid and re-priced. */
export function completeStep(data: DraftData, step: BookingStep): DraftData {
  return data.completed.includes(step) ? data : { ...data, completed: [...data.completed, step] };
}

export function isBookingStep(value: string | undefined): value is BookingStep {
  return (BOOKING_STEPS as readonly string[]).includes(value ?? '');
}
