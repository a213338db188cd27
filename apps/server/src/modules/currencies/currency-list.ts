import { currencyRowSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { currencies } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

export const currencyList = defineList({
  resource: 'currencies',
  from: sql`${currencies}`,
  id: currencies.id,
  isActiveColumn: currencies.is_active,
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: ['updated_at', 'name', 'short_name', 'sign', 'is_active'],
  columns: {
    updated_at: {
      expression: currencies.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    name: { expression: currencies.name, type: 'text', operators: ['contains', 'equals'], isSortable: true },
    short_name: {
      expression: currencies.short_name,
      type: 'text',
      operators: ['contains', 'equals'],
      isSortable: true,
    },
    sign: { expression: currencies.sign, type: 'text', operators: ['contains', 'equals'] },
    is_active: { expression: currencies.is_active, type: 'boolean', operators: ['equals'], isSortable: true },
  },
  rowSchema: currencyRowSchema,
  access: { index: 'administrator', indexActive: 'staff' },
  loadRows: (db, scope) =>
    db
      .select({
        id: currencies.id,
        name: currencies.name,
        short_name: currencies.short_name,
        sign: currencies.sign,
        is_active: currencies.is_active,
        updated_at: currencies.updated_at,
      })
      .from(currencies)
      .where(scope.where)
      .orderBy(scope.orderBy),
});
