import type { FieldValues } from 'react-hook-form';
import type { ResourceForm, RowBase } from '../list/resource-types.ts';
import { FormDialog } from './form-dialog.tsx';
import type { FormConfig } from './form-types.ts';

/** Turns a form configuration into the add/edit dialog a ResourceConfig's `form` expects. */
export function defineForm<Row extends RowBase, Input extends FieldValues, Output>(
  config: FormConfig<Row, Input, Output>,
): ResourceForm<Row> {
  return { renderDialog: (props) => <FormDialog config={config} {...props} /> };
}
