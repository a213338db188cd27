import { type RejectionReasonRow, rejectionReasonFormSchema } from '@usluge/contract';
import { defineForm } from '../../../components/form/define-form.tsx';
import { isActiveColumn, updatedAtColumn } from '../../../components/list/common-columns.ts';
import { defineResource } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';

/**
 * Rejection reason templates (issue 19): a title and the text the poster reads, in Montenegrin
 * and English; moderators pick the active ones when they reject an ad.
 */
export const rejectionReasonsResource = defineResource<RejectionReasonRow>({
  entity: 'rejection_reasons',
  titleKey: 'rejectionReasons.title',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  messagesKey: 'resources.rejectionReasons',
  rowName: (row) => (currentLanguage() === 'en' ? row.title_en : row.title_me),
  columns: [
    updatedAtColumn(),
    { key: 'title_me', titleKey: 'rejectionReasons.columns.title_me', filter: { kind: 'text' }, width: 220 },
    { key: 'title_en', titleKey: 'rejectionReasons.columns.title_en', filter: { kind: 'text' }, width: 220 },
    {
      key: 'text_me',
      titleKey: 'rejectionReasons.columns.text_me',
      filter: { kind: 'text' },
      width: 320,
      // A whole explanation on one line is wider than the screen: the form and the chooser show it.
      isHiddenByDefault: true,
    },
    isActiveColumn(),
  ],
  form: defineForm({
    schema: rejectionReasonFormSchema,
    fields: [
      { name: 'title_me', labelKey: 'rejectionReasons.columns.title_me', kind: 'text', isRequired: true },
      { name: 'title_en', labelKey: 'rejectionReasons.columns.title_en', kind: 'text', isRequired: true },
      { name: 'text_me', labelKey: 'rejectionReasons.columns.text_me', kind: 'textarea', isRequired: true },
      { name: 'text_en', labelKey: 'rejectionReasons.columns.text_en', kind: 'textarea', isRequired: true },
    ],
    emptyValues: { title_me: '', title_en: '', text_me: '', text_en: '' },
    fromRow: (reason: RejectionReasonRow) => ({
      title_me: reason.title_me,
      title_en: reason.title_en,
      text_me: reason.text_me,
      text_en: reason.text_en,
    }),
    width: 600,
  }),
});
