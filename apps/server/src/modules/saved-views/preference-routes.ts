import {
  idParamsSchema,
  preferencesAnswerSchema,
  preferencesSchema,
  savedViewDefaultSchema,
  savedViewRowSchema,
} from '@usluge/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { appendAudit } from '../../audit/append-audit.ts';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { savedViewDefaults, savedViews, userPreferences } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { clearDefaultView, setDefaultView } from './saved-view-defaults.ts';
import { savedViewList } from './saved-view-list.ts';

type StoredLists = Record<string, { columns: string[] }>;

async function readLists(db: Database, userId: number): Promise<StoredLists> {
  const [row] = await db
    .select({ lists: userPreferences.lists })
    .from(userPreferences)
    .where(eq(userPreferences.user_id, userId));
  return (row?.lists as StoredLists | undefined) ?? {};
}

/**
 * A staff member's own settings, kept on the server so they follow them to another machine: column
 * choices per list (`GET /api/preferences`, and `PUT` merging the lists it names into the stored
 * ones), and the view each list opens with (`PUT /api/saved_views/default/{id}`).
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

  typed.put(
    '/saved_views/default/:id',
    {
      config: { access: 'staff', isIdempotent: true },
      schema: {
        tags: ['saved_views'],
        summary: "Make a view the caller's default of its list, or stop it being so",
        description:
          "The view is the caller's own or one shared with all staff (another's private view is a 404). `is_default: true` replaces the caller's default of that list; `false` clears it if it is this view. Answers the view as the caller's index shows it. Send an Idempotency-Key.",
        params: idParamsSchema,
        body: savedViewDefaultSchema,
        response: { 200: savedViewRowSchema },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const viewId = request.params.id;
      const answer = await runIdempotent(db, request, savedViewRowSchema, async (tx) => {
        const [view] = await tx
          .select({ list: savedViews.list })
          .from(savedViews)
          .where(
            and(
              eq(savedViews.id, viewId),
              or(eq(savedViews.user_id, userId), eq(savedViews.is_shared, true)),
            ),
          );
        if (!view) throw notFound();
        const [before] = await tx
          .select({ saved_view_id: savedViewDefaults.saved_view_id })
          .from(savedViewDefaults)
          .where(and(eq(savedViewDefaults.user_id, userId), eq(savedViewDefaults.list, view.list)));
        const wasDefault = before?.saved_view_id === viewId;
        if (request.body.is_default) await setDefaultView(tx, userId, view.list, viewId);
        else await clearDefaultView(tx, userId, viewId);
        if (wasDefault !== request.body.is_default) {
          await appendAudit(tx, {
            action: 'update',
            recordType: 'saved_views',
            recordId: viewId,
            changes: { is_default: { before: wasDefault, after: request.body.is_default } },
          });
        }
        const [row] = await loadInOrder(tx, savedViewList, [viewId], { userId });
        if (!row) throw notFound();
        // The state is jsonb, read as unknown; the response schema checks it on the way out.
        return { status: 200, body: row as z.output<typeof savedViewRowSchema> };
      });
      return answer.body;
    },
  );
}
