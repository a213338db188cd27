import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormFields } from './form-field-input.tsx';
import type { FormField } from './form-types.ts';

/**
 * A dialog whose form mounts when it opens and unmounts when it has closed, so an unsaved form
 * always starts over (SPEC.md section 2). `children` renders the form, labelled by `titleId`.
 */
export function FormDialogFrame({
  isOpen,
  onClose,
  width,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  width: number;
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: width } } }}
    >
      {children(titleId)}
    </Dialog>
  );
}

/** The form inside such a dialog: title, fields, the required-fields note, cancel and submit. */
export function DialogForm<Values extends FieldValues, Output>({
  titleId,
  title,
  control,
  fields,
  onSubmit,
  onClose,
  submitButton,
}: {
  titleId: string;
  title: string;
  control: Control<Values, unknown, Output>;
  fields: readonly FormField<Values>[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** A `type="submit"` button: its label and busy state differ per dialog. */
  submitButton: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormFields control={control} fields={fields} />
          <Typography variant="caption" color="text.secondary">
            {t('common.requiredNote')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {submitButton}
      </DialogActions>
    </form>
  );
}
