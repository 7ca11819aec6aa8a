/**
 * The branch counter (`/mostrador`, docs/counter.md): staff sign-in, a reservation looked up by number or QR code, the
 * day's pickups and returns at the staff member's branch, and the handover and return. Other code uses this feature
 * through this file only: its pages, its API's answers, and the QR code's options and reader (the pre-check-in draws
 * the code the counter reads).
 */
export { answerAssignVehicle, answerCollect, answerCounterAction, answerPhoto } from './action-api';
export { counterFileAnswer, counterReservationAnswer } from './counter-api';
export { answerFleetBoard, answerVehicleStatus } from './fleet-api';
export { grayOf, readQr, readQrPass } from './qr-reader';
export type { GrayImage } from './qr-reader';
export { counterCodeOptions } from './qr-code';
export { CounterHomePage } from './pages/counter-home-page';
export { CounterReservationPage } from './pages/counter-reservation-page';
export { CounterFleetPage } from './pages/counter-fleet-page';
export { counterMetadata } from './pages/counter-metadata';
