import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { getCurrentUser } from '../auth/session-store.ts';
import { ConfirmDialog } from '../components/dialogs/confirm-dialog.tsx';
import {
  closeTopDialog,
  hasOpenDialog,
  hasUnsavedChanges,
  subscribeOpenDialogs,
} from '../components/form/open-dialogs.ts';

/** What a blocked navigation turns into: the dialog on top closes, or the leave question. */
type Blocked = 'close-dialog' | 'ask';

/**
 * Nothing typed is lost by moving about (the admin shell mounts this once; a router has one blocker):
 * - the browser's Back or Forward while a dialog is open closes that dialog instead (asking first
 *   when it holds changes) and the page stays, its address and history as they were;
 * - going to another page with unsaved changes (a menu item, a link) asks first: keep editing or
 *   discard;
 * - closing or reloading the tab with unsaved changes gets the browser's own question.
 * Once the session has ended nothing is held back: the way to the login page is open, and the
 * drafts were kept (app/http-wiring.ts).
 */
export function NavigationGuard() {
  const { t } = useTranslation();
  const blocked = useRef<Blocked>('ask');
  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation, historyAction }) => {
    if (getCurrentUser() === null) return false;
    if (historyAction === 'POP' && hasOpenDialog()) {
      blocked.current = 'close-dialog';
      return true;
    }
    // Another page; a new query of the same page (a list's filters) keeps its dialogs.
    if (currentLocation.pathname !== nextLocation.pathname && hasUnsavedChanges()) {
      blocked.current = 'ask';
      return true;
    }
    return false;
  };
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked' || blocked.current !== 'close-dialog') return;
    blocker.reset();
    closeTopDialog();
  }, [blocker]);

  const hasChanges = useSyncExternalStore(subscribeOpenDialogs, hasUnsavedChanges, hasUnsavedChanges);
  useEffect(() => {
    if (!hasChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasChanges]);

  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked' && blocked.current === 'ask'}
      title={t('form.leaveTitle')}
      text={t('form.leaveText')}
      cancelLabel={t('form.keepEditing')}
      confirmLabel={t('form.discard')}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
