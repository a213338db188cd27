import { cityCrud } from './cities/city-crud.ts';
import { cityList } from './cities/city-list.ts';
import { countryCrud } from './countries/country-crud.ts';
import { countryList } from './countries/country-list.ts';
import { currencyCrud } from './currencies/currency-crud.ts';
import { currencyList } from './currencies/currency-list.ts';
import { dayCrud } from './days/day-crud.ts';
import { dayList } from './days/day-list.ts';
import { roleList } from './roles/role-list.ts';
import { userTypeCrud } from './user-types/user-type-crud.ts';
import { userTypeList } from './user-types/user-type-list.ts';
import { userList } from './users/user-list.ts';
import { userPickerList } from './users/user-picker-list.ts';

/** Every resource served by the generic list engine. */
export const LISTS = [
  userList,
  userPickerList,
  roleList,
  userTypeList,
  countryList,
  cityList,
  currencyList,
  dayList,
];

/** Every resource served by the generic store / update / destroy routes. */
export const CRUDS = [countryCrud, cityCrud, userTypeCrud, currencyCrud, dayCrud];
