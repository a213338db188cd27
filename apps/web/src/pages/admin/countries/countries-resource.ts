import { type CountryRow, countryFormSchema } from '@usluge/contract';
import { defineForm } from '../../../components/form/define-form.tsx';
import { defineResource } from '../../../components/list/resource-types.ts';

/** Countries (SPEC.md section 2): updated_at, name, code, is_active; name and code required. */
export const countriesResource = defineResource<CountryRow>({
  entity: 'os_countries',
  titleKey: 'pages.countries',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  successKeys: {
    created: 'resources.countries.created',
    updated: 'resources.countries.updated',
    deleted: 'resources.countries.deleted',
    restored: 'resources.countries.restored',
  },
  columns: [
    {
      key: 'updated_at',
      titleKey: 'columns.updated_at',
      filter: { kind: 'date' },
      isSortable: true,
      width: 150,
    },
    { key: 'name', titleKey: 'columns.country_name', filter: { kind: 'text' }, isSortable: true, width: 200 },
    { key: 'code', titleKey: 'columns.code', filter: { kind: 'text' }, isSortable: true, width: 120 },
    { key: 'is_active', titleKey: 'columns.is_active', isSortable: true },
  ],
  form: defineForm({
    schema: countryFormSchema,
    fields: [
      { name: 'name', labelKey: 'columns.country_name', kind: 'text', isRequired: true },
      { name: 'code', labelKey: 'columns.code', kind: 'text', isRequired: true },
    ],
    emptyValues: { name: '', code: '' },
    fromRow: (country: CountryRow) => ({ name: country.name, code: country.code }),
    width: 450,
    addTitleKey: 'resources.countries.addTitle',
    editTitleKey: 'resources.countries.editTitle',
  }),
});
