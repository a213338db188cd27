import AddIcon from '@mui/icons-material/Add';
import DeactivateIcon from '@mui/icons-material/Block';
import ReportIcon from '@mui/icons-material/Download';
import FilterIcon from '@mui/icons-material/FilterAlt';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestoreIcon from '@mui/icons-material/Restore';
import SearchIcon from '@mui/icons-material/Search';
import ColumnsIcon from '@mui/icons-material/ViewColumn';
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
import type { SavedViewRow } from '@usluge/contract';
import { EXACT_COUNT_CAP, PAGE_SIZES } from '@usluge/contract';
import { Fragment, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { EntityId } from '../../api/list-api.ts';
import { savedViewListOf } from '../../api/preferences-api.ts';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { DraftScope, useDraftHost } from '../form/use-draft.ts';
import { ReportDialog } from '../report/report-dialog.tsx';
import type { BulkTarget } from './bulk-run.ts';
import { BulkToggleDialog } from './bulk-toggle-dialog.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { FilterField } from './filter-field.tsx';
import { ListCards } from './list-cards.tsx';
import { ListFilterPanel } from './list-filter-panel.tsx';
import type { ListLayoutProps, RowSelection } from './list-layout.ts';
import type { Activity, FilterDraft, PageSize } from './list-state.ts';
import { ListTable } from './list-table.tsx';
import {
  defaultColumnKeys,
  hasListState,
  listStateOfView,
  useListColumns,
  useSavedViews,
  viewStateOf,
  visibleColumns,
} from './list-views.ts';
import {
  type ColumnConfig,
  nameOfRow,
  type ResourceConfig,
  type RowBase,
  resourceMessages,
} from './resource-types.ts';
import { SavedViewsMenu } from './saved-views-menu.tsx';
import { useListEngine } from './use-list-engine.ts';

const ACTIVITIES: readonly Activity[] = ['active', 'inactive', 'all'];

/** What a bulk action acts on: the chosen rows of the page, or all `count` rows the filter matches. */
type BulkChoice<Row> = { rows: readonly Row[]; count: number; target: BulkTarget };

/**
 * Dialog state: nothing open, the add/edit form (row null = add), the deactivate/restore question,
 * the report download, one of the resource's row actions, or a bulk action on the chosen rows.
 */
type OpenDialog<Row> =
  | { kind: 'none' }
  | { kind: 'form'; row: Row | null }
  | { kind: 'confirm'; row: Row }
  | { kind: 'report' }
  | { kind: 'columns' }
  | { kind: 'action'; key: string; row: Row }
  | { kind: 'bulk'; key: string; choice: BulkChoice<Row> }
  | { kind: 'bulkToggle'; isActive: boolean; choice: BulkChoice<Row> };

/**
 * The one list screen every resource uses (SPEC.md section 2, generic list screens), configured by
 * a ResourceConfig: a table on wide screens, cards with a filter panel on phones.
 */
export function ListScreen<Row extends RowBase>({ resource }: { resource: ResourceConfig<Row> }) {
  const { t, i18n } = useTranslation();
  const engine = useListEngine(resource);
  const { state } = engine;
  const [draft, setDraft] = useState<FilterDraft>(state.filters);
  // Columns and views belong to the screen's path (users, ads-on-approval …): the list it is.
  const savedList = savedViewListOf(useLocation().pathname);
  const listColumns = useListColumns(savedList);
  // A view's columns show until the member chooses columns again or picks another view.
  const [viewColumns, setViewColumns] = useState<readonly string[] | undefined>(undefined);
  const chosenColumns = viewColumns ?? listColumns.chosen;
  const shownColumns = useMemo(() => visibleColumns(resource, chosenColumns), [resource, chosenColumns]);
  const shownResource = useMemo(() => ({ ...resource, columns: shownColumns }), [resource, shownColumns]);
  const savedViews = useSavedViews(savedList);
  const applyView = (view: SavedViewRow) => {
    engine.applyState(listStateOfView(resource, view.state));
    setViewColumns(view.state.columns);
  };
  // The member's default view, when the list opens without a state of its own in the URL.
  const [params] = useSearchParams();
  const isOpenedWithState = useRef(hasListState(params, resource.fixedFilters));
  const isDefaultViewChecked = useRef(false);
  useEffect(() => {
    if (isDefaultViewChecked.current || !savedViews.data) return;
    isDefaultViewChecked.current = true;
    const defaultView = savedViews.data.find((view) => view.is_default);
    if (defaultView && !isOpenedWithState.current) applyView(defaultView);
  });
  const [dialog, setDialog] = useState<OpenDialog<Row>>({ kind: 'none' });
  // 'Vrati' on a draft kept when a session ended opens its dialog again (components/form/use-draft.ts).
  useDraftHost((dialogName, row) => {
    if (dialogName === 'form') setDialog({ kind: 'form', row: row as Row | null });
    const actionKey = dialogName.startsWith('action:') ? dialogName.slice('action:'.length) : null;
    if (actionKey && row) setDialog({ kind: 'action', key: actionKey, row: row as Row });
  });
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
  const ownActions = resource.rowActions ?? [];
  const hasRowActions = hasEditAction || resource.canDelete || ownActions.length > 0;
  const bulkActions = resource.bulkActions ?? [];
  // Deactivate and restore in bulk: the list's own bulk action, wherever rows have the toggle.
  const hasBulkToggle = resource.canDelete && resource.hasActivityFilter !== false;

  // The chosen rows belong to one page of one request: another page, filter or sort starts over.
  const requestKey = JSON.stringify(engine.request);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<EntityId>>(new Set());
  const [selectionRequest, setSelectionRequest] = useState(requestKey);
  // Every row the filter matches, not only the page's (offered once the whole page is chosen).
  const [isAllMatching, setAllMatching] = useState(false);
  if (selectionRequest !== requestKey) {
    setSelectionRequest(requestKey);
    setSelectedIds(new Set());
    setAllMatching(false);
  }
  const selectedRows = engine.rows.filter((row) => selectedIds.has(row.id));
  const clearSelection = () => {
    setSelectedIds(new Set());
    setAllMatching(false);
  };
  const selection: RowSelection<Row> | null =
    bulkActions.length === 0 && !hasBulkToggle
      ? null
      : {
          isSelected: (row) => selectedIds.has(row.id),
          onToggle: (row) => {
            setAllMatching(false);
            setSelectedIds((ids) => {
              const next = new Set(ids);
              if (!next.delete(row.id)) next.add(row.id);
              return next;
            });
          },
          isAllSelected: engine.rows.length > 0 && selectedRows.length === engine.rows.length,
          isSomeSelected: selectedRows.length > 0,
          onToggleAll: () => {
            setAllMatching(false);
            setSelectedIds(
              selectedRows.length === engine.rows.length
                ? new Set()
                : new Set(engine.rows.map((row) => row.id)),
            );
          },
        };
  const canSelectAllMatching = selection?.isAllSelected === true && engine.totalRows > engine.rows.length;
  const bulkChoice: BulkChoice<Row> =
    isAllMatching && canSelectAllMatching
      ? {
          rows: [],
          count: engine.totalRows,
          target: {
            filters: engine.request.filters ?? {},
            show_only_active: engine.request.show_only_active,
          },
        }
      : {
          rows: selectedRows,
          count: selectedRows.length,
          target: { ids: selectedRows.map((row) => Number(row.id)) },
        };
  // A refused row is named as the page showed it when it was chosen; one beyond the page by its id.
  const nameOfIdAmong = (rows: readonly Row[]) => (id: number) => {
    const row = rows.find((candidate) => Number(candidate.id) === id);
    return row ? nameOfRow(resource, row) : `#${id}`;
  };
  // After a bulk action's dialog, the keyboard goes on from the table (its toolbar buttons may be gone).
  const tableRef = useRef<HTMLDivElement>(null);
  const closeBulkDialog = () => {
    setDialog({ kind: 'none' });
    setTimeout(() => tableRef.current?.focus(), 0);
  };
  const afterBulkChange = () => {
    clearSelection();
    engine.refresh();
  };
  // An action's dialog keeps its row while it fades out, and starts afresh for another row.
  const lastAction = useRef<{ key: string; row: Row } | null>(null);
  if (dialog.kind === 'action') lastAction.current = { key: dialog.key, row: dialog.row };
  const openAction = lastAction.current
    ? ownActions.find((action) => action.key === lastAction.current?.key)
    : undefined;
  const lastBulk = useRef<{ key: string; choice: BulkChoice<Row> } | null>(null);
  if (dialog.kind === 'bulk') lastBulk.current = { key: dialog.key, choice: dialog.choice };
  const openBulk = lastBulk.current
    ? bulkActions.find((action) => action.key === lastBulk.current?.key)
    : undefined;
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
    resource: shownResource,
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
          actions: ownActions,
          onAction: (row, key) => setDialog({ kind: 'action', key, row }),
        }
      : null,
    onOpenAction: (row, key) => setDialog({ kind: 'action', key, row }),
    selection,
  };
  const activeFilterCount = Object.keys(state.filters).length;
  // Deactivating (not restoring) a row the resource offers a second way for: how many it reaches.
  const alternativeCount =
    confirmRow.current && !isRestoring ? (resource.deactivateAlternative?.count(confirmRow.current) ?? 0) : 0;
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
        {savedList && (
          <>
            <SavedViewsMenu
              list={savedList}
              views={savedViews.data ?? []}
              currentState={() =>
                viewStateOf(
                  state,
                  shownColumns.map((column) => column.key),
                )
              }
              onApply={applyView}
            />
            <Button startIcon={<ColumnsIcon />} onClick={() => setDialog({ kind: 'columns' })}>
              {t('list.columnChooser.open')}
            </Button>
          </>
        )}
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

      {isWide && resource.extraFilters && (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          {resource.extraFilters.map((item) => (
            <Box key={item.key} sx={{ width: 240 }}>
              <FilterField
                filter={item.filter}
                title={t(item.titleKey)}
                value={draft[item.key] ?? ''}
                onChange={(value) => setDraft({ ...draft, [item.key]: value })}
                onApply={(value) => engine.applyFilters({ ...draft, [item.key]: value })}
                isLabelVisible
              />
            </Box>
          ))}
        </Stack>
      )}

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
        {selection && (
          <Stack
            direction="row"
            spacing={1}
            role="toolbar"
            aria-label={t('list.bulk.toolbar')}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, px: 2, py: 1, minHeight: 52 }}
          >
            <Typography sx={{ flexGrow: 1 }} aria-live="polite">
              {bulkChoice.rows.length === 0 && bulkChoice.count > 0
                ? t('list.bulk.allMatchingSelected', { count: numberFormat.format(bulkChoice.count) })
                : t('list.selected', { count: selectedRows.length })}
            </Typography>
            {canSelectAllMatching && !isAllMatching && (
              <Button onClick={() => setAllMatching(true)}>
                {t('list.bulk.selectAllMatching', { count: numberFormat.format(engine.totalRows) })}
              </Button>
            )}
            {bulkActions.map((action) => (
              <Button
                key={action.key}
                variant="outlined"
                startIcon={action.icon}
                disabled={bulkChoice.count === 0}
                onClick={() => setDialog({ kind: 'bulk', key: action.key, choice: bulkChoice })}
              >
                {t(action.labelKey)}
              </Button>
            ))}
            {hasBulkToggle &&
              [false, true].map((isActive) => (
                <Button
                  key={String(isActive)}
                  variant="outlined"
                  startIcon={isActive ? <RestoreIcon /> : <DeactivateIcon />}
                  disabled={bulkChoice.count === 0}
                  onClick={() => setDialog({ kind: 'bulkToggle', isActive, choice: bulkChoice })}
                >
                  {isActive ? t('list.restore') : t('list.deactivate')}
                </Button>
              ))}
            <Button disabled={bulkChoice.count === 0} onClick={clearSelection}>
              {t('list.clearSelection')}
            </Button>
          </Stack>
        )}
        <Box ref={tableRef} tabIndex={-1} role="region" aria-label={title} sx={{ outline: 'none' }}>
          {isWide ? <ListTable {...layout} /> : <ListCards {...layout} />}
        </Box>
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

      {openAction && lastAction.current && (
        <DraftScope
          key={`${openAction.key}:${lastAction.current.row.id}`}
          dialog={`action:${openAction.key}`}
          row={lastAction.current.row}
        >
          {openAction.renderDialog({
            row: lastAction.current.row,
            isOpen: dialog.kind === 'action',
            onClose: () => setDialog({ kind: 'none' }),
            onChanged: engine.refresh,
          })}
        </DraftScope>
      )}

      {openBulk && lastBulk.current && (
        <Fragment key={openBulk.key}>
          {openBulk.renderDialog({
            ...lastBulk.current.choice,
            listEntity: resource.listEntity ?? resource.entity,
            isOpen: dialog.kind === 'bulk',
            onClose: closeBulkDialog,
            onChanged: afterBulkChange,
          })}
        </Fragment>
      )}

      {dialog.kind === 'bulkToggle' && (
        <BulkToggleDialog
          entity={resource.entity}
          listEntity={resource.listEntity ?? resource.entity}
          isActive={dialog.isActive}
          count={dialog.choice.count}
          target={dialog.choice.target}
          nameOf={nameOfIdAmong(dialog.choice.rows)}
          isOpen
          onClose={closeBulkDialog}
          onChanged={afterBulkChange}
        />
      )}

      {canDownloadReport && (
        <ReportDialog
          isOpen={dialog.kind === 'report'}
          defaultName={resource.reportName}
          entity={resource.listEntity ?? resource.entity}
          request={engine.request}
          // The columns as shown (not the actions column), titled in the current language.
          columns={shownColumns.map((column) => ({ key: column.key, title: t(column.titleKey) }))}
          // The list's hidden columns: offered in the dialog, not chosen.
          otherColumns={resource.columns
            .filter((column) => !shownColumns.some((shown) => shown.key === column.key))
            .map((column) => ({ key: column.key, title: t(column.titleKey) }))}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}

      {savedList && (
        <ColumnChooser
          isOpen={dialog.kind === 'columns'}
          list={savedList}
          columns={resource.columns as readonly ColumnConfig<never>[]}
          shownKeys={shownColumns.map((column) => column.key)}
          defaultKeys={defaultColumnKeys(resource)}
          onClose={() => setDialog({ kind: 'none' })}
          onSaved={(answer) => {
            setViewColumns(undefined);
            listColumns.remember(answer);
          }}
        />
      )}

      <ConfirmDialog
        isOpen={dialog.kind === 'confirm'}
        title={confirmTitle}
        text={isRestoring ? t('list.restoreText') : t('list.deactivateText')}
        confirmLabel={isRestoring ? t('list.restore') : t('list.deactivate')}
        isBusy={engine.toggleActive.isPending}
        onCancel={() => setDialog({ kind: 'none' })}
        onConfirm={(idempotencyKey) => {
          if (dialog.kind !== 'confirm') return;
          return engine.toggleActive
            .mutateAsync({ row: dialog.row, idempotencyKey })
            .finally(() => setDialog({ kind: 'none' }));
        }}
        {...(alternativeCount > 0 && resource.deactivateAlternative
          ? {
              alternative: {
                label: t(resource.deactivateAlternative.labelKey, { count: alternativeCount }),
                onConfirm: (idempotencyKey: string) => {
                  if (dialog.kind !== 'confirm' || !resource.deactivateAlternative) return;
                  return engine.toggleActive
                    .mutateAsync({
                      row: dialog.row,
                      idempotencyKey,
                      params: resource.deactivateAlternative.params,
                    })
                    .finally(() => setDialog({ kind: 'none' }));
                },
              },
            }
          : {})}
      />
    </Stack>
  );
}
