import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import type { PickerEntity } from '../../api/list-api.ts';
import type { TranslationKey } from '../../i18n/catalogue.ts';
import type { SelectOption } from '../list/resource-types.ts';

/**
 * - text, textarea, number, password: a text field of that kind
 * - amount: money or credits typed in the interface language ('1.234,50' / '1,234.50'); the
 *   schema gets the number (amount-fields.ts)
 * - checkbox: true / false
 * - select: one id (or several with `isMultiple`) from a picker or fixed options
 * - image: one png/jpeg file with a preview; the value is a chosen File, the current image's URL
 *   (string) or null
 */
export type FormFieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'amount'
  | 'password'
  | 'checkbox'
  | 'select'
  | 'search-select'
  | 'image';

/** A select choice already named (rows the screen holds: the services tree's folders). */
export type NamedChoice = { value: string | number; label: string };

/** The value of an `image` field. */
export type ImageValue = File | string | null;

/** A row a `search-select` field found; `optionLabel` names it. */
export type SearchRow = { id: number | string } & Record<string, unknown>;

/**
 * `search-select`: one id (or several with `isMultiple`) found on the server as one types
 * (`/api/<picker>/index_active`, what is typed 'contains' in `filterKey`, a short page at a
 * time), for pickers too long to load whole, such as users.
 */
export type SearchConfig = {
  filterKey: string;
  /** A sortable column to order the matches by; the server's default order without it. */
  sortKey?: string;
  /** How a found row reads; its `name` by default. */
  optionLabel?: (row: SearchRow) => string;
};

export type FormField<Values extends FieldValues> = {
  name: Path<Values>;
  labelKey: TranslationKey;
  kind: FormFieldKind;
  /** Marks the label with an asterisk; the schema decides what is really required. */
  isRequired?: boolean;
  /** Select choices from `/api/<picker>/index_active`, or fixed `options`. */
  picker?: PickerEntity;
  options?: readonly SelectOption[];
  /** Select choices named by the screen, instead of a picker or `options`. */
  choices?: readonly NamedChoice[];
  /** Select only: several values (an array of ids). */
  isMultiple?: boolean;
  /** search-select only: how `picker` is searched. */
  search?: SearchConfig;
  /** A hint under the field while it has no error ('Minimum 8 karaktera.'). */
  helperKey?: TranslationKey;
  /**
   * image only: the form's boolean that removes the stored image ('remove_image'). With it, an
   * edited row's image can be removed ('Ukloni sliku'), and the save then sends it true.
   */
  removeField?: string;
  /**
   * Shown only when this answers true (address and PIB for a company, the password on edit once
   * 'change password' is ticked). A hidden field is validated and sent with its empty value.
   */
  isShown?: (values: Values, isEditing: boolean) => boolean;
};

/**
 * A resource's add/edit form: a zod schema (from packages/contract), the fields shown, and how a
 * row becomes form values and form values become the request body.
 */
export type FormConfig<Row, Input extends FieldValues, Output> = {
  schema: z.ZodType<Output, Input>;
  /** The schema when editing a row, if it differs (a password that may stay unchanged). */
  editSchema?: z.ZodType<Output, Input>;
  fields: readonly FormField<Input>[];
  /** Values of a new row; also the value a hidden field is validated and sent with. */
  emptyValues: Input;
  /** Values when editing a row. */
  fromRow: (row: Row) => Input;
  /**
   * Request body from valid values: a JSON object, or FormData for a multipart write (the HTTP
   * client then lets the browser set the multipart content type). By default the values themselves.
   */
  toBody?: (values: Output, row: Row | null) => unknown;
  /** `PUT /update/{id}` by default; multipart resources (users, services) update with POST. */
  updateMethod?: 'PUT' | 'POST';
  /** Dialog width in pixels (SPEC.md section 9: 450 … 1200). */
  width?: number;
};
