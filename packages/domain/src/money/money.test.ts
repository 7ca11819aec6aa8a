import { describe, expect, it } from 'vitest';
import {
  assertCents,
  assertNonNegativeCents,
  centsToDecimalString,
  centsToDollars,
  divideRounded,
  formatAmountsInText,
  formatMoney,
  isCents,
  multiplyCents,
  parseMoney,
  parsePercent,
  percentOf,
  sumCents,
  type MoneyLocale,
} from './index';

describe('formatMoney', () => {
  it.each<[number, MoneyLocale, string]>([
    [0, 'es', '$0.00'],
    [399, 'es', '$3.99'],
    [12345650, 'es', '$123,456.50'],
    [-399, 'es', '-$3.99'],
    [0, 'en', '$0.00'],
    [399, 'en', '$3.99'],
    [12345650, 'en', '$123,456.50'],
    [100, 'en', '$1.00'],
  ])('%i cents in %s → %s', (cents, locale, expected) => {
    expect(formatMoney(cents, locale)).toBe(expected);
  });

  it('refuses a float', () => {
    expect(() => formatMoney(3.99, 'en')).toThrow(RangeError);
    expect(() => formatMoney(3.99, 'en')).toThrow(RangeError);
  });

  it('writes an amount asked again the same way, also after many other amounts', () => {
    expect(formatMoney(4500, 'es')).toBe('$45.00');
    for (let cents = 0; cents < 10_000; cents += 1) formatMoney(cents * 7, cents % 2 === 0 ? 'es' : 'en');
    expect(formatMoney(4500, 'es')).toBe('$45.00');
    expect(formatMoney(-4500, 'en')).toBe('-$45.00');
    expect(formatMoney(-4500, 'en')).toBe('-$45.00');
  });
});

describe('the one money format', () => {
  it('writes a whole amount with its cents in both languages, the same way', () => {
    expect(formatMoney(150000, 'es')).toBe('$1,500.00');
    expect(formatMoney(150000, 'en')).toBe('$1,500.00');
  });

  it.each<[string, MoneyLocale, string]>([
    ['Protección por daños al vehículo con deducible de US$1,500', 'es', 'Protección por daños al vehículo con deducible de $1,500.00'],
    ['Vehicle damage cover with a US$1,500 deductible', 'en', 'Vehicle damage cover with a $1,500.00 deductible'],
    ['Verano 2027: US$25 menos para tu viaje a la playa', 'es', 'Verano 2027: $25.00 menos para tu viaje a la playa'],
    ['puede contratarse por US$3.99 por día', 'es', 'puede contratarse por $3.99 por día'],
    ['desde US$250 con la Protección Premium hasta US$2,500.', 'es', 'desde $250.00 con la Protección Premium hasta $2,500.00.'],
    ['<p>el cargo es de <strong>US$150</strong>.</p>', 'es', '<p>el cargo es de <strong>$150.00</strong>.</p>'],
    ['USD 12.5 and $ 7 and US $1,234.56', 'en', '$12.50 and $7.00 and $1,234.56'],
    ['Deducible de US$0', 'es', 'Deducible de $0.00'],
    ['Already $1,500.00', 'en', 'Already $1,500.00'],
  ])('rewrites the amounts staff wrote: %s', (text, locale, expected) => {
    expect(formatAmountsInText(text, locale)).toBe(expected);
  });

  it.each([
    'No amount here, only 12 % off',
    'Finances of at most US$5M a year',
    'A fund of US$5 millones',
    'Other dollars: AUS$100, C$20',
    'A figure it cannot write again: US$3.999 or $1,5000',
  ])('leaves what is not a dollar amount it can write as it is: %s', (text) => {
    expect(formatAmountsInText(text, 'es')).toBe(text);
  });
});

