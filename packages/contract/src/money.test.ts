import { describe, expect, it } from 'vitest';
import { formatCredits, formatMoney, parseAmount } from './money.ts';

const EUR = { sign: '€', short_name: 'EUR' };
const USD = { sign: null, short_name: 'USD' };

describe('formatMoney: one money format per language', () => {
  it('writes Montenegrin as 1.234,50 € and English as €1,234.50', () => {
    expect(formatMoney(1234.5, EUR, 'me')).toBe('1.234,50 €');
    expect(formatMoney(1234.5, EUR, 'en')).toBe('€1,234.50');
  });

  it('names a currency without a sign by its short name', () => {
    expect(formatMoney(1234.5, USD, 'me')).toBe('1.234,50 USD');
    expect(formatMoney(1234.5, USD, 'en')).toBe('USD 1,234.50');
    expect(formatMoney(0.45, { sign: ' ', short_name: 'CHF' }, 'en')).toBe('CHF 0.45');
  });

  it('writes the number alone without a currency, always with two decimals', () => {
    expect(formatMoney(369.5, null, 'me')).toBe('369,50');
    expect(formatMoney(369.5, null, 'en')).toBe('369.50');
    expect(formatMoney(0, null, 'me')).toBe('0,00');
    expect(formatMoney(7, EUR, 'en')).toBe('€7.00');
  });

  it('puts the minus first, and an amount rounding to zero has none', () => {
    expect(formatMoney(-1234.5, EUR, 'me')).toBe('-1.234,50 €');
    expect(formatMoney(-1234.5, EUR, 'en')).toBe('-€1,234.50');
    expect(formatMoney(-40, USD, 'en')).toBe('-USD 40.00');
    expect(formatMoney(-0.001, EUR, 'me')).toBe('0,00 €');
    expect(formatMoney(-0, null, 'en')).toBe('0.00');
  });

  it('groups large amounts and rounds to the cent', () => {
    expect(formatMoney(999_999_999.99, EUR, 'me')).toBe('999.999.999,99 €');
    expect(formatMoney(1_234_567.891, null, 'en')).toBe('1,234,567.89');
    expect(formatMoney(2.675, null, 'me')).toMatch(/^2,6[78]$/);
    expect(formatMoney(0.125, null, 'en')).toBe('0.13');
  });
});

describe('formatCredits: a quantity, only the decimals it has', () => {
  it('groups and writes the decimal mark of the language', () => {
    expect(formatCredits(1234.5, 'me')).toBe('1.234,5');
    expect(formatCredits(1234.5, 'en')).toBe('1,234.5');
    expect(formatCredits(500, 'me')).toBe('500');
    expect(formatCredits(0, 'en')).toBe('0');
    expect(formatCredits(9.999, 'me')).toBe('10');
    expect(formatCredits(-20.25, 'en')).toBe('-20.25');
  });

  it('signs a change: +500, -20, and zero without a sign', () => {
    expect(formatCredits(500, 'me', true)).toBe('+500');
    expect(formatCredits(-1234.5, 'me', true)).toBe('-1.234,5');
    expect(formatCredits(1234.5, 'en', true)).toBe('+1,234.5');
    expect(formatCredits(0, 'en', true)).toBe('0');
  });
});

describe('parseAmount: what a user types, per language', () => {
  it('reads Montenegrin with or without group marks', () => {
    expect(
      ['1.234,50', '1234,50', ' 12,5 ', '0,05', '500', '1.234', '1.234.567,8'].map((t) =>
        parseAmount(t, 'me'),
      ),
    ).toEqual([1234.5, 1234.5, 12.5, 0.05, 500, 1234, 1234567.8]);
  });

  it('reads English with or without group marks', () => {
    expect(
      ['1,234.50', '1234.50', ' 12.5 ', '0.05', '500', '1,234', '1,234,567.8'].map((t) =>
        parseAmount(t, 'en'),
      ),
    ).toEqual([1234.5, 1234.5, 12.5, 0.05, 500, 1234, 1234567.8]);
  });

  it('reads a sign, and -0 is zero', () => {
    expect(parseAmount('-1.234,5', 'me')).toBe(-1234.5);
    expect(parseAmount('+500', 'en')).toBe(500);
    expect(parseAmount('-0,00', 'me')).toBe(0);
    expect(Object.is(parseAmount('-0', 'en'), 0)).toBe(true);
  });

  it("refuses the other language's form instead of guessing", () => {
    // '1.234' is 1234 in Montenegrin; in English 1.234, which the schemas refuse (2 decimals at most).
    expect(parseAmount('1.234', 'en')).toBe(1.234);
    expect(parseAmount('1,234', 'me')).toBe(1.234);
    expect(parseAmount('12.5', 'me')).toBeNull();
    expect(parseAmount('12,5', 'en')).toBeNull();
    expect(parseAmount('1,234.50', 'me')).toBeNull();
    expect(parseAmount('1.234,50', 'en')).toBeNull();
  });

  it('refuses misplaced marks, more than 9 whole digits or decimals, and other text', () => {
    const bad = [
      '',
      ' ',
      'abc',
      '1e3',
      '5,1234567890',
      '--5',
      '+',
      '1.23,4',
      '12.34.567',
      ',5',
      '5,',
      '1 234',
      '1234567890',
      '€5',
    ];
    expect(bad.map((t) => parseAmount(t, 'me'))).toEqual(bad.map(() => null));
    expect(parseAmount('999.999.999,99', 'me')).toBe(999_999_999.99);
    expect(parseAmount('0001234', 'en')).toBe(1234);
    // More than 2 decimals is a number; the schemas refuse it with 'Najviše 2 decimale.'.
    expect(parseAmount('5,123', 'me')).toBe(5.123);
  });

  it('reads what requests carry (plain numbers) and nothing else', () => {
    expect(['500', '+500', '-500', ' 12.5 ', '0.05'].map((t) => parseAmount(t, 'request'))).toEqual([
      500, 500, -500, 12.5, 0.05,
    ]);
    expect(
      ['', 'abc', '1e3', '--5', '5,5', '+', '1,234', '1.234,5'].map((t) => parseAmount(t, 'request')),
    ).toEqual(Array(8).fill(null));
  });
});
