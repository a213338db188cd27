import { timestampSchema } from '@usluge/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainJsonSchema } from '../src/http/validation.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** A list answer as the lists write it: rows with timestamps, nullable objects, optional fields. */
const rowSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  sign: z.string().nullable(),
  kind: z.enum(['offer', 'demand']),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  open_leads: z.number().int().default(0),
  updated_at: timestampSchema,
  removed_at: timestampSchema.nullable(),
  note: z.string().optional(),
});
const pageSchema = z.object({
  result: z.array(rowSchema),
  total_rows: z.number().int(),
  total_rows_exact: z.boolean(),
});
/** Not plain: zod writes it (a union, a trimmed text). */
const unionSchema = z.object({ value: z.union([z.string(), z.number()]), text: z.string().trim() });

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Stavka „${id}“ \u2028 "navodnici" \\ š`,
  sign: id % 2 === 0 ? null : '€',
  kind: id % 2 === 0 ? 'offer' : 'demand',
  owner: id % 3 === 0 ? null : { id: id * 7, name: 'Đorđe', password_hash: '$argon2id$secret' },
  open_leads: id,
  updated_at: new Date(Date.UTC(2025, 2, id, 10, 30, 15, 123)),
  removed_at: id % 2 === 0 ? new Date(Date.UTC(2024, 11, 31, 23, 59, 59)) : null,
  ...extra,
});
const page = {
  result: [
    row(41, { password_hash: '$argon2id$secret', token_hash: 'abc' }),
    row(42, { note: 'napomena' }),
    row(43),
  ],
  total_rows: 1_000_001,
  total_rows_exact: false,
  access_token_hash: 'secret',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      const config = { access: 'public' as const };
      typed.get(
        '/api/test/page',
        { config, schema: { response: { 200: pageSchema } } },
        async () => page as never,
      );
      typed.get('/api/test/union', { config, schema: { response: { 200: unionSchema } } }, async () => ({
        value: 7,
        text: '  razmaci  ',
        password_hash: '$argon2id$secret',
      }));
    },
  });
});
afterAll(() => t.close());

describe('answers written from their response schemas', () => {
  it('a plain schema is compiled, and writes the very text zod would, without any field it does not name', async () => {
    expect(plainJsonSchema(pageSchema)).toBeDefined();
    const response = await t.request({ method: 'GET', url: '/api/test/page' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(JSON.stringify(z.encode(pageSchema, page as never)));
    expect(response.body).not.toMatch(/password_hash|token_hash|argon2/);
    expect(response.json().result[0].updated_at).toBe('2025-04-10T10:30:15.123Z');
  });

  it('a schema that is not plain data is written by zod, which still drops unnamed fields', async () => {
    expect(plainJsonSchema(unionSchema)).toBeUndefined();
    const response = await t.request({ method: 'GET', url: '/api/test/union' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"value":7,"text":"razmaci"}');
  });

  it('an optional field before a required one is left to zod, which keeps the order of the keys', () => {
    expect(plainJsonSchema(z.object({ a: z.string().optional(), b: z.string() }))).toBeUndefined();
    expect(plainJsonSchema(z.object({ a: z.string(), b: z.string().optional() }))).toBeDefined();
  });
});
