import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useOpenDialog } from '../form/open-dialogs.ts';
import { feedback, SNACKBAR_DURATION_MS, useFeedbackState } from './feedback-store.ts';

/** Renders the 'Greška' dialog and the snackbar (SPEC.md section 8). Mounted once per MUI screen tree. */
export function FeedbackHost() {
  const { t } = useTranslation();
  const { error, snack } = useFeedbackState();
  // The browser's Back closes the error dialog instead of leaving the page.
  useOpenDialog(error !== null, () => feedback.closeError());

  return (
    <>
      <Dialog
        open={error !== null}
        onClose={() => feedback.closeError()}
        aria-labelledby="error-dialog-title"
        aria-describedby="error-dialog-text"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="error-dialog-title">{t('common.error')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="error-dialog-text">
            {error?.message ?? t('common.contactAdministrator')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => feedback.closeError()} autoFocus>
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        key={snack?.id}
        open={snack !== null}
        autoHideDuration={SNACKBAR_DURATION_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') feedback.closeSnack();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={() => feedback.closeSnack()}
          severity={snack?.severity ?? 'success'}
          variant="filled"
          sx={{ width: '100%' }}
        >
          {snack?.message}
        </Alert>
      </Snackbar>
    </>
  );
}
