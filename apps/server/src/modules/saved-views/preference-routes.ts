import { preferencesAnswerSchema, preferencesSchema } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appendAudit } from '../../audit/append-audit.ts';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { userPreferences } from '../../db/schema/index.ts';
import { runIdempotent } from '../../http/idempotency.ts';

type StoredLists = Record<string, { columns: string[] }>;

async function readLists(db: Database, userId: number): Promise<StoredLists> {
  const [row] = await db
    .select({ lists: userPreferences.lists })
    .from(userPreferences)
    .where(eq(userPreferences.user_id, userId));
  return (row?.lists as StoredLists | undefined) ?? {};
}

/**
 * A staff member's column choices per list, kept on the server so they follow them to another
 * machine: `GET /api/preferences`, and `PUT` merging the lists it names into the stored ones.
 */
export function preferenceRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['preferences'];

  typed.get(
    '/preferences',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "The caller's column choices: per list, the visible columns in order",
        response: { 200: preferencesAnswerSchema },
      },
    },
    async (request) => ({ lists: await readLists(db, requireUser(request).id) }),
  );

  typed.put(
    '/preferences',
    {
      config: { access: 'staff', isIdempotent: true },
      schema: {
        tags,
        summary: 'Keep column choices: the lists named replace their stored choice, other lists stay',
        description:
          "`{lists: {<list>: {columns: [<column key>…]}}}`, `<list>` a back-office list screen's path without its slash (at most 40 lists, 50 columns each). Answers every stored list.",
        body: preferencesSchema,
        response: { 200: preferencesAnswerSchema },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const { lists } = request.body;
      const answer = await runIdempotent(db, request, preferencesAnswerSchema, async (tx) => {
        const before = await readLists(tx, userId);
        // jsonb's || replaces the lists named and keeps the others.
        const [row] = await tx
          .insert(userPreferences)
          .values({ user_id: userId, lists })
          .onConflictDoUpdate({
            target: userPreferences.user_id,
            set: {
              lists: sql`${userPreferences.lists} || excluded.lists`,
              updated_at: sql`date_trunc('milliseconds', clock_timestamp())`,
            },
          })
          .returning({ lists: userPreferences.lists });
        await appendAudit(tx, {
          action: 'update',
          recordType: 'user_preferences',
          recordId: userId,
          changes: Object.fromEntries(
            Object.entries(lists).map(([list, choice]) => [
              list,
              { before: before[list] ?? null, after: choice },
            ]),
          ),
        });
        return { status: 200, body: { lists: (row?.lists as StoredLists | undefined) ?? {} } };
      });
      return answer.body;
    },
  );
}
