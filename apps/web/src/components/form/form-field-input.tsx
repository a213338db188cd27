import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { EMAIL_EXAMPLE } from '@usluge/contract';
import { type Control, Controller, type FieldValues, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePicker } from '../../api/use-picker.ts';
import type { TranslationKey } from '../../i18n/catalogue.ts';
import { useSeededName } from '../../i18n/seeded-names.ts';
import type { FormField } from './form-types.ts';
import { ImageInput } from './image-input.tsx';
import { SearchSelectInput } from './search-select-field.tsx';

/** The fields shown for these values: those without `isShown`, and those it accepts. */
export function shownFields<Values extends FieldValues>(
  fields: readonly FormField<Values>[],
  values: Values,
  isEditing: boolean,
): readonly FormField<Values>[] {
  return fields.filter((field) => field.isShown?.(values, isEditing) ?? true);
}

/**
 * Every shown field of a form, each bound to react-hook-form and showing its error (or its hint)
 * under it. The first field has the focus when the form opens, so typing can start at once.
 */
export function FormFields<Values extends FieldValues, Output>({
  control,
  fields,
  isEditing = false,
}: {
  control: Control<Values, unknown, Output>;
  fields: readonly FormField<Values>[];
  isEditing?: boolean;
}) {
  const values = useWatch({ control }) as Values;
  return shownFields(fields, values, isEditing).map((field, index) => (
    <Controller
      key={field.name}
      control={control}
      name={field.name}
      render={({ field: input, fieldState, formState }) => (
        <FormFieldInput
          field={field}
          value={input.value}
          initialValue={(formState.defaultValues as Record<string, unknown> | undefined)?.[field.name]}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={fieldState.error?.message}
          isAutoFocused={index === 0}
        />
      )}
    />
  ));
}

type InputProps<Values extends FieldValues> = {
  field: FormField<Values>;
  value: unknown;
  /** The value the form started with (an edited row's current image). */
  initialValue?: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
  isAutoFocused?: boolean;
};

/**
 * Contract schemas name their messages by key (`validation.required`); zod keeps such a message as
 * it is, so it is translated here. Other messages came from the error map or the server already.
 */
function useFieldError(message: string | undefined): string | undefined {
  const { t, i18n } = useTranslation();
  if (message === undefined) return undefined;
  // The e-mail message names an example address ('… pr. ime@primjer.com.'), as the server's does.
  return message.startsWith('validation.') && i18n.exists(message)
    ? t(message as TranslationKey, { email: EMAIL_EXAMPLE })
    : message;
}

export function FormFieldInput<Values extends FieldValues>({
  field,
  value,
  onChange,
  onBlur,
  initialValue,
  error: rawError,
  isAutoFocused = false,
}: InputProps<Values>) {
  const { t } = useTranslation();
  const label = t(field.labelKey);
  const error = useFieldError(rawError);
  const hint = field.helperKey === undefined ? undefined : t(field.helperKey);

  switch (field.kind) {
    case 'image':
      return (
        <ImageInput
          label={label}
          hint={hint ?? t('form.imageHint')}
          value={value}
          initialValue={initialValue}
          isRemovable={field.removeField !== undefined}
          onChange={onChange}
          error={error}
        />
      );
    case 'checkbox':
      return (
        <div>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                autoFocus={isAutoFocused}
                checked={value === true}
                onChange={(e) => onChange(e.target.checked)}
                onBlur={onBlur}
              />
            }
          />
          {(error ?? hint) && <FormHelperText error={error !== undefined}>{error ?? hint}</FormHelperText>}
        </div>
      );
    case 'search-select':
      return (
        <SearchSelectInput
          field={field}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
          hint={hint}
          isAutoFocused={isAutoFocused}
        />
      );
    case 'select':
      return (
        <SelectInput
          field={field}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
          isAutoFocused={isAutoFocused}
        />
      );
    default:
      return (
        <TextField
          label={label}
          required={field.isRequired}
          autoFocus={isAutoFocused}
          type={field.kind === 'textarea' || field.kind === 'amount' ? 'text' : field.kind}
          multiline={field.kind === 'textarea'}
          minRows={field.kind === 'textarea' ? 3 : undefined}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) =>
            onChange(
              field.kind === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value,
            )
          }
          onBlur={onBlur}
          error={error !== undefined}
          helperText={error ?? hint}
          fullWidth
          // An amount keeps the text as typed (the language's marks); phones offer digits.
          slotProps={field.kind === 'amount' ? { htmlInput: { inputMode: 'decimal' } } : undefined}
        />
      );
  }
}

function SelectInput<Values extends FieldValues>({
  field,
  value,
  onChange,
  onBlur,
  error,
  isAutoFocused = false,
}: InputProps<Values>) {
  const { t } = useTranslation();
  const picker = usePicker(field.picker);
  const nameOf = useSeededName(field.picker ?? '');
  const choices = field.choices
    ? [...field.choices]
    : field.picker !== undefined
      ? (picker.data ?? []).map((row) => ({ value: row.id, label: nameOf(row) }))
      : (field.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }));
  const selected = field.isMultiple ? (Array.isArray(value) ? value : []) : (value ?? '');
  // A chosen value the choices lack (still loading, or no longer active, e.g. an edited city's
  // deactivated country) stays visible and valid instead of showing an empty field.
  const chosen: unknown[] = Array.isArray(selected) ? selected : selected === '' ? [] : [selected];
  for (const missing of chosen.filter((v) => !choices.some((c) => c.value === v))) {
    if (typeof missing !== 'string' && typeof missing !== 'number') continue;
    choices.push({
      value: missing,
      label:
        picker.isPending && field.picker !== undefined
          ? t('common.loading')
          : t('form.unavailableChoice', { value: missing }),
    });
  }
  return (
    <TextField
      select
      label={t(field.labelKey)}
      required={field.isRequired}
      autoFocus={isAutoFocused}
      value={selected}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={error !== undefined}
      helperText={error ?? (field.helperKey === undefined ? undefined : t(field.helperKey))}
      fullWidth
      slotProps={{ select: { multiple: field.isMultiple ?? false } }}
    >
      {choices.map((choice) => (
        <MenuItem key={String(choice.value)} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
