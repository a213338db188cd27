import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { validationErrorMap } from '@usluge/contract';
import { useId, useRef } from 'react';
import { Controller, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http-error.ts';
import { storeEntity, updateEntity } from '../../api/list-api.ts';
import { usePicker } from '../../api/use-picker.ts';
import type { TranslationKey } from '../../i18n/catalogue.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { feedback } from '../feedback/feedback-store.ts';
import type { FormDialogProps, RowBase } from '../list/resource-types.ts';
import type { FormConfig, FormField } from './form-types.ts';

type Props<Row extends RowBase, Input extends FieldValues, Output> = FormDialogProps<Row> & {
  config: FormConfig<Row, Input, Output>;
};

/**
 * The generic add/edit dialog. Its form mounts when the dialog opens and unmounts when it has
 * closed, so an unsaved dialog always starts over (SPEC.md section 2).
 */
export function FormDialog<Row extends RowBase, Input extends FieldValues, Output>(
  props: Props<Row, Input, Output>,
) {
  const { config, isOpen, onClose, row } = props;
  // While the dialog fades out the parent already passes row = null; keep the title steady.
  const shownRow = useRef(row);
  if (isOpen) shownRow.current = row;
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: config.width ?? 650 } } }}
    >
      <FormBody {...props} row={shownRow.current} titleId={titleId} />
    </Dialog>
  );
}

function FormBody<Row extends RowBase, Input extends FieldValues, Output>({
  config,
  entity,
  row,
  onClose,
  onSaved,
  titleId,
}: Props<Row, Input, Output> & { titleId: string }) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(config.schema, { error: validationErrorMap(currentLanguage()) }),
    defaultValues: (row ? config.fromRow(row) : config.emptyValues) as never,
  });

  const save = useMutation({
    mutationFn: (values: Output) => {
      const body = config.toBody ? config.toBody(values, row) : values;
      return row ? updateEntity(entity, row.id, body, config.updateMethod) : storeEntity(entity, body);
    },
    onSuccess: () => {
      feedback.showSuccess(row ? t('list.updated') : t('list.created'));
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) return;
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        if (config.fields.some((f) => f.name === field) && messages[0]) {
          form.setError(field as Path<Input>, { type: 'server', message: messages[0] });
        }
      }
    },
  });

  const title = row ? t(config.editTitleKey ?? 'list.editTitle') : t(config.addTitleKey ?? 'list.addTitle');

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {config.fields.map((field) => (
            <Controller
              key={field.name}
              control={form.control}
              name={field.name}
              render={({ field: input, fieldState }) => (
                <FormFieldInput
                  field={field}
                  value={input.value}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
          <Typography variant="caption" color="text.secondary">
            {t('common.requiredNote')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

type InputProps<Values extends FieldValues> = {
  field: FormField<Values>;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
};

/**
 * Contract schemas name their messages by key (`validation.required`); zod keeps such a message as
 * it is, so it is translated here. Other messages came from the error map or the server already.
 */
function useFieldError(message: string | undefined): string | undefined {
  const { t, i18n } = useTranslation();
  if (message === undefined) return undefined;
  return message.startsWith('validation.') && i18n.exists(message) ? t(message as TranslationKey) : message;
}

function FormFieldInput<Values extends FieldValues>({
  field,
  value,
  onChange,
  onBlur,
  error: rawError,
}: InputProps<Values>) {
  const { t } = useTranslation();
  const label = t(field.labelKey);
  const error = useFieldError(rawError);

  switch (field.kind) {
    case 'checkbox':
      return (
        <div>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                checked={value === true}
                onChange={(e) => onChange(e.target.checked)}
                onBlur={onBlur}
              />
            }
          />
          {error && <FormHelperText error>{error}</FormHelperText>}
        </div>
      );
    case 'select':
      return <SelectInput field={field} value={value} onChange={onChange} onBlur={onBlur} error={error} />;
    default:
      return (
        <TextField
          label={label}
          required={field.isRequired}
          type={field.kind === 'textarea' ? 'text' : field.kind}
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
          helperText={error}
          fullWidth
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
}: InputProps<Values>) {
  const { t } = useTranslation();
  const picker = usePicker(field.picker ?? '', field.picker !== undefined);
  const choices =
    field.picker !== undefined
      ? (picker.data ?? []).map((row) => ({ value: row.id, label: row.name }))
      : (field.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }));
  const selected = field.isMultiple ? (Array.isArray(value) ? value : []) : (value ?? '');
  return (
    <TextField
      select
      label={t(field.labelKey)}
      required={field.isRequired}
      value={selected}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={error !== undefined}
      helperText={error}
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
