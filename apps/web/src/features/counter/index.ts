/**
 * The branch counter (`/mostrador`, docs/counter.md): staff sign-in, a reservation looked up by number or QR code, the
 * day's pickups and returns at the staff member's branch, and the handover and return. Other code uses this feature
 * through this file only.
 */
export type { CounterAllowed, CounterBranch, CounterDayList, CounterDayRow, CounterDriver, CounterPayment, CounterPrecheckin, CounterReservation } from '@/content';
export { counterNumber, counterToday, loadCounterDay, loadCounterReservation } from './loaders';
export type { CounterLookup } from './loaders';
export { currentStaff, staffFromRequest } from './staff';
export type { CounterStaff, StaffOutcome } from './staff';
export { CounterActions } from './components/counter-actions';
export { answerCollect, answerCounterAction, answerPhoto } from './action-api';
export { counterFileAnswer, counterReservationAnswer } from './counter-api';
export { COUNTER_PATH, counterReservationPath } from './counter-routes';
export { numberFromScan } from './scan-text';
export { grayOf, READ_PASSES, readQr, readQrPass } from './qr-reader';
export type { GrayImage, ReadPass } from './qr-reader';
export { counterCodeOptions } from './qr-code';
export { CounterHomePage } from './pages/counter-home-page';
export { CounterReservationPage } from './pages/counter-reservation-page';
export { counterMetadata } from './pages/counter-metadata';
