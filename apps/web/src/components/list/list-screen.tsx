import AddIcon from '@mui/icons-material/Add';
import ReportIcon from '@mui/icons-material/Download';
import FilterIcon from '@mui/icons-material/FilterAlt';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EXACT_COUNT_CAP, PAGE_SIZES } from '@usluge/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { ReportDialog } from '../report/report-dialog.tsx';
import { ListCards } from './list-cards.tsx';
import { ListFilterPanel } from './list-filter-panel.tsx';
import type { ListLayoutProps } from './list-layout.ts';
import type { Activity, FilterDraft, PageSize } from './list-state.ts';
import { ListTable } from './list-table.tsx';
import { nameOfRow, type ResourceConfig, type RowBase, resourceMessages } from './resource-types.ts';
import { useListEngine } from './use-list-engine.ts';

const ACTIVITIES: readonly Activity[] = ['active', 'inactive', 'all'];

/**
 * Dialog state: nothing open, the add/edit form (row null = add), the deactivate/restore question,
 * or the report download.
 */
type OpenDialog<Row> =
  | { kind: 'none' }
  | { kind: 'form'; row: Row | null }
  | { kind: 'confirm'; row: Row }
  | { kind: 'report' };

/**
 * The one list screen every resource uses (SPEC.md section 2, generic list screens), configured by
 * a ResourceConfig: a table on wide screens, cards with a filter panel on phones.
 */
export function ListScreen<Row extends RowBase>({ resource }: { resource: ResourceConfig<Row> }) {
  const { t, i18n } = useTranslation();
  const engine = useListEngine(resource);
  const { state } = engine;
  const [draft, setDraft] = useState<FilterDraft>(state.filters);
  const [dialog, setDialog] = useState<OpenDialog<Row>>({ kind: 'none' });
  const theme = useTheme();
  // Below md a table of every column would need sideways scrolling: a phone gets cards instead.
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [isFilterPanelOpen, setFilterPanelOpen] = useState(false);
  const filterPanelId = useId();
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
  const title = t(resource.titleKey);
  const messages = resourceMessages(resource.messagesKey);
  // The question names the row; the dialog keeps its last text while it fades out.
  const confirmRow = useRef<Row | null>(null);
  if (dialog.kind === 'confirm') confirmRow.current = dialog.row;
  const isRestoring = confirmRow.current?.is_active === false;
  const clearFilters = () => {
    setDraft({});
    engine.clearFilters();
  };
  const layout: ListLayoutProps<Row> = {
    resource,
    title,
    rows: engine.rows,
    emptyText:
      engine.rows.length === 0 && !engine.isLoading
        ? engine.isError
          ? t('list.loadFailed')
          : t('list.noData')
        : null,
    sort: state.sort,
    onToggleSort: engine.toggleSort,
    onSort: engine.setSort,
    draft,
    onDraftChange: setDraft,
    onApplyFilters: engine.applyFilters,
    onClearFilters: clearFilters,
    rowActions: hasRowActions
      ? {
          canEdit: hasEditAction,
          canDelete: resource.canDelete,
          onEdit: (row) => setDialog({ kind: 'form', row }),
          onToggleActive: (row) => setDialog({ kind: 'confirm', row }),
        }
      : null,
  };
  const activeFilterCount = Object.keys(state.filters).length;
  const confirmTitle = confirmRow.current
    ? t(isRestoring ? messages.restoreQuestion : messages.deactivateQuestion, {
        name: nameOfRow(resource, confirmRow.current),
      })
    : '';

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
        {isWide ? (
          <>
            <Button startIcon={<SearchIcon />} onClick={() => engine.applyFilters(draft)}>
              {t('list.search')}
            </Button>
            <Button startIcon={<ClearIcon />} onClick={clearFilters}>
              {t('list.clear')}
            </Button>
          </>
        ) : (
          <Button
            startIcon={<FilterIcon />}
            aria-expanded={isFilterPanelOpen}
            aria-controls={filterPanelId}
            onClick={() => setFilterPanelOpen((open) => !open)}
          >
            {t('list.filters')}
            {activeFilterCount > 0 && ` (${activeFilterCount})`}
          </Button>
        )}
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

      {!isWide && (
        <Collapse in={isFilterPanelOpen}>
          <Paper variant="outlined">
            <ListFilterPanel id={filterPanelId} {...layout} />
          </Paper>
        </Collapse>
      )}

      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>
          {engine.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        </Box>
        {isWide ? <ListTable {...layout} /> : <ListCards {...layout} />}
        <TablePagination
          component="div"
          count={engine.totalRows}
          page={Math.max(0, state.page - 1)}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, page) => {
            engine.setPage(page + 1);
            // The buttons are under the list: the next page starts at its first row, not its last.
            window.scrollTo({ top: 0 });
          }}
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
          // On a phone the page buttons go to a line of their own instead of off the screen.
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', md: 'block' } },
          }}
        />
      </Paper>

      {resource.form?.renderDialog({
        entity: resource.entity,
        messages,
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
        title={confirmTitle}
        text={isRestoring ? t('list.restoreText') : t('list.deactivateText')}
        confirmLabel={isRestoring ? t('list.restore') : t('list.deactivate')}
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
