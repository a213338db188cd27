import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { validationErrorMap } from '@usluge/contract';
import { useRef } from 'react';
import { type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http-error.ts';
import { rowVersion, storeEntity, updateEntity } from '../../api/list-api.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { feedback } from '../feedback/feedback-store.ts';
import type { FormDialogProps, RowBase } from '../list/resource-types.ts';
import { withAmountFields } from './amount-fields.ts';
import { DialogForm, FormDialogFrame } from './dialog-form.tsx';
import { shownFields } from './form-field-input.tsx';
import type { FormConfig } from './form-types.ts';
import { withImageRemovals } from './image-removals.ts';
import { secretFieldNames, useFormDraft } from './use-draft.ts';
import { useWriteConflict } from './use-write-conflict.ts';
import { useWriteMutation } from './use-write-mutation.ts';
import { fieldConflictChanges, WriteConflictNotice } from './write-conflict-notice.tsx';

type Props<Row extends RowBase, Input extends FieldValues, Output> = FormDialogProps<Row> & {
  config: FormConfig<Row, Input, Output>;
};

/** The generic add/edit dialog; an unsaved dialog starts over when reopened (FormDialogFrame). */
export function FormDialog<Row extends RowBase, Input extends FieldValues, Output>(
  props: Props<Row, Input, Output>,
) {
  const { config, isOpen, onClose, row } = props;
  // While the dialog fades out the parent already passes row = null; keep the title steady.
  const shownRow = useRef(row);
  if (isOpen) shownRow.current = row;
  return (
    <FormDialogFrame isOpen={isOpen} onClose={onClose} width={config.width ?? 650}>
      {(titleId) => <FormBody {...props} row={shownRow.current} titleId={titleId} />}
    </FormDialogFrame>
  );
}

function FormBody<Row extends RowBase, Input extends FieldValues, Output>({
  config,
  entity,
  row,
  messages,
  subtitle,
  onClose,
  onSaved,
  titleId,
}: Props<Row, Input, Output> & { titleId: string }) {
  const { t } = useTranslation();
  const isEditing = row !== null;
  const form = useForm<Input, unknown, Output>({
    resolver: formResolver(config, isEditing),
    defaultValues: (row ? config.fromRow(row) : config.emptyValues) as never,
  });
  // A draft kept when the session ended under this form comes back here (use-draft.ts).
  useFormDraft(form, { entity, row, secretFields: secretFieldNames(config.fields) });

  // An edit sends the version it read; a stale one shows what changed (WriteConflictNotice).
  const conflict = useWriteConflict({
    form,
    startValues: row ? config.fromRow(row) : config.emptyValues,
    version: rowVersion(row),
    readCurrent: (current) => ({ values: config.fromRow(current as Row), version: rowVersion(current) }),
  });

  const save = useWriteMutation({
    mutationFn: (values: Output, idempotencyKey: string) => {
      const body = withImageRemovals(
        config.toBody ? config.toBody(values, row) : values,
        config.fields,
        values as Record<string, unknown>,
        row ? config.fromRow(row) : null,
      );
      // The form shows its fields' errors under them, and a stale save's conflict above them; only
      // other failures open the 'Greška' dialog.
      const options = {
        shownFields: config.fields.map((field) => field.name),
        isStaleWriteShown: true,
        idempotencyKey,
      };
      return row
        ? updateEntity(entity, row.id, body, config.updateMethod, { ...options, version: conflict.version })
        : storeEntity(entity, body, options);
    },
    onSuccess: () => {
      feedback.showSuccess(row ? t(messages.updated) : t(messages.created));
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof HttpError) || conflict.catchStale(error)) return;
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        if (config.fields.some((f) => f.name === field) && messages[0]) {
          form.setError(field as Path<Input>, { type: 'server', message: messages[0] });
        }
      }
    },
  });

  return (
    <DialogForm
      titleId={titleId}
      title={row ? t(messages.editTitle) : t(messages.addTitle)}
      {...(subtitle === undefined ? {} : { subtitle })}
      control={form.control}
      fields={config.fields}
      isEditing={isEditing}
      onSubmit={form.handleSubmit((values) => save.submit(values))}
      onClose={onClose}
      notice={
        <WriteConflictNotice
          state={conflict}
          changes={
            conflict.conflict
              ? fieldConflictChanges(config.fields, conflict.conflict, (field) => t(field.labelKey))
              : []
          }
        />
      }
      submitButton={
        <Button type="submit" variant="contained" disabled={save.isPending || conflict.isBlocking}>
          {t('common.save')}
        </Button>
      }
    />
  );
}

/**
 * The schema (the edit schema when editing) over the values with every hidden field back at its
 * empty value: what was typed into a field that is no longer shown (a person's address) is neither
 * checked nor sent.
 */
function formResolver<Row, Input extends FieldValues, Output>(
  config: FormConfig<Row, Input, Output>,
  isEditing: boolean,
): Resolver<Input, unknown, Output> {
  const schema = isEditing && config.editSchema ? config.editSchema : config.schema;
  const resolve = zodResolver(schema, { error: validationErrorMap(currentLanguage()) }) as Resolver<
    Input,
    unknown,
    Output
  >;
  const amounts = config.fields.filter((field) => field.kind === 'amount').map((field) => field.name);
  const resolveAmounts = withAmountFields(resolve, amounts);
  return (values, context, options) => {
    const shown = new Set(shownFields(config.fields, values, isEditing).map((field) => field.name));
    const checked: Record<string, unknown> = { ...values };
    for (const field of config.fields) {
      if (!shown.has(field.name)) checked[field.name] = config.emptyValues[field.name];
    }
    return resolveAmounts(checked as Input, context, options);
  };
}
