import ViewsIcon from '@mui/icons-material/Bookmarks';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SAVED_VIEW_NAME_MAX,
  type SavedViewList,
  type SavedViewRow,
  type SavedViewState,
} from '@usluge/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http-error.ts';
import {
  destroySavedView,
  type SavedViewFields,
  savedViewsQueryKey,
  setDefaultSavedView,
  storeSavedView,
  updateSavedView,
} from '../../api/preferences-api.ts';
import { useCurrentUser } from '../../auth/session-store.ts';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { feedback } from '../feedback/feedback-store.ts';
import { FormDialogFrame, useReportChanges } from '../form/dialog-form.tsx';
import { useWriteMutation } from '../form/use-write-mutation.ts';

type Open =
  | { kind: 'none' }
  | { kind: 'save' }
  | { kind: 'manage' }
  | { kind: 'edit'; view: SavedViewRow }
  | { kind: 'delete'; view: SavedViewRow };

export type SavedViewsMenuProps = {
  list: SavedViewList;
  views: readonly SavedViewRow[];
  /** The list's state now, as a new view keeps it. */
  currentState: () => SavedViewState;
  onApply: (view: SavedViewRow) => void;
};

/**
 * "Pogledi" in a list's toolbar: the member's own and the shared views (pick one to apply it),
 * save the current list as a view (named, shared with all staff, the list's default), and rename,
 * share, make default or delete one's own.
 */
