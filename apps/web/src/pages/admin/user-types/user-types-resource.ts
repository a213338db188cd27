import { type UserTypeRow, userTypeFormSchema } from '@usluge/contract';
import { defineForm } from '../../../components/form/define-form.tsx';
import { isActiveColumn, updatedAtColumn } from '../../../components/list/common-columns.ts';
import { defineResource } from '../../../components/list/resource-types.ts';

/** User types (SPEC.md section 2): updated_at, name, is_active; the name is required. */
export const userTypesResource = defineResource<UserTypeRow>({
  entity: 'user_types',
  titleKey: 'pages.userTypes',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  messagesKey: 'resources.userTypes',
  columns: [
    updatedAtColumn(),
    { key: 'name', titleKey: 'columns.type_name', filter: { kind: 'text' }, isSortable: true, width: 240 },
    isActiveColumn(),
  ],
  form: defineForm({
    schema: userTypeFormSchema,
    fields: [{ name: 'name', labelKey: 'columns.type_name', kind: 'text', isRequired: true }],
    emptyValues: { name: '' },
    fromRow: (userType: UserTypeRow) => ({ name: userType.name }),
    width: 450,
  }),
});
