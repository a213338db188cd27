import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListRequest, PAGE_SIZES } from '@usluge/contract';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchListAt, type ListPath } from '../../api/list-api.ts';
import { FormDialogFrame } from '../form/dialog-form.tsx';
import { renderCell } from './list-cells.tsx';
import type { ColumnConfig, SortState } from './resource-types.ts';

/** The query key of every page of a history read at `path`: invalidate it after a change. */
export function historyQueryKey(path: string) {
  return ['history', path] as const;
}

export type HistoryDialogProps<Row> = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** Pixels (SPEC.md 9); 850 by default. */
  width?: number;
  /** `POST <path>` with the list body answers the rows (`/api/lead_transactions/index`). */
  path: ListPath;
  /** The list filters that pick this record's history (`credit_for_user_id` equals the user). */
  filters: NonNullable<ListRequest['filters']>;
  columns: readonly ColumnConfig<Row>[];
  /** Newest first by default. */
  sort?: SortState;
  /** Shown above the table (a balance and an add button). */
  children?: ReactNode;
};

const NEWEST_FIRST: SortState = { key: 'updated_at', isDescending: true };

/**
 * A read-only, paginated history in a dialog (credits of a user, a credit price's changes, a
 * service's credits, an ad's leads): a table on wide screens, 'label: value' cards on a phone.
 */
export function HistoryDialog<Row extends object>(props: HistoryDialogProps<Row>) {
  return (
    <FormDialogFrame isOpen={props.isOpen} onClose={props.onClose} width={props.width ?? 850}>
      {(titleId) => <HistoryBody {...props} titleId={titleId} />}
    </FormDialogFrame>
  );
}

function HistoryBody<Row extends object>({
  onClose,
  title,
  children,
  titleId,
  ...table
}: HistoryDialogProps<Row> & { titleId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        <HistoryTable title={title} {...table} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </>
  );
}

export type HistoryTableProps<Row> = Pick<
  HistoryDialogProps<Row>,
  'path' | 'filters' | 'columns' | 'sort'
> & {
  /** Names the table (and its scrolling region) for assistive technology. */
  title: string;
};

/**
 * A read-only, paginated history: a table on wide screens, 'label: value' cards on a phone. In a
 * dialog (HistoryDialog) or a section of a record's page (a user's ledger, ads and contacts).
 */
export function HistoryTable<Row extends object>({
  title,
  path,
  filters,
  columns,
  sort = NEWEST_FIRST,
}: HistoryTableProps<Row>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const request: ListRequest = {
    filters,
    options: { page, itemsPerPage: pageSize, sortBy: [sort.key], sortDesc: [sort.isDescending] },
  };
  const history = useQuery({
    queryKey: [...historyQueryKey(path), request],
    queryFn: ({ signal }) => fetchListAt<Row>(path, request, signal),
    placeholderData: keepPreviousData,
  });
  const rows = history.data?.result ?? [];
  const emptyText =
    rows.length === 0 && !history.isPending
      ? history.isError
        ? t('list.loadFailed')
        : t('list.noData')
      : null;
  const keyOf = (row: Row, index: number) => {
    const { id } = row as { id?: unknown };
    return typeof id === 'number' || typeof id === 'string' ? id : index;
  };

  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>
        {history.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      </Box>
      {isWide ? (
        <TableContainer
          // A table wider than the dialog scrolls sideways: the region takes focus, so the keyboard scrolls it.
          tabIndex={0}
          role="region"
          aria-label={title}
        >
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align} sx={{ minWidth: column.width }}>
                    {t(column.titleKey)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={keyOf(row, index)}>
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                      {renderCell(column, row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {emptyText !== null && (
                <TableRow>
                  <TableCell colSpan={columns.length} align="center" sx={{ py: 3 }}>
                    <Typography color="text.secondary">{emptyText}</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Stack component="ul" aria-label={title} spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }}>
          {rows.map((row, index) => (
            <Box
              component="li"
              key={keyOf(row, index)}
              sx={{
                borderBottom: 1,
                borderColor: 'divider',
                pb: 1,
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(6rem, max-content) minmax(0, 1fr)',
                  columnGap: 2,
                  rowGap: 0.5,
                  m: 0,
                }}
              >
                {columns.map((column) => (
                  <Fragment key={column.key}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(column.titleKey)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {renderCell(column, row)}
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            </Box>
          ))}
          {emptyText !== null && (
            <Typography component="li" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {emptyText}
            </Typography>
          )}
        </Stack>
      )}
      <TablePagination
        component="div"
        count={history.data?.total_rows ?? 0}
        page={Math.max(0, page - 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => setPage(next + 1)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(1);
        }}
        labelRowsPerPage={t('list.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('list.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) =>
          ({
            first: t('list.firstPage'),
            previous: t('list.previousPage'),
            next: t('list.nextPage'),
            last: t('list.lastPage'),
          })[type]
        }
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', md: 'block' } },
        }}
      />
    </Paper>
  );
}
