import { dayFormSchema } from '@usluge/contract';
import { defineCrud } from '../../crud/crud-definition.ts';
import { days } from '../../db/schema/index.ts';
import { dayList } from './day-list.ts';

export const dayCrud = defineCrud({
  list: dayList,
  table: days,
  formSchema: dayFormSchema,
  constraints: { days_name_unique: { status: 409, field: 'name', message: 'conflict_day_name' } },
  access: 'administrator',
});
