import { creditPriceFormSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { defineCrud } from '../../crud/crud-definition.ts';
import { countries, creditPriceHistory, creditPrices, currencies } from '../../db/schema/index.ts';
import { creditPriceList } from './credit-price-list.ts';

export const creditPriceCrud = defineCrud({
  list: creditPriceList,
  table: creditPrices,
  formSchema: creditPriceFormSchema,
  constraints: {
    credit_prices_country_currency_unique: {
      status: 409,
      field: 'currency_id',
      message: 'conflict_credit_price',
    },
    credit_prices_os_country_id_os_countries_id_fk: {
      status: 422,
      field: 'os_country_id',
      message: 'invalid_reference',
    },
    credit_prices_currency_id_currencies_id_fk: {
      status: 422,
      field: 'currency_id',
      message: 'invalid_reference',
    },
  },
  access: 'administrator',
  namedReferences: { os_country_id: countries, currency_id: currencies },
  // A new price, or a changed one, is appended to the price's history; other edits add nothing.
  async afterWrite(tx, { id, actorId }) {
    await tx.execute(sql`
      insert into ${creditPriceHistory} (credit_price_id, price, changed_by_user_id)
      select p.id, p.price_per_credit, ${actorId}
      from ${creditPrices} p
      where p.id = ${id}
        and p.price_per_credit is distinct from (
          select h.price from ${creditPriceHistory} h
          where h.credit_price_id = p.id
          order by h.id desc
          limit 1)`);
  },
});
