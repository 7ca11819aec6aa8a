// Test-only helper: a complete reservation summary for the confirmation email and calendar tests.
import type { ReservationSummary } from './reservation-summary';

/** A postpaid, unpaid reservation in Spanish: Tocumen 1 Dec 2026 10:00 to Albrook 5 Dec 2026 18:30 (Panama time). */
export function sampleReservationSummary(overrides: Partial<ReservationSummary> = {}): ReservationSummary {
  return {
    reservationNumber: 'FF-7K3M9Q',
    status: 'unpaid',
    reservationType: 'postpaid',
    paymentType: 'unpaid',
    locale: 'es',
    siteName: 'Firefly',
    refundBusinessDays: 15,
    client: { firstName: 'Ana', lastName: 'Pérez', email: 'ana.perez@example.com', phone: '+507 6123-4567' },
    car: { name: 'Kia Picanto', classCode: 'MCMR' },
    pickup: {
      branchName: 'Aeropuerto de Tocumen (PTY)',
      address: 'Av. Domingo Díaz, Tocumen',
      phone: '+5072384000',
      at: '2026-12-01T10:00',
    },
    return: { branchName: 'Albrook Mall', address: undefined, phone: undefined, at: '2026-12-05T18:30' },
    // Tocumen is open round the clock but on Tuesdays (1 Dec 2026 is one), 06:00 to 22:00.
    pickupOpeningHours: [
      { days: [0, 1, 3, 4, 5, 6], open: '00:00', close: '24:00' },
      { days: [2], open: '06:00', close: '22:00' },
    ],
    days: 5,
    coverageName: 'Cobertura básica (CDW)',
    lines: [
      { code: 'car', label: 'Auto: 5 días × $25.00', amount: 12_500 },
      { code: 'coverage', label: 'Cobertura básica', amount: 6_000 },
      { code: 'airport_tax', label: 'Tasa aeroportuaria (12 %)', amount: 1_500 },
      { code: 'tax', label: 'ITBMS (7 %)', amount: 1_505 },
    ],
    total: 21_505,
    manageUrl: 'https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q',
    revision: 0,
    precheckinUrl: undefined,
    ...overrides,
  };
}
