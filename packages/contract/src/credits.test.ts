import { describe, expect, it } from 'vitest';
import { creditQuantityForTotal, creditTotal, leadTransactionStoreSchema } from './credits.ts';

describe('credit quantity and total (the add-credits dialog)', () => {
  it('takes a quantity as requests carry it: a plain number, signed, at most 2 decimals, not 0', () => {
    const amountOf = (credit_amount: string | number) =>
      leadTransactionStoreSchema.safeParse({ credit_amount, credit_price_id: 3, credit_for_user_id: 41 });
    expect(
      ['500', '+500', '-500', ' 12.5 ', 0.05].map((value) => amountOf(value).data?.credit_amount),
    ).toEqual([500, 500, -500, 12.5, 0.05]);
    for (const value of ['', 'abc', '1e3', '5.123', '--5', '5,5', '+', '1.234,5', 0]) {
      expect(amountOf(value).success).toBe(false);
    }
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
