import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  createContext,
  type FormEventHandler,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { FormFields } from './form-field-input.tsx';
import type { FormField } from './form-types.ts';
import { notifyOpenDialogs, useOpenDialog } from './open-dialogs.ts';

/**
 * What the form inside a FormDialogFrame shares with it: whether it holds unsaved changes (told by
 * the form, read by the navigation guard and the draft keeper) and the id of its title.
 */
type FormFrame = { setHasChanges: (hasChanges: boolean) => void; hasChanges: () => boolean; titleId: string };

const FormFrameContext = createContext<FormFrame>({
  setHasChanges: () => {},
  hasChanges: () => false,
  titleId: '',
});

/** The FormDialogFrame around a form (a no-op frame outside one). */
export function useFormFrame(): FormFrame {
  return useContext(FormFrameContext);
}

/**
 * A dialog whose form mounts when it opens and unmounts when it has closed, so an unsaved form
 * always starts over (SPEC.md section 2). `children` renders the form, labelled by `titleId`.
 * A click outside, Escape or the browser's Back (a phone's back gesture; see open-dialogs.ts)
 * closes it at once when nothing was changed; with unsaved changes it asks first (keep editing /
 * discard). The form's own cancel button closes without asking.
 */
export function FormDialogFrame({
  isOpen,
  onClose,
  width,
  isFullScreenOnPhone = false,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  width: number;
  /** A long form (the ad form) takes the whole screen of a phone instead of a cramped card. */
  isFullScreenOnPhone?: boolean;
  children: (titleId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const hasChanges = useRef(false);
  const [isDiscardAsked, setDiscardAsked] = useState(false);
  const frame = useMemo<FormFrame>(
    () => ({
      setHasChanges: (next) => {
        if (hasChanges.current === next) return;
        hasChanges.current = next;
        notifyOpenDialogs();
      },
      hasChanges: () => hasChanges.current,
      titleId,
    }),
    [titleId],
  );
  useEffect(() => {
    if (!isOpen) setDiscardAsked(false);
  }, [isOpen]);
  const requestClose = () => {
    if (hasChanges.current) setDiscardAsked(true);
    else onClose();
  };
  useOpenDialog(isOpen, requestClose, frame.hasChanges);

  return (
    <>
      <Dialog
        open={isOpen}
        onClose={requestClose}
        aria-labelledby={titleId}
        fullWidth
        fullScreen={isFullScreenOnPhone && isPhone}
        slotProps={{ paper: { sx: { maxWidth: isFullScreenOnPhone && isPhone ? undefined : width } } }}
      >
        <FormFrameContext value={frame}>{children(titleId)}</FormFrameContext>
      </Dialog>
      <ConfirmDialog
        isOpen={isOpen && isDiscardAsked}
        title={t('form.discardTitle')}
        text={t('form.discardText')}
        cancelLabel={t('form.keepEditing')}
        confirmLabel={t('form.discard')}
        onCancel={() => setDiscardAsked(false)}
        onConfirm={() => {
          setDiscardAsked(false);
          onClose();
        }}
      />
    </>
  );
}

/**
 * Tells the FormDialogFrame around a form whether it holds unsaved changes (a form not built on
 * react-hook-form, such as the add-credits form); forgets them when it unmounts.
 */
export function useReportChanges(hasChanges: boolean) {
  const { setHasChanges } = useFormFrame();
  useEffect(() => {
    setHasChanges(hasChanges);
  }, [hasChanges, setHasChanges]);
  useEffect(() => () => setHasChanges(false), [setHasChanges]);
}

/** Reports the react-hook-form's unsaved changes to the frame around it. */
function useReportUnsavedChanges<Values extends FieldValues, Output>(
  control: Control<Values, unknown, Output>,
) {
  const { isDirty } = useFormState({ control });
  useReportChanges(isDirty);
}

const FORM_IN_DIALOG = { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } as const;

/** What marks a required input: its own attribute, or the asterisk of a required group's label. */
const REQUIRED_MARK = 'input[required], textarea[required], .MuiFormLabel-asterisk';

/**
 * Whether the form shows a required field now. Read from what is rendered, as the fields of a
 * dialog's own parts (children) and the ones shown by a value come and go without telling us.
 */
function useHasRequiredField() {
  const formRef = useRef<HTMLFormElement>(null);
  const [hasRequiredField, setHasRequiredField] = useState(false);
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const check = () => setHasRequiredField(form.querySelector(REQUIRED_MARK) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(form, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['required'],
    });
    return () => observer.disconnect();
  }, []);
  return { formRef, hasRequiredField };
}

/**
 * The form inside such a dialog: title, fields, the required-fields note (only when a field is
 * required: a confirmation without fields has nothing to note), cancel and submit.
 */
export function DialogForm<Values extends FieldValues, Output>({
  titleId,
  title,
  subtitle,
  control,
  fields,
  isEditing = false,
  onSubmit,
  onClose,
  submitButton,
  notice,
  children,
}: {
  titleId: string;
  title: string;
  /** A line under the title saying where the new row goes ('Dodaje se u: Bašta'). */
  subtitle?: string;
  control: Control<Values, unknown, Output>;
  fields: readonly FormField<Values>[];
  /** A form's own parts after the generic fields (the ad form's places, working days, photos). */
  children?: ReactNode;
  /** Passed to each field's `isShown`. */
  isEditing?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** A `type="submit"` button: its label and busy state differ per dialog. */
  submitButton: ReactNode;
  /** Shown above the fields (a stale save's conflict: WriteConflictNotice). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  useReportUnsavedChanges(control);
  const { formRef, hasRequiredField } = useHasRequiredField();
  return (
    // A flex column that may shrink to the dialog's height: the content scrolls, and the title and
    // Save/Cancel stay in view however long the form (MUI's scroll="paper" needs them as its flex items).
    <form ref={formRef} noValidate onSubmit={onSubmit} style={FORM_IN_DIALOG}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, mt: -1.5, pb: 1 }}>
          {subtitle}
        </Typography>
      )}
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {notice}
          <FormFields control={control} fields={fields} isEditing={isEditing} />
          {children}
          {hasRequiredField && (
            <Typography variant="caption" color="text.secondary">
              {t('common.requiredNote')}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {submitButton}
      </DialogActions>
    </form>
  );
}
