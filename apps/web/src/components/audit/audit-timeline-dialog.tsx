import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { FormDialogFrame } from '../form/dialog-form.tsx';
import { AuditTimeline } from './audit-timeline.tsx';

/** A record's change history in a dialog (a user's, from the users list), 700 px wide. */
export function AuditTimelineDialog({
  isOpen,
  onClose,
  recordType,
  recordId,
  name,
}: {
  isOpen: boolean;
  onClose: () => void;
  recordType: string;
  recordId: number;
  /** How the title names the record ('Istorija izmjena: Ana Marković'). */
  name: string;
}) {
  const { t } = useTranslation();
  const title = t('audit.timeline.dialogTitle', { name });
  return (
    <FormDialogFrame isOpen={isOpen} onClose={onClose} width={700}>
      {(titleId) => (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </DialogTitle>
          {/* A long history scrolls here: the region takes the focus, so the arrow keys scroll it. */}
          <DialogContent dividers tabIndex={0} role="region" aria-label={title}>
            <AuditTimeline recordType={recordType} recordId={recordId} label={title} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      )}
    </FormDialogFrame>
  );
}
