import type { ColumnConfig } from './resource-types.ts';

/** The row's last change: a whole-day date filter, sortable, 165 px wide (the filter shows 'dd.mm.gggg'). Only for rows that have it. */
export function updatedAtColumn<Row extends { updated_at: unknown }>(): ColumnConfig<Row> {
  return {
    key: 'updated_at',
    titleKey: 'columns.updated_at',
    filter: { kind: 'date' },
    isSortable: true,
    width: 165,
  };
}

/**
 * Active or cancelled, shown as the status chip: sortable, no filter of its own (the active /
 * inactive / all choice above the table filters it). Only for rows that have it.
 */
export function isActiveColumn<Row extends { is_active: boolean }>(): ColumnConfig<Row> {
  return { key: 'is_active', titleKey: 'columns.is_active', isSortable: true };
}
