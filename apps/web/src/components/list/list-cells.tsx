import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatDateTime } from '@usluge/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellContext, ColumnConfig } from './resource-types.ts';

/** A moment in Montenegro's time, as the reports print it: '21.11.2026 07:20'. */
export function DateTimeText({ value }: { value: unknown }) {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <Box component="time" dateTime={date.toISOString()} sx={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(date)}
    </Box>
  );
}

export function YesNoText({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'boolean') return null;
  return <>{value ? t('common.yes') : t('common.no')}</>;
}

/** The is_active column: 'Aktivan' or 'Neaktivan', the words the reports use too. */
export function ActiveStatusChip({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isActive ? 'success' : 'default'}
      label={isActive ? t('list.status.active') : t('list.status.inactive')}
    />
  );
}

/** Long text in one line, cut with an ellipsis; the whole text shows on hover. */
export function TruncatedText({
  text,
  maxWidth = 240,
}: {
  text: string | null | undefined;
  maxWidth?: number;
}) {
  if (!text) return null;
  return (
    <Box
      component="span"
      title={text}
      sx={{ display: 'block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  );
}

export function readField(row: object, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

/** A cell without row actions to open (a history table's). */
const NO_ACTIONS: CellContext = { openAction: () => {} };

/** A cell's content: the column's renderer, or the field shown by the column's filter kind. */
export function renderCell<Row extends object>(
  column: ColumnConfig<Row>,
  row: Row,
  context: CellContext = NO_ACTIONS,
): ReactNode {
  if (column.render) return column.render(row, context);
  const value = readField(row, column.key);
  if (column.key === 'is_active' && typeof value === 'boolean') return <ActiveStatusChip isActive={value} />;
  if (column.filter?.kind === 'date') return <DateTimeText value={value} />;
  if (typeof value === 'boolean') return <YesNoText value={value} />;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return '';
  return String(value);
}
