import { describe, expect, it } from 'vitest';
import { listRequestSchema, MAX_SORT_KEYS } from './list.ts';
import { fieldErrors } from './validation.ts';

describe('list request', () => {
  it('fills defaults for an empty body: page 1 of 10, no filters', () => {
    expect(listRequestSchema.parse({})).toMatchObject({
      filters: {},
      options: { page: 1, itemsPerPage: 10, sortBy: [], sortDesc: [] },
      is_report: false,
    });
  });

  it('accepts bare filter values and the explicit operator form', () => {
    const parsed = listRequestSchema.parse({
      filters: { name: 'ana', credit: { operator: 'gte', value: 5 }, updated_at: ['2026-01-01', null] },
    });
    expect(parsed.filters.credit).toEqual({ operator: 'gte', value: 5 });
  });

  it('refuses an unknown operator and oversized pages', () => {
    expect(listRequestSchema.safeParse({ filters: { name: { operator: 'like', value: 'a' } } }).success).toBe(
      false,
    );
    expect(listRequestSchema.safeParse({ options: { page: 1, itemsPerPage: 100000 } }).success).toBe(false);
    expect(listRequestSchema.safeParse({ report_type: 'csv' }).success).toBe(false);
  });

  it('keeps each sort key once, with the direction it had first', () => {
    const parsed = listRequestSchema.parse({
      options: { sortBy: ['name', 'code', 'name', 'id', 'code'], sortDesc: [true, false, false, true] },
    });
    expect(parsed.options).toMatchObject({ sortBy: ['name', 'code', 'id'], sortDesc: [true, false, true] });
  });

  it(`refuses more than ${MAX_SORT_KEYS} sort keys or directions, saying so in both languages`, () => {
    const keys = Array.from({ length: MAX_SORT_KEYS + 1 }, (_, i) => `column_${i}`);
    const result = listRequestSchema.safeParse({ options: { sortBy: keys } });
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];
    expect(fieldErrors(issues, 'me')).toEqual({
      'options.sortBy': ['Lista se može sortirati po najviše 10 kolona.'],
    });
    expect(fieldErrors(issues, 'en')).toEqual({
      'options.sortBy': ['A list can be sorted by at most 10 columns.'],
    });
    const directions = Array.from({ length: MAX_SORT_KEYS + 1 }, () => true);
    expect(listRequestSchema.safeParse({ options: { sortDesc: directions } }).success).toBe(false);
    expect(listRequestSchema.safeParse({ options: { sortBy: keys.slice(1) } }).success).toBe(true);
  });
});
