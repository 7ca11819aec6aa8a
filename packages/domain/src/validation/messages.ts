/**
 * Every message a schema in this package can produce. Messages are translation keys, not text, so the web app
 * looks them up in `messages/{es,en}.json`; its tests can check both files against this list.
 */
export const VALIDATION_MESSAGE_KEYS = [
  'validation.required',
  'validation.tooLong',
  'validation.email',
  'validation.phone',
  'validation.date',
  'validation.minAge',
  'validation.termsRequired',
  'validation.cardNumber',
  'validation.cvv',
  'validation.cardExpired',
  'validation.cardExpiryInvalid',
  'validation.coverageRequired',
  'validation.couponCode',
  'validation.dateTime',
  'validation.pickupInPast',
  'validation.minimumNotice',
  'validation.minimumDays',
  'validation.maximumDays',
  'validation.returnBeforePickup',
  'validation.disabledUntil',
  'validation.timeSlot',
  'validation.branchClosed',
  'validation.country',
  'validation.licenseExpiresBeforeReturn',
  'validation.documentRequired',
  'validation.flightNumber',
  'validation.flightNumberRequired',
  'validation.acceptanceName',
  'validation.fleetSize',
  'validation.passwordTooShort',
  'validation.passwordsDiffer',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (VALIDATION_MESSAGE_KEYS as readonly string[]).includes(value);
}
