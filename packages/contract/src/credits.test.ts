import { describe, expect, it } from 'vitest';
import { creditQuantityForTotal, creditTotal, parseCreditQuantity } from './credits.ts';

describe('credit quantity and total (the add-credits dialog)', () => {
  it('reads 500, +500 and -500, and at most two decimals', () => {
    expect(['500', '+500', '-500', ' 12.5 ', '0.05'].map(parseCreditQuantity)).toEqual([
      500, 500, -500, 12.5, 0.05,
    ]);
    expect(['', 'abc', '1e3', '5.123', '--5', '5,5', '+'].map(parseCreditQuantity)).toEqual(
      Array(7).fill(null),
    );
  });

  it('totals quantity × price to the cent, without float drift', () => {
    expect(creditTotal(3, 0.1)).toBe(0.3);
    expect(creditTotal(500, 0.35)).toBe(175);
    expect(creditTotal(-500, 1.15)).toBe(-575);
    expect(creditTotal(7, 0.55)).toBe(3.85);
  });

  it('turns an edited total into the whole number of credits it pays for', () => {
    expect(creditQuantityForTotal(10, 0.3)).toBe(33);
    expect(creditQuantityForTotal(175, 0.35)).toBe(500);
    expect(creditQuantityForTotal(-10, 0.3)).toBe(-33);
    expect(creditQuantityForTotal(5, 0)).toBe(0);
  });
});
