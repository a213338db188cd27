import Checkbox from '@mui/material/Checkbox';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterField } from './filter-field.tsx';
import { renderCell } from './list-cells.tsx';
import type { ListLayoutProps } from './list-layout.ts';
import { nameOfRow, type RowBase } from './resource-types.ts';
import { RowActions } from './row-actions.tsx';

/**
 * A wide table (users: ten columns) scrolls sideways; its actions stay in view at the right edge.
 */
const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

/**
 * Text wraps, at any character if it must (a long e-mail), so that a long value makes its row
 * taller instead of the table wider than 1366 px. Figures (right-aligned) stay on one line.
 */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The list as a table (md and wider): a sortable header, the filter row, one row per record. */
export function ListTable<Row extends RowBase>({
  resource,
  title,
  rows,
  emptyText,
  sort,
  onToggleSort,
  draft,
  onDraftChange,
  onApplyFilters,
  rowActions,
  onOpenAction,
  selection,
}: ListLayoutProps<Row>) {
  const { t } = useTranslation();
  const columnCount = resource.columns.length + 1 + (selection ? 1 : 0);
  return (
    <TableContainer>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox" rowSpan={2}>
                <Checkbox
                  checked={selection.isAllSelected}
                  indeterminate={selection.isSomeSelected && !selection.isAllSelected}
                  disabled={rows.length === 0}
                  onChange={selection.onToggleAll}
                  slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
                />
              </TableCell>
            )}
            {resource.columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                sx={{ minWidth: column.width }}
                sortDirection={sort.key === column.key ? (sort.isDescending ? 'desc' : 'asc') : false}
              >
                <TimeZoneNote isShown={column.filter?.kind === 'date'}>
                  {column.isSortable ? (
                    <TableSortLabel
                      active={sort.key === column.key}
                      direction={sort.key === column.key && sort.isDescending ? 'desc' : 'asc'}
                      onClick={() => onToggleSort(column.key)}
                    >
                      {t(column.titleKey)}
                    </TableSortLabel>
                  ) : (
                    <span>{t(column.titleKey)}</span>
                  )}
                </TimeZoneNote>
              </TableCell>
            ))}
            <TableCell align="right" sx={rowActions ? STICKY_ACTIONS : undefined}>
              {rowActions ? t('list.actions') : null}
            </TableCell>
          </TableRow>
          <TableRow>
            {resource.columns.map((column) => (
              <TableCell key={column.key} sx={{ verticalAlign: 'top' }}>
                {column.filter && (
                  <FilterField
                    filter={column.filter}
                    title={t(column.titleKey)}
                    value={draft[column.key] ?? ''}
                    onChange={(value) => onDraftChange({ ...draft, [column.key]: value })}
                    onApply={(value) => onApplyFilters({ ...draft, [column.key]: value })}
                  />
                )}
              </TableCell>
            ))}
            <TableCell sx={rowActions ? STICKY_ACTIONS : undefined} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover selected={selection?.isSelected(row) ?? false}>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selection.isSelected(row)}
                    onChange={() => selection.onToggle(row)}
                    slotProps={{
                      input: { 'aria-label': t('list.selectRow', { name: nameOfRow(resource, row) }) },
                    }}
                  />
                </TableCell>
              )}
              {resource.columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={column.align === 'right' ? NO_WRAP : WRAP_ANYWHERE}
                >
                  {renderCell(column, row, { openAction: (key) => onOpenAction(row, key) })}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ ...NO_WRAP, ...(rowActions ? STICKY_ACTIONS : {}) }}>
                {rowActions && <RowActions row={row} {...rowActions} />}
              </TableCell>
            </TableRow>
          ))}
          {emptyText !== null && (
            <TableRow>
              <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
                <Typography color="text.secondary">{emptyText}</Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Date columns say, on hover or focus, that their times are Montenegro's (DESIGN.md section 10). */
function TimeZoneNote({ isShown, children }: { isShown: boolean; children: ReactElement }) {
  const { t } = useTranslation();
  if (!isShown) return children;
  return (
    <Tooltip title={t('list.timeZoneNote')} placement="top" describeChild>
      {children}
    </Tooltip>
  );
}
