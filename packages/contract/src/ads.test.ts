import { describe, expect, it } from 'vitest';
import { isPriceRangeValid, minutesOf, shiftIssues } from './ads.ts';

describe('working-day shifts', () => {
  it('reads 24-hour times and nothing else', () => {
    expect(['00:00', '08:05', '23:59', '07:30:00'].map(minutesOf)).toEqual([0, 485, 1439, 450]);
    expect(['24:00', '8:05', '12:60', '', '7 pm'].map(minutesOf)).toEqual(Array(5).fill(null));
  });

  it('accepts shifts of 5 minutes or more, one after another', () => {
    expect(
      shiftIssues([
        { start_at: '08:00', stop_at: '08:05' },
        { start_at: '08:05', stop_at: '12:00' },
        { start_at: '13:00', stop_at: '23:59' },
      ]),
    ).toEqual([]);
  });

  it('names the shift and field of each problem', () => {
    expect(
      shiftIssues([
        { start_at: '09:00', stop_at: '12:00' },
        { start_at: '11:30', stop_at: '11:33' },
        { start_at: '22:00', stop_at: '02:00' },
        { start_at: 'noon', stop_at: '13:00' },
      ]),
    ).toEqual([
      { index: 1, field: 'stop_at', key: 'shift_min_gap' },
      { index: 1, field: 'start_at', key: 'shift_overlap' },
      { index: 2, field: 'stop_at', key: 'shift_min_gap' },
      { index: 3, field: 'start_at', key: 'time' },
    ]);
  });
});

describe('price range', () => {
  it("takes an empty or zero 'price to', and otherwise one above 'price from'", () => {
    expect(isPriceRangeValid(100, null)).toBe(true);
    expect(isPriceRangeValid(100, 0)).toBe(true);
    expect(isPriceRangeValid(100, 100.01)).toBe(true);
    expect(isPriceRangeValid(100, 100)).toBe(false);
    expect(isPriceRangeValid(100, 50)).toBe(false);
  });
});
