import { type CountryRow, countryFormSchema } from '@usluge/contract';
import { defineForm } from '../../../components/form/define-form.tsx';
import { isActiveColumn, updatedAtColumn } from '../../../components/list/common-columns.ts';
import { defineResource } from '../../../components/list/resource-types.ts';

/** Countries (SPEC.md section 2): updated_at, name, code, is_active; name and code required. */
export const countriesResource = defineResource<CountryRow>({
  entity: 'os_countries',
  titleKey: 'pages.countries',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  messagesKey: 'resources.countries',
  columns: [
    updatedAtColumn(),
    { key: 'name', titleKey: 'columns.country_name', filter: { kind: 'text' }, isSortable: true, width: 200 },
    { key: 'code', titleKey: 'columns.code', filter: { kind: 'text' }, isSortable: true, width: 120 },
    isActiveColumn(),
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
  }),
});
