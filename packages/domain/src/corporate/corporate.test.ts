import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createCorporateLeadSchema } from './index';

const valid = { company: 'Transportes Istmo S.A.', contactName: 'Laura Díaz', email: 'laura@istmo.example', phone: '6123-4567', fleetSize: '12', message: 'Necesitamos 12 pickups por un año.' };

describe('corporate lead', () => {
  it('accepts a complete lead and gives the phone in E.164', () => {
    expect(createCorporateLeadSchema().parse(valid)).toEqual({ ...valid, phone: '+50761234567' });
  });

  it('says what is missing or wrong, one message per field', () => {
    const result = z.safeParse(createCorporateLeadSchema(), { ...valid, company: ' ', email: 'laura', fleetSize: 'muchos', message: '' });
    const byField = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField).toEqual({ company: 'validation.required', email: 'validation.email', fleetSize: 'validation.fleetSize', message: 'validation.required' });
  });

  it('takes a fleet size of 1 to 99999 cars', () => {
    for (const [size, ok] of [['1', true], ['99999', true], ['0', false], ['100000', false], ['2.5', false]] as const) {
      expect(z.safeParse(createCorporateLeadSchema(), { ...valid, fleetSize: size }).success, size).toBe(ok);
    }
  });
});
