import { describe, expect, it } from 'vitest';
import { issue } from '@/lib/issues';
import { extrasStepRefusal, stepToFix } from './step-refusals';

describe('the extras step’s refusal', () => {
  it('puts an extra’s issue on its quantity and the delivery’s on the delivery', () => {
    expect(extrasStepRefusal([issue('extras.child_seat', 'booking.errors.tooManyExtras', { max: 2 }), issue('delivery_option_id', 'booking.errors.unknownDelivery')])).toEqual({
      errors: { 'quantities.child_seat': { message: 'booking.errors.tooManyExtras', params: { max: 2 } }, deliveryOptionId: { message: 'booking.errors.unknownDelivery' } },
      formError: undefined,
    });
  });

  it('says anything else above the form, the first issue of a field winning', () => {
    expect(
      extrasStepRefusal([issue('pickup_date', 'booking.errors.soldOut'), issue('car_id', 'booking.errors.carUnavailable'), issue('extras.gps', 'booking.errors.unknownExtra'), issue('extras.gps', 'booking.errors.tooManyExtras', { max: 1 })]),
    ).toEqual({ errors: { 'quantities.gps': { message: 'booking.errors.unknownExtra' } }, formError: { message: 'booking.errors.soldOut' } });
  });
});

describe('the step that puts an issue of the draft right', () => {
  it('sends extras and delivery to the extras step, the coverage to its step, the age to the client step, the rest to the first step', () => {
    expect(['extras.GPS', 'delivery_option_id', 'coverage_id', 'birthday', 'car_id', 'pickup_date', 'return_location'].map(stepToFix)).toEqual([
      'extras',
      'extras',
      'coverage',
      'client',
      'location',
      'location',
      'location',
    ]);
  });
});