describe('percentOf (half away from zero)', () => {
  it.each<[number, number, number, string]>([
    [10000, 7, 700, 'exact'],
    [1050, 7, 74, '73.5 → 74'],
    [1049, 7, 73, '73.43 → 73'],
    [-1050, 7, -74, '−73.5 → −74'],
    [333, 12.5, 42, '41.625 → 42'],
    [1001, 1.1, 11, '11.011 → 11'],
    [150, 1, 2, '1.5 → 2'],
    [50, 1, 1, '0.5 → 1'],
    [49, 1, 0, '0.49 → 0'],
    [4500, 90, 4050, 'prepaid rate with 10 % off'],
    [3999, 0, 0, 'zero percent'],
    [3999, 100, 3999, 'whole'],
    [1, 50, 1, '0.5 → 1'],
    [3, 50, 2, '1.5 → 2'],
    [1000, 0.35, 4, '3.5 → 4 (float 0.35 is not exact)'],
    [10, 14.5, 1, '1.45 → 1'],
  ])('%i × %d %% = %i (%s)', (cents, percent, expected) => {
    expect(percentOf(cents, percent)).toBe(expected);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [1.23456789]])('rejects percent %d', (percent) => {
    expect(() => percentOf(100, percent)).toThrow(RangeError);
  });

  it('rejects fractional cents', () => {
    expect(() => percentOf(10.5, 7)).toThrow(RangeError);
  });
});

describe('divideRounded', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [-4n, 3n, -1n],
    [0n, 7n, 0n],
  ])('%s / %s = %s', (n, d, q) => {
    expect(divideRounded(n, d)).toBe(q);
  });

  it('rejects a non-positive denominator', () => {
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it.each<[string, number | null]>([
    ['3.99', 399],
    ['$3.99', 399],
    ['  12 ', 1200],
    ['12.5', 1250],
    ['1,234.50', 123450],
    ['$1,234,567.01', 123456701],
    ['-10', -1000],
    ['-0', 0],
    ['0.07', 7],
    ['3.999', null],
    ['1,23.00', null],
    ['abc', null],
    ['', null],
    ['3.', null],
    ['.5', null],
    ['99999999999999999', null],
  ])('parseMoney(%j) = %s', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });
});

describe('parsePercent', () => {
  it.each<[number | string | null | undefined, number | null]>([
    [12, 12],
    ['12.00', 12],
    [' 7 ', 7],
    ['0', 0],
    [100, 100],
    ['33.33', 33.33],
    [null, null],
    [undefined, null],
    ['', null],
    ['12%', null],
    ['1e2', null],
    ['-1', null],
    [100.5, null],
    [Number.NaN, null],
  ])('parsePercent(%j) = %s', (input, expected) => {
    expect(parsePercent(input)).toBe(expected);
  });
});

describe('guards and arithmetic', () => {
  it.each<[unknown, boolean]>([
    [0, true],
    [-5, true],
    [399, true],
    [3.99, false],
    [Number.NaN, false],
    [2 ** 53, false],
    ['399', false],
    [null, false],
  ])('isCents(%j) = %s', (value, expected) => {
    expect(isCents(value)).toBe(expected);
  });

  it('assertCents returns the value or throws with the label', () => {
    expect(assertCents(5)).toBe(5);
    expect(() => assertCents(0.1, 'fee')).toThrow(/fee must be an integer/);
    expect(() => assertNonNegativeCents(-1, 'price')).toThrow(/price must not be negative/);
    expect(assertNonNegativeCents(0)).toBe(0);
  });

  it.each<[number, string]>([
    [0, '0.00'],
    [5, '0.05'],
    [399, '3.99'],
    [123450, '1234.50'],
    [-1, '-0.01'],
    [-123456, '-1234.56'],
  ])('centsToDecimalString(%i) = %s', (cents, expected) => {
    expect(centsToDecimalString(cents)).toBe(expected);
  });

  it('sums and multiplies in whole cents', () => {
    expect(sumCents()).toBe(0);
    expect(sumCents(399, 1, -100)).toBe(300);
    expect(() => sumCents(1, 0.5)).toThrow(RangeError);
    expect(multiplyCents(399, 3)).toBe(1197);
    expect(() => multiplyCents(399, 1.5)).toThrow(RangeError);
  });
});

describe('centsToDollars', () => {
  it('gives the dollars of an amount in cents, for a figure to sum and show (not to compute with)', () => {
    expect(centsToDollars(2599)).toBe(25.99);
    expect(centsToDollars(10000)).toBe(100);
    expect(centsToDollars(-150)).toBe(-1.5);
    expect(centsToDollars(0)).toBe(0);
    expect(() => centsToDollars(12.5)).toThrow(RangeError);
  });
});
