import { userTypeFormSchema } from '@usluge/contract';
import { defineCrud } from '../../crud/crud-definition.ts';
import { userTypes } from '../../db/schema/index.ts';
import { userTypeList } from './user-type-list.ts';

export const userTypeCrud = defineCrud({
  list: userTypeList,
  table: userTypes,
  formSchema: userTypeFormSchema,
  constraints: { user_types_name_unique: { status: 409, field: 'name', message: 'conflict_user_type_name' } },
  access: 'administrator',
});
