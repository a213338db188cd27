import type { FilterDraft } from './list-state.ts';
import type { ResourceConfig, RowAction, RowBase, SortState } from './resource-types.ts';

/** What the row actions need, or null when the resource offers none. */
export type RowActionHandlers<Row> = {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: Row) => void;
  onToggleActive: (row: Row) => void;
  /** The resource's own actions (each shown where its `isShown` accepts the row). */
  actions: readonly RowAction<Row>[];
  onAction: (row: Row, key: string) => void;
};

/** The chosen rows of the page, when the resource has bulk actions. */
export type RowSelection<Row> = {
  isSelected: (row: Row) => boolean;
  onToggle: (row: Row) => void;
  /** Every row of the page is chosen / some are. */
  isAllSelected: boolean;
  isSomeSelected: boolean;
  onToggleAll: () => void;
};

/** What the table (wide screens) and the cards (phones) both show and do. */
export type ListLayoutProps<Row extends RowBase> = {
  resource: ResourceConfig<Row>;
  title: string;
  rows: readonly Row[];
  /** 'Nema podataka' or the load failure; null while there are rows or they are loading. */
  emptyText: string | null;
  sort: SortState;
  onToggleSort: (key: string) => void;
  onSort: (sort: SortState) => void;
  draft: FilterDraft;
  onDraftChange: (draft: FilterDraft) => void;
  onApplyFilters: (draft: FilterDraft) => void;
  onClearFilters: () => void;
  rowActions: RowActionHandlers<Row> | null;
  /** Opens a row action from a cell (ColumnConfig.render's `openAction`). */
  onOpenAction: (row: Row, key: string) => void;
  selection: RowSelection<Row> | null;
};
