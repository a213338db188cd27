import { rejectionReasonRowSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { rejectionReasons } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

/**
 * Rejection reason templates (issue 19): administrators keep them; moderators read the active ones
 * (`index_active`) to pick from when they reject an ad.
 */
export const rejectionReasonList = defineList({
  resource: 'rejection_reasons',
  from: sql`${rejectionReasons}`,
  id: rejectionReasons.id,
  isActiveColumn: rejectionReasons.is_active,
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: ['updated_at', 'title_me', 'title_en', 'text_me', 'is_active'],
  columns: {
    updated_at: {
      expression: rejectionReasons.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    title_me: { expression: rejectionReasons.title_me, type: 'text', operators: ['contains', 'equals'] },
    title_en: { expression: rejectionReasons.title_en, type: 'text', operators: ['contains', 'equals'] },
    text_me: { expression: rejectionReasons.text_me, type: 'text', operators: ['contains'] },
    text_en: { expression: rejectionReasons.text_en, type: 'text', operators: ['contains'] },
    is_active: {
      expression: rejectionReasons.is_active,
      type: 'boolean',
      operators: ['equals'],
      isSortable: true,
    },
  },
  rowSchema: rejectionReasonRowSchema,
  access: { index: 'administrator', indexActive: 'staff' },
  loadRows: (db, scope) =>
    db
      .select({
        id: rejectionReasons.id,
        title_me: rejectionReasons.title_me,
        title_en: rejectionReasons.title_en,
        text_me: rejectionReasons.text_me,
        text_en: rejectionReasons.text_en,
        is_active: rejectionReasons.is_active,
        updated_at: rejectionReasons.updated_at,
      })
      .from(rejectionReasons)
      .where(scope.where)
      .orderBy(scope.orderBy),
});