export function SavedViewsMenu({ list, views, currentState, onApply }: SavedViewsMenuProps) {
  const { t } = useTranslation();
  const userId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const reload = () => queryClient.invalidateQueries({ queryKey: savedViewsQueryKey(list) });
  const close = () => setOpen({ kind: 'none' });
  const choose = (next: Open) => {
    setAnchor(null);
    setOpen(next);
  };
  // Each star click is an action of its own, with a key of its own.
  const toggleDefault = useMutation({
    mutationFn: (view: SavedViewRow) => setDefaultSavedView(view, !view.is_default, crypto.randomUUID()),
    onSuccess: () => {
      feedback.showSuccess(t('list.views.updated'));
      void reload();
    },
  });

  return (
    <>
      <Button
        startIcon={<ViewsIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('list.views.open')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {views.length === 0 && <MenuItem disabled>{t('list.views.none')}</MenuItem>}
        {views.map((view) => (
          <MenuItem
            key={view.id}
            onClick={() => {
              setAnchor(null);
              onApply(view);
            }}
          >
            <ListItemText
              primary={view.name}
              secondary={
                [
                  view.is_default ? t('list.views.default') : null,
                  view.user_id === userId
                    ? view.is_shared
                      ? t('list.views.shared')
                      : null
                    : t('list.views.ownerOf', { name: view.owner_name }),
                ]
                  .filter(Boolean)
                  .join(' · ') || null
              }
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => choose({ kind: 'save' })}>{t('list.views.saveCurrent')}</MenuItem>
        {views.length > 0 && (
          <MenuItem onClick={() => choose({ kind: 'manage' })}>{t('list.views.manage')}</MenuItem>
        )}
      </Menu>

      <ViewFormDialog
        isOpen={open.kind === 'save' || open.kind === 'edit'}
        view={open.kind === 'edit' ? open.view : null}
        onClose={() => setOpen(open.kind === 'edit' ? { kind: 'manage' } : { kind: 'none' })}
        onSave={(fields, idempotencyKey) =>
          open.kind === 'edit'
            ? updateSavedView(open.view, fields, idempotencyKey)
            : storeSavedView(list, fields, currentState(), idempotencyKey)
        }
        onSaved={() => {
          feedback.showSuccess(t(open.kind === 'edit' ? 'list.views.updated' : 'list.views.created'));
          void reload();
          setOpen(open.kind === 'edit' ? { kind: 'manage' } : { kind: 'none' });
        }}
      />

      <ManageViewsDialog
        isOpen={open.kind === 'manage'}
        views={views}
        userId={userId}
        onClose={close}
        onEdit={(view) => setOpen({ kind: 'edit', view })}
        onDelete={(view) => setOpen({ kind: 'delete', view })}
        onToggleDefault={(view) => {
          if (!toggleDefault.isPending) toggleDefault.mutate(view);
        }}
      />

      <ConfirmDialog
        isOpen={open.kind === 'delete'}
        title={open.kind === 'delete' ? t('list.views.deleteQuestion', { name: open.view.name }) : ''}
        text={t('list.views.deleteText')}
        confirmLabel={t('list.views.deleteConfirm')}
        onCancel={() => setOpen({ kind: 'manage' })}
        onConfirm={async (idempotencyKey) => {
          if (open.kind !== 'delete') return;
          await destroySavedView(open.view, idempotencyKey);
          feedback.showSuccess(t('list.views.deleted'));
          await reload();
          setOpen(views.length > 1 ? { kind: 'manage' } : { kind: 'none' });
        }}
      />
    </>
  );
}

/**
 * The list's views, each with a default button (a shared view of another's too: their default is
 * the member's own choice); the member's own views also with edit and delete.
 */
type ManageViewsProps = {
  views: readonly SavedViewRow[];
  userId: number | undefined;
  onClose: () => void;
  onEdit: (view: SavedViewRow) => void;
  onDelete: (view: SavedViewRow) => void;
  onToggleDefault: (view: SavedViewRow) => void;
};

function ManageViewsDialog({ isOpen, ...props }: ManageViewsProps & { isOpen: boolean }) {
  return (
    <FormDialogFrame isOpen={isOpen} onClose={props.onClose} width={600}>
      {(titleId) => <ManageViews titleId={titleId} {...props} />}
    </FormDialogFrame>
  );
}

function ManageViews({
  titleId,
  views,
  userId,
  onClose,
  onEdit,
  onDelete,
  onToggleDefault,
}: ManageViewsProps & { titleId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle id={titleId}>{t('list.views.manageTitle')}</DialogTitle>
      <DialogContent dividers>
        <List dense>
          {views.map((view) => (
            <ListItem
              key={view.id}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <IconButton
                    aria-label={t(view.is_default ? 'list.views.unsetDefault' : 'list.views.setDefault', {
                      name: view.name,
                    })}
                    aria-pressed={view.is_default}
                    onClick={() => onToggleDefault(view)}
                  >
                    {view.is_default ? <StarIcon /> : <StarBorderIcon />}
                  </IconButton>
                  {view.user_id === userId && (
                    <>
                      <IconButton
                        aria-label={t('list.views.edit', { name: view.name })}
                        onClick={() => onEdit(view)}
                      >
                        <EditIcon />
                      </IconButton>
                      <IconButton
                        aria-label={t('list.views.delete', { name: view.name })}
                        onClick={() => onDelete(view)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </>
                  )}
                </Stack>
              }
              sx={{ pr: 18 }}
            >
              <ListItemText
                primary={view.name}
                secondary={
                  [
                    view.is_default ? t('list.views.default') : null,
                    view.user_id === userId
                      ? view.is_shared
                        ? t('list.views.shared')
                        : null
                      : t('list.views.ownerOf', { name: view.owner_name }),
                  ]
                    .filter(Boolean)
                    .join(' · ') || null
                }
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </>
  );
}

/** Name, sharing and default of a new view (the list as it is now) or of one's own view. */
function ViewFormDialog({
  isOpen,
  view,
  onClose,
  onSave,
  onSaved,
}: {
  isOpen: boolean;
  view: SavedViewRow | null;
  onClose: () => void;
  onSave: (fields: SavedViewFields, idempotencyKey: string) => Promise<unknown>;
  onSaved: () => void;
}) {
  // While the dialog fades out the menu already passes view = null; keep the title steady.
  const shownView = useRef(view);
  if (isOpen) shownView.current = view;
  return (
    <FormDialogFrame isOpen={isOpen} onClose={onClose} width={444}>
      {(titleId) => (
        <ViewForm
          titleId={titleId}
          view={shownView.current}
          onClose={onClose}
          onSave={onSave}
          onSaved={onSaved}
        />
      )}
    </FormDialogFrame>
  );
}

function ViewForm({
  titleId,
  view,
  onClose,
  onSave,
  onSaved,
}: {
  titleId: string;
  view: SavedViewRow | null;
  onClose: () => void;
  onSave: (fields: SavedViewFields, idempotencyKey: string) => Promise<unknown>;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [opened] = useState<SavedViewFields>(() => ({
    name: view?.name ?? '',
    is_shared: view?.is_shared ?? false,
    is_default: view?.is_default ?? false,
  }));
  const [fields, setFields] = useState(opened);
  // A typed name is unsaved work: Back, Escape or leaving the page asks first (FormDialogFrame).
  useReportChanges(
    fields.name !== opened.name ||
      fields.is_shared !== opened.is_shared ||
      fields.is_default !== opened.is_default,
  );
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useWriteMutation({
    mutationFn: (sent: SavedViewFields, idempotencyKey: string) => onSave(sent, idempotencyKey),
    onSuccess: onSaved,
    onError: (error) => {
      if (error instanceof HttpError) setNameError(error.fieldErrors.name?.[0] ?? null);
    },
  });
  const nameId = useId();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const name = fields.name.trim();
        if (name === '') {
          setNameError(t('validation.required'));
          return;
        }
        setNameError(null);
        save.submit({ ...fields, name });
      }}
    >
      <DialogTitle id={titleId}>{t(view ? 'list.views.editTitle' : 'list.views.saveTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField
            id={nameId}
            label={t('list.views.name')}
            value={fields.name}
            required
            autoFocus
            error={nameError !== null}
            helperText={nameError ?? ' '}
            slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX } }}
            onChange={(event) => setFields({ ...fields, name: event.target.value })}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={fields.is_shared}
                onChange={(event) => setFields({ ...fields, is_shared: event.target.checked })}
              />
            }
            label={t('list.views.isShared')}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={fields.is_default}
                onChange={(event) => setFields({ ...fields, is_default: event.target.checked })}
              />
            }
            label={t('list.views.isDefault')}
          />
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
