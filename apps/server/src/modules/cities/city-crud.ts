import { cityFormSchema } from '@usluge/contract';
import { defineCrud } from '../../crud/crud-definition.ts';
import { cities, countries } from '../../db/schema/index.ts';
import { cityList } from './city-list.ts';

export const cityCrud = defineCrud({
  list: cityList,
  table: cities,
  formSchema: cityFormSchema,
  constraints: {
    os_cities_country_name_unique: { status: 409, field: 'name', message: 'conflict_city_name' },
    os_cities_os_country_id_os_countries_id_fk: {
      status: 422,
      field: 'os_country_id',
      message: 'invalid_reference',
    },
  },
  access: 'administrator',
  namedReferences: { os_country_id: countries },
});
