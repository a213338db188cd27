import type { ReactNode } from 'react';
import type { EntityId, EntityName, PickerEntity, ResourceEntity } from '../../api/list-api.ts';
import type { Catalogue, TranslationKey } from '../../i18n/catalogue.ts';
import type { BulkTarget } from './bulk-run.ts';

/** Every row the generic list shows has an id; `is_active` drives delete-or-restore. */
export type RowBase = { id: EntityId; is_active?: boolean };

/** A fixed choice of a select filter or field; the label is a translation key. */
export type SelectOption = { value: string | number; labelKey: TranslationKey };

/**
 * The filter a column offers in the filter row, and the operator it sends:
 * - text: `{operator: 'contains', value}`
 * - number: `{operator, value}` with the column's operator (equals by default)
 * - boolean: `{operator: 'equals', value: true | false}`
 * - date: `{operator: 'between', value: [from, to]}` (whole days, local time)
 * - select: `{operator: 'equals', value: id}`, choices from a picker endpoint or a fixed list
 */
export type ColumnFilter =
  | { kind: 'text' }
  | { kind: 'number'; operator?: 'equals' | 'gte' | 'lte' }
  | { kind: 'boolean' }
  | { kind: 'date' }
  | { kind: 'select'; picker: PickerEntity }
  | { kind: 'select'; options: readonly SelectOption[] };

export type FilterKind = ColumnFilter['kind'];

/**
 * A filter that is no column of the list (the ads' services, country, city): shown above the table
 * (in the filter panel on a phone), carried in the URL and sent like a column's filter.
 */
export type ListFilter = { key: string; titleKey: TranslationKey; filter: ColumnFilter };

/** What a cell renderer may do besides showing the row: open one of the resource's row actions. */
export type CellContext = {
  /** Opens the row action with this key for the row (a status chip opening the status dialog). */
  openAction: (key: string) => void;
};

export type ColumnConfig<Row> = {
  /** The API's column key: filter key, sort key and (by default) the row field shown. */
  key: string;
  titleKey: TranslationKey;
  /** Omit for a column without a filter. */
  filter?: ColumnFilter;
  isSortable?: boolean;
  /** Cell content; by default the row field `key`, dates formatted, booleans as yes/no. */
  render?: (row: Row, context: CellContext) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Minimum width in pixels. */
  width?: number;
  /**
   * Left out of the default columns (so that they fit 1366 px); the column chooser offers it, and a
   * member who chooses it sees it.
   */
  isHiddenByDefault?: boolean;
};

export type SortState = { key: string; isDescending: boolean };

/**
 * The texts naming a resource: the add/edit dialog titles, the deactivate and restore questions
 * (`{{name}}` is the row's name) and the success snackbars after add, edit, deactivate and restore
 * (SPEC.md section 8).
 */
export type ResourceMessages = {
  addTitle: TranslationKey;
  editTitle: TranslationKey;
  deactivateQuestion: TranslationKey;
  restoreQuestion: TranslationKey;
  created: TranslationKey;
  updated: TranslationKey;
  deactivated: TranslationKey;
  restored: TranslationKey;
};

type ResourceTexts = Catalogue['resources'];

/**
 * `'resources.<name>'` for every catalogue group under `resources` that has all the texts of
 * ResourceMessages, e.g. `'resources.cities'`; a group missing one of them is not accepted.
 */
export type ResourceMessagesKey = {
  [Name in keyof ResourceTexts & string]: ResourceTexts[Name] extends Record<keyof ResourceMessages, string>
    ? `resources.${Name}`
    : never;
}[keyof ResourceTexts & string];

/** The keys under one group; `'list'` holds the generic texts ('Uspješno ste dodali zapis.'). */
function messagesUnder(group: ResourceMessagesKey | 'list'): ResourceMessages {
  return {
    addTitle: `${group}.addTitle`,
    editTitle: `${group}.editTitle`,
    deactivateQuestion: `${group}.deactivateQuestion`,
    restoreQuestion: `${group}.restoreQuestion`,
    created: `${group}.created`,
    updated: `${group}.updated`,
    deactivated: `${group}.deactivated`,
    restored: `${group}.restored`,
  };
}

/** The resource's own texts, or the generic ones for a resource that names none. */
export function resourceMessages(messagesKey: ResourceMessagesKey | undefined): ResourceMessages {
  return messagesUnder(messagesKey ?? 'list');
}

/** Props every resource's add/edit dialog receives from the list screen. */
export type FormDialogProps<Row> = {
  entity: ResourceEntity;
  /** The dialog title (`addTitle`, `editTitle`) and the snackbar after a save (`created`, `updated`). */
  messages: ResourceMessages;
  /** null: add a new row; a row: edit it. */
  row: Row | null;
  /** A line under the title (where a new row goes: the services tree's folder). */
  subtitle?: string;
  isOpen: boolean;
  onClose: () => void;
  /** Called after a successful save; the list reloads. */
  onSaved: () => void;
};

/** What `defineForm()` (components/form) returns: the resource's add/edit dialog. */
export type ResourceForm<Row> = {
  renderDialog: (props: FormDialogProps<Row>) => ReactNode;
};

