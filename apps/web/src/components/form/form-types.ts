import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import type { EntityName } from '../../api/list-api.ts';
import type { TranslationKey } from '../../i18n/catalogue.ts';
import type { SelectOption } from '../list/resource-types.ts';

export type FormFieldKind = 'text' | 'textarea' | 'number' | 'password' | 'checkbox' | 'select';

export type FormField<Values extends FieldValues> = {
  name: Path<Values>;
  labelKey: TranslationKey;
  kind: FormFieldKind;
  /** Marks the label with an asterisk; the schema decides what is really required. */
  isRequired?: boolean;
  /** Select choices from `/api/<picker>/index_active`, or fixed `options`. */
  picker?: EntityName;
  options?: readonly SelectOption[];
  /** Select only: several values (an array of ids). */
  isMultiple?: boolean;
};

/**
 * A resource's add/edit form: a zod schema (from packages/contract), the fields shown, and how a
 * row becomes form values and form values become the request body.
 */
export type FormConfig<Row, Input extends FieldValues, Output> = {
  schema: z.ZodType<Output, Input>;
  fields: readonly FormField<Input>[];
  /** Values of a new row. */
  emptyValues: Input;
  /** Values when editing a row. */
  fromRow: (row: Row) => Input;
  /** Request body from valid values (JSON object or FormData); by default the values themselves. */
  toBody?: (values: Output, row: Row | null) => unknown;
  /** `PUT /update/{id}` by default; multipart resources (users, services) update with POST. */
  updateMethod?: 'PUT' | 'POST';
  /** Dialog width in pixels (SPEC.md section 9: 450 … 1200). */
  width?: number;
};
