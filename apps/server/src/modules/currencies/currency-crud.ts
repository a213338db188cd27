import { currencyFormSchema } from '@usluge/contract';
import { defineCrud } from '../../crud/crud-definition.ts';
import { currencies } from '../../db/schema/index.ts';
import { currencyList } from './currency-list.ts';

export const currencyCrud = defineCrud({
  list: currencyList,
  table: currencies,
  formSchema: currencyFormSchema,
  constraints: {
    currencies_short_name_unique: {
      status: 409,
      field: 'short_name',
      message: 'conflict_currency_short_name',
    },
  },
  access: 'administrator',
});