/** Props of a row action's dialog: the row it acts on; `onChanged` reloads the list. */
export type RowActionDialogProps<Row> = {
  row: Row;
  isOpen: boolean;
  onClose: () => void;
  onChanged: () => void;
};

/**
 * A resource's own action on one row (credits of a user, history of a price): an icon button in the
 * table row, a button with its words on a phone's card, opening the action's dialog.
 */
export type RowAction<Row> = {
  key: string;
  labelKey: TranslationKey;
  icon: ReactNode;
  /** Offered only for rows this accepts (no credits for an administrator). */
  isShown?: (row: Row) => boolean;
  renderDialog: (props: RowActionDialogProps<Row>) => ReactNode;
};

/**
 * Props of a bulk action's dialog: the chosen rows of the page, or (`target` with filters) every
 * row the list's filters match, `count` of them, read from `listEntity`'s list; `onChanged` clears
 * the choice and reloads.
 */
export type BulkActionDialogProps<Row> = {
  /** The chosen rows; empty when the target is all the filter matches. */
  rows: readonly Row[];
  count: number;
  target: BulkTarget;
  listEntity: EntityName;
  isOpen: boolean;
  onClose: () => void;
  onChanged: () => void;
};

/** An action on the selected rows (approve or reject several ads), in the selection toolbar. */
export type BulkAction<Row> = {
  key: string;
  labelKey: TranslationKey;
  icon: ReactNode;
  renderDialog: (props: BulkActionDialogProps<Row>) => ReactNode;
};

/**
 * Everything particular to one resource's list screen. The generic machinery (list engine, list
 * screen, form dialog, confirm dialog, error dialog, snackbar) reads it; a resource's folder holds
 * only this.
 */
export type ResourceConfig<Row extends RowBase> = {
  /** Endpoint name: `POST /api/<entity>/index`, `/store`, `/update/{id}`, `/destroy/{id}`. */
  entity: EntityName;
  /**
   * The list's own endpoint (`POST /api/<listEntity>/index`, its rows and reports) when the server
   * limits it beyond `entity`'s list: the review queue reads `jobs_queue` and writes to `jobs`.
   */
  listEntity?: EntityName;
  /**
   * Filters the screen always carries (its route loader puts them in the address): not a state of
   * the member's, so the list still opens with their default view.
   */
  fixedFilters?: Readonly<Record<string, string>>;
  titleKey: TranslationKey;
  columns: readonly ColumnConfig<Row>[];
  defaultSort: SortState;
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** The active / inactive / all choice (show_only_active). On unless the entity has no is_active. */
  hasActivityFilter?: boolean;
  /** The add/edit dialog; required when canAdd or canEdit is true. */
  form?: ResourceForm<Row>;
  /**
   * The catalogue group of the texts naming the resource (`'resources.countries'`): its `addTitle`
   * and `editTitle` title the form dialog, `deactivateQuestion` and `restoreQuestion` the
   * confirmation ('Deaktivirati državu „Crna Gora“?'), and `created`, `updated`, `deactivated` and
   * `restored` are the success snackbars ('Uspješno ste dodali državu'). The generic `list.*` texts
   * when left out.
   */
  messagesKey?: ResourceMessagesKey;
  /** How a confirmation names a row; its `name` by default. */
  rowName?: (row: Row) => string;
  /** Filters on what the rows do not show as columns, e.g. an ad's services or places. */
  extraFilters?: readonly ListFilter[];
  /** The report download (pdf, xlsx, docx) of the current list. On unless set to false. */
  canDownloadReport?: boolean;
  /** The report dialog's default file name ('transakcije'); 'report' when left out. */
  reportName?: string;
  /**
   * A second way to deactivate a row, offered beside the plain one when `count` of the row is more
   * than 0: the destroy with the resource's own query `params` (an ad: also refund its open paid
   * contacts, `?refund_leads=true`), its button saying how many (`{{count}}`).
   */
  deactivateAlternative?: {
    labelKey: TranslationKey;
    count: (row: Row) => number;
    params: Readonly<Record<string, string>>;
  };
  /** The resource's own row actions, shown before edit and deactivate/restore. */
  rowActions?: readonly RowAction<Row>[];
  /**
   * Actions on the chosen rows (or all the filter matches). With them, or with the toggle
   * (canDelete: deactivate and restore in bulk), the table offers a checkbox per row and a toolbar.
   */
  bulkActions?: readonly BulkAction<Row>[];
};

/** The row's name as the resource gives it, else its `name` field, else its id. */
export function nameOfRow<Row extends RowBase>(resource: ResourceConfig<Row>, row: Row): string {
  if (resource.rowName) return resource.rowName(row);
  const { name } = row as { name?: unknown };
  return typeof name === 'string' && name !== '' ? name : `#${row.id}`;
}

/** Keeps a resource's row type while checking the object against ResourceConfig. */
export function defineResource<Row extends RowBase>(config: ResourceConfig<Row>): ResourceConfig<Row> {
  return config;
}
