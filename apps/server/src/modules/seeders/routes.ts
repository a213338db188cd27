import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appendAudit } from '../../audit/append-audit.ts';
import { actorOfRequest } from '../../audit/audit-actor.ts';
import type { Database } from '../../db/client.ts';
import { SEED_FILE_FORMAT, SEED_TABLES, seedTableNamed } from '../../db/seed/seed-tables.ts';
import { selectRows } from '../../db/select-rows.ts';
import { notFound } from '../../http/errors.ts';
import { streamedBytesSchema } from '../../http/streamed-bytes.ts';

const BATCH = 2000;

/**
 * The seeder generator (`/seeders`): administrators only, and only registered when
 * SEEDERS_ENABLED=true. Downloads a table's rows as a seed file that `npm run db:seed -- <file>`
 * loads; rows are read in batches and streamed.
 */
export function seederRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'administrator' } as const;

  typed.post(
    '/all_tables/pgsql',
    {
      config,
      schema: {
        tags: ['seeders'],
        summary: 'The tables a seed file can be made of',
        response: {
          200: z.object({
            result: z.array(z.object({ table_name: z.string() })),
            total_rows: z.number().int(),
          }),
        },
      },
    },
    async () => ({
      result: SEED_TABLES.map((entry) => ({ table_name: entry.name })),
      total_rows: SEED_TABLES.length,
    }),
  );

  typed.get(
    '/seeder_generator/:table',
    {
      config,
      schema: {
        tags: ['seeders'],
        summary: "A table's rows as a seed file",
        params: z.object({ table: z.string().max(64) }),
        response: {
          200: {
            description: 'The seed file: one JSON object per line, the first naming the columns',
            content: { 'application/x-ndjson': { schema: streamedBytesSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const entry = seedTableNamed(request.params.table);
      if (!entry) throw notFound();
      await appendAudit(db, {
        action: 'seed_download',
        recordType: 'seeders',
        recordId: null,
        changes: { table: { before: null, after: entry.name } },
        actor: actorOfRequest(request),
      });
      const columns = sql.join(
        entry.columns.map((column) => sql.identifier(column)),
        sql`, `,
      );
      const body = new PassThrough();
      reply
        .type('application/x-ndjson; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${entry.name}.seed.ndjson"`);
      // Waits when the client reads slower than the database answers.
      const write = async (line: unknown) => {
        if (!body.write(`${JSON.stringify(line)}\n`)) await once(body, 'drain');
      };
      void (async () => {
        await write({ format: SEED_FILE_FORMAT, table: entry.name, columns: entry.columns });
        for (let offset = 0; ; offset += BATCH) {
          const rows = await selectRows<Record<string, unknown>>(
            db,
            sql`select ${columns} from ${entry.table} order by 1, 2 limit ${BATCH} offset ${offset}`,
          );
          for (const row of rows) await write(entry.columns.map((column) => row[column]));
          if (rows.length < BATCH) break;
        }
        body.end();
      })().catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
      return reply.send(body);
    },
  );
}
