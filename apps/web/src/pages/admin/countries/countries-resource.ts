import type { countryRowSchema } from '@usluge/contract';
import type { z } from 'zod';
import { defineResource } from '../../../components/list/resource-types.ts';

/** A row as it arrives (the timestamp still an ISO string). */
export type CountryRow = z.input<typeof countryRowSchema>;

/** Countries (SPEC.md section 2): the list now; the reference-data issue adds the form. */
export const countriesResource = defineResource<CountryRow>({
  entity: 'os_countries',
  titleKey: 'pages.countries',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: false,
  canEdit: false,
  canDelete: false,
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
});
