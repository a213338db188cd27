import DownIcon from '@mui/icons-material/ArrowDownward';
import UpIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { SavedViewList } from '@usluge/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveListColumns } from '../../api/preferences-api.ts';
import { feedback } from '../feedback/feedback-store.ts';
import { FormDialogFrame, useReportChanges } from '../form/dialog-form.tsx';
import { useWriteMutation } from '../form/use-write-mutation.ts';
import type { ColumnConfig } from './resource-types.ts';

type Choice = { key: string; isShown: boolean };

/** The shown columns in their order, then the hidden ones in the resource's order. */
function choicesOf(columns: readonly ColumnConfig<never>[], shownKeys: readonly string[]): Choice[] {
  const shown = shownKeys.filter((key) => columns.some((column) => column.key === key));
  const hidden = columns.map((column) => column.key).filter((key) => !shown.includes(key));
  return [...shown.map((key) => ({ key, isShown: true })), ...hidden.map((key) => ({ key, isShown: false }))];
}

export type ColumnChooserProps = {
  isOpen: boolean;
  list: SavedViewList;
  /** Every column of the resource. */
  columns: readonly ColumnConfig<never>[];
  /** The keys shown now, in order. */
  shownKeys: readonly string[];
  defaultKeys: readonly string[];
  onClose: () => void;
  /** The stored choices as the server answered them. */
  onSaved: (answer: { lists: Record<string, { columns: string[] }> }) => void;
};

/**
 * "Kolone": which columns the list shows and in what order, kept on the server for the member
 * (PUT /api/preferences), so they follow them to another machine. Checkboxes and move up/down
 * buttons, all reachable by keyboard. A changed choice is unsaved work: Back, Escape or leaving the
 * page asks first (FormDialogFrame).
 */
export function ColumnChooser(props: ColumnChooserProps) {
  return (
    <FormDialogFrame isOpen={props.isOpen} onClose={props.onClose} width={444}>
      {(titleId) => <ChooserBody {...props} titleId={titleId} />}
    </FormDialogFrame>
  );
}

const sameChoices = (one: readonly Choice[], other: readonly Choice[]) =>
  one.length === other.length &&
  one.every((choice, index) => choice.key === other[index]?.key && choice.isShown === other[index]?.isShown);

function ChooserBody({
  list,
  columns,
  shownKeys,
  defaultKeys,
  onClose,
  onSaved,
  titleId,
}: ColumnChooserProps & { titleId: string }) {
  const { t } = useTranslation();
  const [opened] = useState(() => choicesOf(columns, shownKeys));
  const [choices, setChoices] = useState(opened);
  useReportChanges(!sameChoices(choices, opened));
  const titleOf = (key: string) => {
    const column = columns.find((candidate) => candidate.key === key);
    return column ? t(column.titleKey) : key;
  };
  const isNoneShown = !choices.some((choice) => choice.isShown);
  const save = useWriteMutation({
    mutationFn: (keys: string[], idempotencyKey: string) => saveListColumns(list, keys, idempotencyKey),
    onSuccess: (answer) => {
      onSaved(answer);
      feedback.showSuccess(t('list.columnChooser.saved'));
      onClose();
    },
  });
  const move = (index: number, by: -1 | 1) =>
    setChoices((now) => {
      const next = [...now];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + by, 0, moved);
      return next;
    });

  return (
    <>
      <DialogTitle id={titleId}>{t('list.columnChooser.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary">
          {t('list.columnChooser.hint')}
        </Typography>
        <List dense>
          {choices.map((choice, index) => {
            const title = titleOf(choice.key);
            return (
              <ListItem
                key={choice.key}
                disableGutters
                secondaryAction={
                  <>
                    <IconButton
                      size="small"
                      aria-label={t('list.columnChooser.moveUp', { column: title })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <UpIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('list.columnChooser.moveDown', { column: title })}
                      disabled={index === choices.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <DownIcon fontSize="small" />
                    </IconButton>
                  </>
                }
              >
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={choice.isShown}
                      onChange={(event) =>
                        setChoices((now) =>
                          now.map((item) =>
                            item.key === choice.key ? { ...item, isShown: event.target.checked } : item,
                          ),
                        )
                      }
                    />
                  }
                  label={title}
                />
              </ListItem>
            );
          })}
        </List>
        {isNoneShown && <Alert severity="warning">{t('list.columnChooser.noneShown')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setChoices(choicesOf(columns, defaultKeys))} sx={{ mr: 'auto' }}>
          {t('list.columnChooser.reset')}
        </Button>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={isNoneShown || save.isPending}
          onClick={() => save.submit(choices.filter((choice) => choice.isShown).map((choice) => choice.key))}
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </>
  );
}
