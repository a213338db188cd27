import { rejectionReasonFormSchema } from '@usluge/contract';
import { defineCrud } from '../../crud/crud-definition.ts';
import { rejectionReasons } from '../../db/schema/index.ts';
import { rejectionReasonList } from './rejection-reason-list.ts';

export const rejectionReasonCrud = defineCrud({
  list: rejectionReasonList,
  table: rejectionReasons,
  formSchema: rejectionReasonFormSchema,
  constraints: {},
  access: 'administrator',
});
