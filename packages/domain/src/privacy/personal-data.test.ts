import { describe, expect, it } from 'vitest';
import {
  buildDataExport,
  erasureBlocker,
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

  it('is refused while a reservation is not returned, and allowed once every one is returned or cancelled', () => {
    const now = new Date('2030-01-10T12:00:00.000Z');
    expect(erasureBlocker([{ number: 'FF-1', status: 'paid', returnDate: '2030-01-12T10:00:00' }, { number: 'FF-2', status: 'cancelled', returnDate: '2030-02-01T10:00:00' }], now)).toContain('FF-1');
    expect(erasureBlocker([{ number: 'FF-1', status: 'paid', returnDate: '2030-01-09T10:00:00' }, { number: 'FF-2', status: 'cancelled', returnDate: '2030-02-01T10:00:00' }], now)).toBeNull();
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
