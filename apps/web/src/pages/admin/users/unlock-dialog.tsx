import type { UserRow } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import type { RowActionDialogProps } from '../../../components/list/resource-types.ts';
import { unlockUserSignIn } from './unlock-api.ts';

/**
 * Asks, then lifts the user's sign-in lock (their username's failures from every address) and says
 * whether there was one. The confirmation gives the Idempotency-Key of its opening and stays busy
 * until the answer; a failure opens the error dialog and leaves it open to try again.
 */
export function UnlockDialog({ row: user, isOpen, onClose }: RowActionDialogProps<UserRow>) {
  const { t } = useTranslation();
  const name = user.full_name;
  const unlock = async (idempotencyKey: string) => {
    const answer = await unlockUserSignIn(user.id, idempotencyKey);
    feedback.showSuccess(t(answer.was_locked ? 'signInLock.unlocked' : 'signInLock.notLocked', { name }));
    onClose();
  };
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('signInLock.question', { name })}
      text={t('signInLock.text')}
      confirmLabel={t('signInLock.confirm')}
      onConfirm={unlock}
      onCancel={onClose}
    />
  );
}
