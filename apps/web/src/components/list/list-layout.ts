import type { FilterDraft } from './list-state.ts';
import type { ResourceConfig, RowBase, SortState } from './resource-types.ts';

/** What the row actions need, or null when the resource offers none. */
export type RowActionHandlers<Row> = {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: Row) => void;
  onToggleActive: (row: Row) => void;
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
};
