import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { validationErrorMap } from '@usluge/contract';
import { useId, useRef } from 'react';
import { type FieldValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http-error.ts';
import { storeEntity, updateEntity } from '../../api/list-api.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { feedback } from '../feedback/feedback-store.ts';
import type { FormDialogProps, RowBase } from '../list/resource-types.ts';
import { FormFields } from './form-field-input.tsx';
import type { FormConfig } from './form-types.ts';

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
  messages,
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
      feedback.showSuccess(row ? t(messages.updated) : t(messages.created));
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

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <DialogTitle id={titleId}>{row ? t(messages.editTitle) : t(messages.addTitle)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormFields control={form.control} fields={config.fields} />
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
