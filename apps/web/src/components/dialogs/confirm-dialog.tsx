import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenDialog } from '../form/open-dialogs.ts';
import { useIdempotencyKey } from '../form/use-write-mutation.ts';

/**
 * What a confirmation does, given the Idempotency-Key of this opening. An answer that is a promise
 * (a write) keeps the dialog's buttons disabled until it settles; a second click meanwhile is dropped.
 */
export type ConfirmAction = (idempotencyKey: string) => unknown;

export type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  text: string;
  /** The action's own word ('Deaktiviraj', 'Odbaci izmjene'); 'Potvrdi' by default. */
  confirmLabel?: string;
  /** The safe way out; 'Otkaži' by default. */
  cancelLabel?: string;
  isBusy?: boolean;
  onConfirm: ConfirmAction;
  onCancel: () => void;
  /** A second way to go ahead, beside the main one (restore a folder with its items). */
  alternative?: { label: string; onConfirm: ConfirmAction };
};

/**
 * Asks before an action that changes or loses something. The safe button has the focus when it
 * opens, so Enter or Escape right away changes nothing.
 */
export function ConfirmDialog({
  isOpen,
  title,
  text,
  confirmLabel,
  cancelLabel,
  isBusy = false,
  onConfirm,
  onCancel,
  alternative,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const { key } = useIdempotencyKey(isOpen);
  const isRunning = useRef(false);
  const [isWaiting, setWaiting] = useState(false);
  const run = (action: ConfirmAction) => {
    if (isRunning.current || isBusy) return;
    const answer = action(key);
    if (!(answer instanceof Promise)) return;
    isRunning.current = true;
    setWaiting(true);
    // The write's own handlers show its failure; here it only ends the wait.
    answer
      .catch(() => {})
      .finally(() => {
        isRunning.current = false;
        setWaiting(false);
      });
  };
  const isDisabled = isBusy || isWaiting;
  // The browser's Back answers it as Escape does: the safe way out.
  useOpenDialog(isOpen, onCancel);
  return (
    <Dialog
      open={isOpen}
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // A second choice (with its longer words) gets a wider dialog; the buttons wrap when short of room.
      maxWidth={alternative ? 'sm' : 'xs'}
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={onCancel} autoFocus>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        {alternative && (
          <Button onClick={() => run(alternative.onConfirm)} variant="outlined" disabled={isDisabled}>
            {alternative.label}
          </Button>
        )}
        <Button onClick={() => run(onConfirm)} variant="contained" disabled={isDisabled}>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
