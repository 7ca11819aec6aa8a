import { describe, expect, it } from 'vitest';
import { formatPlate, isPanamaPlate, isVehicleStatus, normalizePlate, vinProblem } from './identity';

describe('plates', () => {
  it('accepts Panama\'s two letters and four digits, and the older six digits, however typed', () => {
    expect(isPanamaPlate('AB1234')).toBe(true);
    expect(isPanamaPlate('ab-1234')).toBe(true);
    expect(isPanamaPlate('AB 1234')).toBe(true);
    expect(isPanamaPlate('123456')).toBe(true);
    expect(normalizePlate(' ab-1234 ')).toBe('AB1234');
  });

  it('refuses anything else', () => {
    for (const plate of ['', 'A1234', 'ABC1234', 'AB123', '12345', '1234567', 'AB12X4', 'ÑA1234']) expect(isPanamaPlate(plate), plate).toBe(false);
  });

  it('is shown with its hyphen', () => {
    expect(formatPlate('AB1234')).toBe('AB-1234');
    expect(formatPlate('ab-1234')).toBe('AB-1234');
    expect(formatPlate('123456')).toBe('123456');
  });
});

describe('VINs', () => {
  it('accepts 17 letters and digits without I, O or Q, with or without a North-American check digit', () => {
    expect(vinProblem('KNAB2512AMT123456')).toBeNull();
    expect(vinProblem('1hgcm82633a004352')).toBeNull();
  });

  it('refuses a wrong length, I, O or Q, and other characters', () => {
    expect(vinProblem('KNAB2512AMT12345')).toContain('17');
    expect(vinProblem('KNAB2512AMTI23456')).toContain('I, O or Q');
    expect(vinProblem('KNAB2512AMT-23456')).toContain('letters and digits');
  });
});

it('knows the states staff give a unit', () => {
  expect(isVehicleStatus('needs_cleaning')).toBe(true);
  expect(isVehicleStatus('on_rent')).toBe(false);
});
