import { describe, expect, it } from 'vitest';
import {
  buildDataExport,
  erasureBlocker,
  erasureOpenReason,
  erasurePlan,
  mentionsEmail,
  sameEmail,
} from './personal-data';

describe('erasure', () => {
  it('blanks every personal field and names the files to delete', () => {
    const plan = erasurePlan('precheckins', { id: 3, license_file: 'f-1', id_file: { id: 'f-2' }, license_number: 'L-1', status: 'paid' });
    expect(plan.files).toEqual(['f-1', 'f-2']);
    expect(plan.patch).toMatchObject({ license_number: null, id_document: null, contact_email: null, license_file: null, id_file: null, additional_drivers: null });
    expect(plan.patch).not.toHaveProperty('status');
    const reservation = erasurePlan('reservations', { client_name: 'Ana', total: 10_000 });
    expect(Object.keys(reservation.patch).sort()).toEqual(['client_birthday', 'client_email', 'client_last_name', 'client_license', 'client_name', 'client_phone']);
    expect(reservation.files).toEqual([]);
    expect(erasurePlan('job_applications', { cv: null }).files).toEqual([]);
  });

  it('follows the rental lifecycle, not the booked dates: erasable once returned, cancelled or a no-show', () => {
    const blocker = (...reservations: Array<[string, string | null, unknown]>) =>
      erasureBlocker(reservations.map(([number, status, rentalStatus]) => ({ number, status, rentalStatus })));
    // Handed back early, before its booked return: erasable at once.
    expect(blocker(['FF-1', 'paid', 'returned'])).toBeNull();
    expect(blocker(['FF-1', 'paid', 'returned'], ['FF-2', 'cancelled', 'booked'], ['FF-3', 'unpaid', 'no_show'])).toBeNull();
    // Picked up and overdue (the booked return long past): the car is out, refused.
    expect(blocker(['FF-4', 'paid', 'picked_up'])).toMatch(/FF-4 is picked up and not returned/);
    // Picked up, then its payment cancelled: the car is still out.
    expect(blocker(['FF-5', 'cancelled', 'picked_up'])).toContain('FF-5');
    // Booked for a pickup (a row older than the field reads as booked): refused, and staff are told what to do.
    expect(blocker(['FF-6', 'paid', 'booked'], ['FF-7', 'unpaid', null])).toMatch(/FF-6, FF-7 are booked and not picked up.*no-show/);
    const both = blocker(['FF-8', 'paid', 'picked_up'], ['FF-9', 'paid', 'booked'], ['FF-10', 'paid', 'returned']);
    expect(both).toContain('FF-8');
    expect(both).toContain('FF-9');
    expect(both).not.toContain('FF-10');
    expect(erasureOpenReason({ number: 'FF-1', status: 'paid', rentalStatus: 'picked_up' })).toBe('car_out');
    expect(erasureOpenReason({ number: 'FF-1', status: 'cancelled', rentalStatus: 'booked' })).toBeNull();
  });

  it('compares e-mail addresses without case, and finds one anywhere in a draft', () => {
    expect(sameEmail(' Ana@Example.com', 'ana@example.com ')).toBe(true);
    expect(sameEmail('', '')).toBe(false);
    expect(mentionsEmail({ step: 'driver', client: { email: 'ANA@example.com' } }, 'ana@example.com')).toBe(true);
    expect(mentionsEmail({ client: { email: 'ben@example.com' }, list: ['x'] }, 'ana@example.com')).toBe(false);
  });
});

describe('a copy of one\'s data', () => {
  it('holds the chosen fields of each record, with the reservation they belong to, and no file ids or tokens', () => {
    const copy = buildDataExport({
      email: 'Ana@Example.com',
      generatedAt: new Date('2030-01-01T00:00:00.000Z'),
      records: {
        reservations: [{ id: 9, reservation_number: 'FF-1', client_name: 'Ana', total: 5000, idempotency_key: 'secret-key' }],
        precheckins: [{ id: 3, reservation_number: 'FF-1', license_number: 'L-1', license_file: 'f-1' }],
        payments: [{ id: 1, reservation_number: 'FF-1', amount: 5000, status: 'succeeded', payment_method: 'pm_123', provider_reference: 'pi_1' }],
        corporate_leads: [],
        job_applications: [{ id: 2, job: 4, name: 'Ana', cv: 'f-9' }],
        reservation_drafts: [],
      },
      documentsOnFile: [{ license: true, id: false }],
      cvOnFile: [true],
    });
    expect(copy.about).toBe('ana@example.com');
    expect(copy.reservations).toEqual([{ reservation_number: 'FF-1', client_name: 'Ana', total: 5000 }]);
    expect(copy.precheckins).toEqual([{ reservation_number: 'FF-1', license_number: 'L-1', documents_on_file: { license: true, id: false } }]);
    expect(copy.payments).toEqual([{ reservation_number: 'FF-1', amount: 5000, status: 'succeeded' }]);
    expect(copy.job_applications).toEqual([{ job: 4, name: 'Ana', cv_on_file: true }]);
    expect(JSON.stringify(copy)).not.toMatch(/secret-key|pm_123|pi_1|f-1|f-9/);
  });
});
