import { type SavedViewList, savedViewFormSchema, savedViewUpdateSchema } from '@usluge/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { defineCrud } from '../../crud/crud-definition.ts';
import type { Database } from '../../db/client.ts';
import { savedViews } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { savedViewList } from './saved-view-list.ts';

/** Store's form; update's is the same without `list` (a view stays on its list). */
type SavedViewValues = Omit<z.output<typeof savedViewFormSchema>, 'list'> & { list?: SavedViewList };

/** The list a view belongs to, if the caller owns it; another's view is as if it did not exist. */
async function ownViewList(tx: Database, id: number | undefined, actorId: number): Promise<string> {
  const [row] = await tx
    .select({ user_id: savedViews.user_id, list: savedViews.list })
    .from(savedViews)
    .where(eq(savedViews.id, id ?? 0));
  if (!row || row.user_id !== actorId) throw notFound();
  return row.list;
}

/**
 * `POST /api/saved_views/store`, `PUT update/{id}`, `DELETE destroy/{id}` (deletes): a staff
 * member's own views only. Making one the default clears their previous default of that list in
 * the same transaction.
 */
export const savedViewCrud = defineCrud({
  list: savedViewList,
  table: savedViews,
  formSchema: savedViewFormSchema as z.ZodType<SavedViewValues>,
  updateSchema: savedViewUpdateSchema as z.ZodType<SavedViewValues>,
  isDestroyDelete: true,
  constraints: {
    saved_views_owner_name_idx: { status: 422, field: 'name', message: 'conflict_saved_view_name' },
    saved_views_owner_default_idx: { status: 409, field: 'is_default', message: 'conflict' },
  },
  access: 'staff',
  async authorize(tx, { kind, id, actorId }) {
    if (kind !== 'store') await ownViewList(tx, id, actorId);
  },
  async beforeWrite(tx, { kind, id, actorId, form }) {
    if (kind === 'destroy' || !form?.is_default) return;
    const list = form.list ?? (await ownViewList(tx, id, actorId));
    await tx
      .update(savedViews)
      .set({ is_default: false })
      .where(
        and(
          eq(savedViews.user_id, actorId),
          eq(savedViews.list, list),
          eq(savedViews.is_default, true),
          ne(savedViews.id, id ?? 0),
        ),
      );
  },
  async toValues(form, { kind, actorId }) {
    const { list, ...values } = form;
    return kind === 'store' ? { ...values, list, user_id: actorId } : values;
  },
});
