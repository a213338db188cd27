import { type SavedViewList, savedViewFormSchema, savedViewUpdateSchema } from '@usluge/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { defineCrud } from '../../crud/crud-definition.ts';
import type { Database } from '../../db/client.ts';
import { savedViews } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { clearDefaultView, clearOthersDefaults, setDefaultView } from './saved-view-defaults.ts';
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
 * member's own views only. `is_default` makes the view the owner's default of its list (in place of
 * the one before) or stops it being so, in the same transaction; a view no longer shared stops
 * being anyone else's default. Deleting a view deletes every choice of it (the foreign key).
 */
export const savedViewCrud = defineCrud({
  list: savedViewList,
  table: savedViews,
  formSchema: savedViewFormSchema as z.ZodType<SavedViewValues>,
  updateSchema: savedViewUpdateSchema as z.ZodType<SavedViewValues>,
  isDestroyDelete: true,
  constraints: {
    saved_views_owner_name_idx: { status: 422, field: 'name', message: 'conflict_saved_view_name' },
  },
  access: 'staff',
  async authorize(tx, { kind, id, actorId }) {
    if (kind !== 'store') await ownViewList(tx, id, actorId);
  },
  async toValues(form, { kind, actorId }) {
    // The default is the member's choice (saved_view_defaults), not a column of the view.
    const { list, is_default: _isDefault, ...values } = form;
    return kind === 'store' ? { ...values, list, user_id: actorId } : values;
  },
  async afterWrite(tx, { kind, id, actorId, form }) {
    if (kind === 'destroy' || !form) return;
    const list = await ownViewList(tx, id, actorId);
    if (form.is_default) await setDefaultView(tx, actorId, list, id);
    else await clearDefaultView(tx, actorId, id);
    if (!form.is_shared) await clearOthersDefaults(tx, actorId, id);
  },
});
