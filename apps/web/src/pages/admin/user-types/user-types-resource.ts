import { type UserTypeRow, userTypeFormSchema } from '@usluge/contract';
import { defineForm } from '../../../components/form/define-form.tsx';
import { defineResource } from '../../../components/list/resource-types.ts';

/** User types (SPEC.md section 2): updated_at, name, is_active; the name is required. */
export const userTypesResource = defineResource<UserTypeRow>({
  entity: 'user_types',
  titleKey: 'pages.userTypes',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  successKeys: {
    created: 'resources.userTypes.created',
    updated: 'resources.userTypes.updated',
    deleted: 'resources.userTypes.deleted',
    restored: 'resources.userTypes.restored',
  },
  columns: [
    {
      key: 'updated_at',
      titleKey: 'columns.updated_at',
      filter: { kind: 'date' },
      isSortable: true,
      width: 150,
    },
    { key: 'name', titleKey: 'columns.type_name', filter: { kind: 'text' }, isSortable: true, width: 240 },
    { key: 'is_active', titleKey: 'columns.is_active', isSortable: true },
  ],
  form: defineForm({
    schema: userTypeFormSchema,
    fields: [{ name: 'name', labelKey: 'columns.type_name', kind: 'text', isRequired: true }],
    emptyValues: { name: '' },
    fromRow: (userType: UserTypeRow) => ({ name: userType.name }),
    width: 450,
    addTitleKey: 'resources.userTypes.addTitle',
    editTitleKey: 'resources.userTypes.editTitle',
  }),
});
