import { describe, expect, it } from 'vitest';
import { listRequestSchema } from './list.ts';

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
});
