import AddIcon from '@mui/icons-material/Add';
import ReportIcon from '@mui/icons-material/Download';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { EXACT_COUNT_CAP, PAGE_SIZES } from '@usluge/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { ReportDialog } from '../report/report-dialog.tsx';
import { FilterField } from './filter-field.tsx';
import { renderCell } from './list-cells.tsx';
import type { Activity, FilterDraft, PageSize } from './list-state.ts';
import { type ResourceConfig, type RowBase, resourceMessages } from './resource-types.ts';
import { RowActions } from './row-actions.tsx';
import { useListEngine } from './use-list-engine.ts';

const ACTIVITIES: readonly Activity[] = ['active', 'inactive', 'all'];

/**
 * Dialog state: nothing open, the add/edit form (row null = add), the delete/restore question, or
 * the report download.
 */
type OpenDialog<Row> =
  | { kind: 'none' }
  | { kind: 'form'; row: Row | null }
  | { kind: 'confirm'; row: Row }
  | { kind: 'report' };

/**
 * The one list screen every resource uses (SPEC.md section 2, generic list screens), configured by
 * a ResourceConfig.
 */
export function ListScreen<Row extends RowBase>({ resource }: { resource: ResourceConfig<Row> }) {
  const { t, i18n } = useTranslation();
  const engine = useListEngine(resource);
  const { state } = engine;
  const [draft, setDraft] = useState<FilterDraft>(state.filters);
  const [dialog, setDialog] = useState<OpenDialog<Row>>({ kind: 'none' });
  // Formatting numbers follows the interface language.
  const numberFormat = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'sr-Latn-ME');

  // Back/forward or a link changed the applied filters: the filter row shows them.
  const appliedFilters = JSON.stringify(state.filters);
  useEffect(() => {
    setDraft(JSON.parse(appliedFilters) as FilterDraft);
  }, [appliedFilters]);

  const hasEditAction = resource.canEdit && resource.form !== undefined;
  const hasAddAction = resource.canAdd && resource.form !== undefined;
  const hasRowActions = hasEditAction || resource.canDelete;
  const canDownloadReport = resource.canDownloadReport !== false;
  const columnCount = resource.columns.length + 1;
  const title = t(resource.titleKey);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {resource.hasActivityFilter !== false && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={state.activity}
            onChange={(_, value: Activity | null) => {
              if (value !== null) engine.setActivity(value);
            }}
            aria-label={t('list.activity.label')}
          >
            {ACTIVITIES.map((activity) => (
              <ToggleButton key={activity} value={activity}>
                {t(`list.activity.${activity}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        <Button startIcon={<SearchIcon />} onClick={() => engine.applyFilters(draft)}>
          {t('list.search')}
        </Button>
        <Button
          startIcon={<ClearIcon />}
          onClick={() => {
            setDraft({});
            engine.clearFilters();
          }}
        >
          {t('list.clear')}
        </Button>
        <Button startIcon={<RefreshIcon />} onClick={engine.refresh}>
          {t('list.refresh')}
        </Button>
        {canDownloadReport && (
          <Button startIcon={<ReportIcon />} onClick={() => setDialog({ kind: 'report' })}>
            {t('report.open')}
          </Button>
        )}
        {hasAddAction && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ kind: 'form', row: null })}
          >
            {t('list.add')}
          </Button>
        )}
      </Stack>

      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>
          {engine.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        </Box>
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {resource.columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sx={{ minWidth: column.width }}
                    sortDirection={
                      state.sort.key === column.key ? (state.sort.isDescending ? 'desc' : 'asc') : false
                    }
                  >
                    {column.isSortable ? (
                      <TableSortLabel
                        active={state.sort.key === column.key}
                        direction={state.sort.key === column.key && state.sort.isDescending ? 'desc' : 'asc'}
                        onClick={() => engine.toggleSort(column.key)}
                      >
                        {t(column.titleKey)}
                      </TableSortLabel>
                    ) : (
                      t(column.titleKey)
                    )}
                  </TableCell>
                ))}
                <TableCell align="right">{hasRowActions ? t('list.actions') : null}</TableCell>
              </TableRow>
              <TableRow>
                {resource.columns.map((column) => (
                  <TableCell key={column.key} sx={{ verticalAlign: 'top' }}>
                    {column.filter && (
                      <FilterField
                        filter={column.filter}
                        title={t(column.titleKey)}
                        value={draft[column.key] ?? ''}
                        onChange={(value) => setDraft((current) => ({ ...current, [column.key]: value }))}
                        onApply={(value) => engine.applyFilters({ ...draft, [column.key]: value })}
                      />
                    )}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {engine.rows.map((row) => (
                <TableRow key={row.id} hover>
                  {resource.columns.map((column) => (
                    <TableCell key={column.key} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                      {renderCell(column, row)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RowActions
                      row={row}
                      canEdit={hasEditAction}
                      canDelete={resource.canDelete}
                      onEdit={() => setDialog({ kind: 'form', row })}
                      onToggleActive={() => setDialog({ kind: 'confirm', row })}
                    />
                  </TableCell>
                </TableRow>
              ))}
              {engine.rows.length === 0 && !engine.isLoading && (
                <TableRow>
                  <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
                    <Typography color="text.secondary">
                      {engine.isError ? t('list.loadFailed') : t('list.noData')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={engine.totalRows}
          page={Math.max(0, state.page - 1)}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, page) => engine.setPage(page + 1)}
          onRowsPerPageChange={(event) => engine.setPageSize(Number(event.target.value) as PageSize)}
          labelRowsPerPage={t('list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            engine.isTotalExact
              ? t('list.displayedRows', { from, to, count: numberFormat.format(count) })
              : t('list.displayedRowsEstimated', { from, to, count: numberFormat.format(EXACT_COUNT_CAP) })
          }
          getItemAriaLabel={(type) =>
            ({
              first: t('list.firstPage'),
              previous: t('list.previousPage'),
              next: t('list.nextPage'),
              last: t('list.lastPage'),
            })[type]
          }
          showFirstButton
          showLastButton
        />
      </Paper>

      {resource.form?.renderDialog({
        entity: resource.entity,
        messages: resourceMessages(resource.messagesKey),
        row: dialog.kind === 'form' ? dialog.row : null,
        isOpen: dialog.kind === 'form',
        onClose: () => setDialog({ kind: 'none' }),
        onSaved: () => {
          setDialog({ kind: 'none' });
          engine.refresh();
        },
      })}

      {canDownloadReport && (
        <ReportDialog
          isOpen={dialog.kind === 'report'}
          entity={resource.entity}
          request={engine.request}
          // The columns as shown (not the actions column), titled in the current language.
          columns={resource.columns.map((column) => ({ key: column.key, title: t(column.titleKey) }))}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}

      <ConfirmDialog
        isOpen={dialog.kind === 'confirm'}
        title={
          dialog.kind === 'confirm' && dialog.row.is_active === false
            ? t('list.confirmRestoreTitle')
            : t('list.confirmDeleteTitle')
        }
        text={
          dialog.kind === 'confirm' && dialog.row.is_active === false
            ? t('list.confirmRestoreText')
            : t('list.confirmDeleteText')
        }
        isBusy={engine.toggleActive.isPending}
        onCancel={() => setDialog({ kind: 'none' })}
        onConfirm={() => {
          if (dialog.kind !== 'confirm') return;
          engine.toggleActive.mutate(dialog.row, { onSettled: () => setDialog({ kind: 'none' }) });
        }}
      />
    </Stack>
  );
}
