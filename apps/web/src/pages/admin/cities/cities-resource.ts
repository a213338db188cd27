import { type CityRow, cityFormSchema } from '@usluge/contract';
import { defineForm } from '../../../components/form/define-form.tsx';
import { isActiveColumn, updatedAtColumn } from '../../../components/list/common-columns.ts';
import { defineResource } from '../../../components/list/resource-types.ts';

/**
 * Cities (SPEC.md section 2): updated_at, name, post_code, the country's name, is_active. The form
 * picks the country from the active ones; every field is required.
 */
export const citiesResource = defineResource<CityRow>({
  entity: 'os_cities',
  titleKey: 'pages.cities',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  messagesKey: 'resources.cities',
  columns: [
    updatedAtColumn(),
    { key: 'name', titleKey: 'columns.city_name', filter: { kind: 'text' }, isSortable: true, width: 200 },
    {
      key: 'post_code',
      titleKey: 'columns.post_code',
      filter: { kind: 'text' },
      isSortable: true,
      width: 140,
    },
    {
      key: 'countries.name',
      titleKey: 'columns.country',
      filter: { kind: 'text' },
      isSortable: true,
      width: 180,
      render: (city) => city.countries.name,
    },
    isActiveColumn(),
  ],
  form: defineForm({
    schema: cityFormSchema,
    fields: [
      { name: 'name', labelKey: 'columns.city_name', kind: 'text', isRequired: true },
      { name: 'post_code', labelKey: 'columns.post_code', kind: 'text', isRequired: true },
      {
        name: 'os_country_id',
        labelKey: 'columns.country',
        kind: 'select',
        picker: 'os_countries',
        isRequired: true,
      },
    ],
    emptyValues: { name: '', post_code: '', os_country_id: '' },
    fromRow: (city: CityRow) => ({
      name: city.name,
      post_code: city.post_code,
      os_country_id: city.os_country_id,
    }),
    width: 450,
  }),
});
