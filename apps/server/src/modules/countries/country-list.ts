import { countryRowSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { countries } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

export const countryList = defineList({
  resource: 'os_countries',
  from: sql`${countries}`,
  id: countries.id,
  isActiveColumn: countries.is_active,
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: ['updated_at', 'name', 'code', 'is_active'],
  columns: {
    updated_at: {
      expression: countries.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    name: { expression: countries.name, type: 'text', operators: ['contains', 'equals'], isSortable: true },
    code: { expression: countries.code, type: 'text', operators: ['contains', 'equals'], isSortable: true },
    is_active: { expression: countries.is_active, type: 'boolean', operators: ['equals'], isSortable: true },
  },
  rowSchema: countryRowSchema,
  access: { index: 'administrator', indexActive: 'staff' },
  loadRows: (db, scope) =>
    db
      .select({
        id: countries.id,
        name: countries.name,
        code: countries.code,
        is_active: countries.is_active,
        updated_at: countries.updated_at,
      })
      .from(countries)
      .where(scope.where)
      .orderBy(scope.orderBy),
});
