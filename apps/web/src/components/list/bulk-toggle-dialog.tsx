import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { BulkResult } from '@usluge/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../api/list-api.ts';
import { useOpenDialog } from '../form/open-dialogs.ts';
import { useIdempotencyKey } from '../form/use-write-mutation.ts';
import { BulkProgressBar, BulkResultSummary, useCountFormat } from './bulk-result.tsx';
import {
  type BulkProgress,
  BulkStoppedError,
  type BulkTarget,
  runBulk,
  stopReasonOf,
  toggleBulkSend,
} from './bulk-run.ts';

export type BulkToggleDialogProps = {
  entity: EntityName;
  /** The list the rows were chosen on, when not the entity's own (the review queue): its filters. */
  listEntity: EntityName;
  /** false: deactivate the rows; true: restore them. */
  isActive: boolean;
  /** How many rows the target is (the chosen ones, or all the filter matches). */
  count: number;
  target: BulkTarget;
  nameOf: (id: number) => string;
  isOpen: boolean;
  onClose: () => void;
  /** Called once rows may have changed: the list reloads. */
  onChanged: () => void;
};

type Phase =
  | { kind: 'confirm' }
  | { kind: 'running'; progress: BulkProgress }
  | { kind: 'done'; result: BulkResult; stopped?: { after: number; reason: string } };

/**
 * The list's own bulk action, on every list with the toggle: deactivate or restore the chosen rows
 * or all the filter matches. Asks first, naming the count; then shows the progress, chunk by chunk;
 * then what was done and each refused row with its reason.
 */
export function BulkToggleDialog(props: BulkToggleDialogProps) {
  // A fresh start on each opening.
  return props.isOpen ? <BulkToggleBody {...props} /> : null;
}

function BulkToggleBody({
  entity,
  listEntity,
  isActive,
  count,
  target,
  nameOf,
  isOpen,
  onClose,
  onChanged,
}: BulkToggleDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const formatCount = useCountFormat();
  const { key } = useIdempotencyKey(isOpen);
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  const isRunning = phase.kind === 'running';
  // The result's Close takes the focus: the buttons the run disabled had it, and lost it.
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phase.kind === 'done') closeButton.current?.focus();
  }, [phase.kind]);
  // While it runs, closing would hide the progress of what goes on: Escape and Back wait.
  const close = () => {
    if (!isRunning) onClose();
  };
  useOpenDialog(isOpen, close);
  const start = async () => {
    setPhase({ kind: 'running', progress: { done: 0, total: count } });
    try {
      const result = await runBulk(
        toggleBulkSend(entity, isActive, listEntity),
        target,
        count,
        key,
        (progress) => setPhase({ kind: 'running', progress }),
      );
      setPhase({ kind: 'done', result });
    } catch (error) {
      if (!(error instanceof BulkStoppedError)) throw error;
      const { partial } = error;
      const done = partial.changed.length + partial.unchanged.length + partial.refused.length;
      setPhase({ kind: 'done', result: partial, stopped: { after: done, reason: stopReasonOf(error) } });
    } finally {
      onChanged();
    }
  };
  const question = t(isActive ? 'list.bulk.restoreQuestion' : 'list.bulk.deactivateQuestion', {
    count: formatCount(count),
  });
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      aria-labelledby={`${id}-title`}
      maxWidth="xs"
      fullWidth
      disableRestoreFocus
    >
      <DialogTitle id={`${id}-title`}>
        {phase.kind === 'done' ? t('list.bulk.resultTitle') : question}
      </DialogTitle>
      <DialogContent>
        {phase.kind === 'confirm' && <DialogContentText>{t('list.bulk.text')}</DialogContentText>}
        {phase.kind === 'running' && <BulkProgressBar progress={phase.progress} />}
        {phase.kind === 'done' && (
          <>
            {phase.stopped && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {phase.stopped.reason} {t('list.bulk.stopped', { done: formatCount(phase.stopped.after) })}
              </Alert>
            )}
            <BulkResultSummary result={phase.result} nameOf={nameOf} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {phase.kind === 'done' ? (
          <Button ref={closeButton} onClick={onClose} variant="contained">
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={isRunning} autoFocus>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void start()} variant="contained" disabled={isRunning}>
              {isActive ? t('list.restore') : t('list.deactivate')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
