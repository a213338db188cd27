import { countryFormSchema } from '@usluge/contract';
import { defineCrud } from '../../crud/crud-definition.ts';
import { countries } from '../../db/schema/index.ts';
import { countryList } from './country-list.ts';

export const countryCrud = defineCrud({
  list: countryList,
  table: countries,
  formSchema: countryFormSchema,
  constraints: { os_countries_code_unique: { status: 409, field: 'code', message: 'conflict_country_code' } },
  access: 'administrator',
});
