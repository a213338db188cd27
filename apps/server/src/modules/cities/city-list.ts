import { cityRowSchema } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { cities, countries } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

export const cityList = defineList({
  resource: 'os_cities',
  from: sql`${cities} join ${countries} on ${countries.id} = ${cities.os_country_id}`,
  id: cities.id,
  isActiveColumn: cities.is_active,
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: ['updated_at', 'name', 'post_code', 'countries.name', 'is_active'],
  columns: {
    updated_at: {
      expression: cities.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    name: { expression: cities.name, type: 'text', operators: ['contains', 'equals'], isSortable: true },
    post_code: {
      expression: cities.post_code,
      type: 'text',
      operators: ['contains', 'equals'],
      isSortable: true,
    },
    'countries.name': {
      expression: countries.name,
      type: 'text',
      operators: ['contains', 'equals'],
      isSortable: true,
      // The country's name copied onto the city (kept by triggers), sorted on os_cities' index.
      sortExpression: cities.country_name,
    },
    os_country_id: { expression: cities.os_country_id, type: 'id', operators: ['equals', 'in'] },
    is_active: { expression: cities.is_active, type: 'boolean', operators: ['equals'], isSortable: true },
  },
  rowSchema: cityRowSchema,
  access: { index: 'administrator', indexActive: 'staff' },
  loadRows: async (db, scope) => {
    const rows = await db
      .select({
        id: cities.id,
        name: cities.name,
        post_code: cities.post_code,
        os_country_id: cities.os_country_id,
        country_name: countries.name,
        is_active: cities.is_active,
        updated_at: cities.updated_at,
      })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.os_country_id))
      .where(scope.where)
      .orderBy(scope.orderBy);
    return rows.map(({ country_name, ...row }) => ({ ...row, countries: { name: country_name } }));
  },
});
