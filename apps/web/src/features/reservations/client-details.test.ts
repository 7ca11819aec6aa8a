import { describe, expect, it } from 'vitest';
import { validateClient } from './client-details';

const client = { name: ' Ana ', last_name: 'Pérez', email: 'ana@example.com', license: 'PA-123456', birthday: '1990-05-20', phone_number: '6123-4567' };

describe('validateClient', () => {
  it('accepts a renter and gives the phone in E.164', () => {
    expect(validateClient(client, '2026-12-01T10:00', 21)).toEqual({
      ok: true,
      value: { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.com', phone: '+50761234567', birthday: '1990-05-20', license: 'PA-123456' },
    });
  });

  it('counts the age on the pickup date: 21 the day before the pickup passes, 20 is refused', () => {
    expect(validateClient({ ...client, birthday: '2005-11-30' }, '2026-12-01T10:00', 21).ok).toBe(true);
    const young = validateClient({ ...client, birthday: '2005-12-02' }, '2026-12-01T10:00', 21);
    expect(young).toEqual({ ok: false, issues: [{ field: 'client.birthday', code: 'min_age', message: 'validation.minAge', params: { minimumAge: 21 } }] });
  });

  it('reports each wrong field under the API name', () => {
    const result = validateClient({ ...client, name: '', email: 'not-an-email', phone_number: '12' }, '2026-12-01T10:00', 21);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.map((issue) => [issue.field, issue.code])).toEqual([
        ['client.name', 'required'],
        ['client.email', 'email'],
        ['client.phone_number', 'phone'],
      ]);
    }
  });
});
