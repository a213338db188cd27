import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { ListRequest } from '@usluge/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type EntityId, fetchListAt } from '../../api/list-api.ts';
import type { FormField, SearchConfig, SearchRow } from './form-types.ts';

/** Typing waits this long for a pause before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Matches shown at a time: enough to pick from, never the whole table. */
export const SEARCH_PAGE_SIZE = 20;

type Choice = { id: EntityId; label: string };

/** The request for one search: active rows whose `filterKey` contains the term, one short page. */
export function searchRequest(search: SearchConfig, term: string): ListRequest {
  return {
    filters: { [search.filterKey]: { operator: 'contains', value: term } },
    options: {
      page: 1,
      itemsPerPage: SEARCH_PAGE_SIZE,
      sortBy: search.sortKey ? [search.sortKey] : [],
      sortDesc: search.sortKey ? [false] : [],
    },
    show_only_active: true,
  };
}

function labelOf(search: SearchConfig, row: SearchRow): string {
  if (search.optionLabel) return search.optionLabel(row);
  return typeof row.name === 'string' ? row.name : `#${row.id}`;
}

/** The typed text once typing has paused. */
export function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export type SearchSelectInputProps<Values extends FieldValues> = {
  field: FormField<Values>;
  /** An id ('' when none), or with `isMultiple` an array of ids. */
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
  hint?: string;
  isAutoFocused?: boolean;
  /** Labels of values chosen before any search (an edited record's user, from its details). */
  knownChoices?: readonly { id: EntityId; label: string }[];
};

/**
 * The `search-select` field: an autocomplete whose choices the server finds as one types (debounced,
 * a short page of matches), so a picker of thousands of users never loads them all. The value is
 * the chosen ids, like a `select` field's, so the contract's schema checks it unchanged.
 */
export function SearchSelectInput<Values extends FieldValues>({
  field,
  value,
  onChange,
  onBlur,
  error,
  hint,
  isAutoFocused = false,
  knownChoices = [],
}: SearchSelectInputProps<Values>) {
  const { t } = useTranslation();
  const search: SearchConfig = field.search ?? { filterKey: 'name' };
  const entity = field.picker;
  const [inputValue, setInputValue] = useState('');
  const term = useDebounced(inputValue.trim(), SEARCH_DEBOUNCE_MS);
  // The labels of chosen rows: the value holds ids only, and a chosen row may not be among the
  // current matches.
  const labels = useRef(new Map<EntityId, string>(knownChoices.map((choice) => [choice.id, choice.label])));

  const matches = useQuery({
    queryKey: ['search-select', entity, search.filterKey, search.sortKey, term],
    queryFn: ({ signal }) => {
      // Not asked without a picker (enabled below): a field without one has nothing to search.
      if (entity === undefined) throw new Error('a search-select field needs a picker');
      return fetchListAt<SearchRow>(`/api/${entity}/index_active`, searchRequest(search, term), signal);
    },
    enabled: entity !== undefined && term !== '',
    staleTime: 60_000,
  });
  const options: Choice[] =
    term === ''
      ? []
      : (matches.data?.result ?? []).map((row) => ({ id: row.id, label: labelOf(search, row) }));

  const chosenIds: EntityId[] = (
    Array.isArray(value) ? value : value === '' || value == null ? [] : [value]
  ).filter((id): id is EntityId => typeof id === 'number' || typeof id === 'string');
  // The same ids must give the same array: the autocomplete clears what is being typed whenever
  // its value changes identity.
  const chosenKey = JSON.stringify(chosenIds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosenKey stands for chosenIds
  const chosen: Choice[] = useMemo(
    () =>
      chosenIds.map((id) => ({
        id,
        label: labels.current.get(id) ?? t('form.unavailableChoice', { value: id }),
      })),
    [chosenKey, t],
  );
  const remember = (choices: Choice[]) => {
    for (const choice of choices) labels.current.set(choice.id, choice.label);
  };

  const shared = {
    options,
    inputValue,
    onInputChange: (_: unknown, next: string) => setInputValue(next),
    // The server filtered already; the component must not filter again by label.
    filterOptions: (found: Choice[]) => found,
    getOptionLabel: (choice: Choice) => choice.label,
    getOptionKey: (choice: Choice) => String(choice.id),
    isOptionEqualToValue: (a: Choice, b: Choice) => a.id === b.id,
    autoHighlight: true,
    loading: matches.isFetching,
    loadingText: t('searchSelect.searching'),
    noOptionsText: term === '' ? t('searchSelect.typeToSearch') : t('searchSelect.noMatches'),
    onBlur,
    fullWidth: true,
    renderInput: (params: object) => (
      <TextField
        {...params}
        label={t(field.labelKey)}
        required={field.isRequired}
        autoFocus={isAutoFocused}
        error={error !== undefined}
        helperText={error ?? hint}
      />
    ),
  };

  if (field.isMultiple) {
    return (
      <Autocomplete<Choice, true>
        {...shared}
        multiple
        filterSelectedOptions
        value={chosen}
        onChange={(_, next) => {
          remember(next);
          onChange(next.map((choice) => choice.id));
        }}
      />
    );
  }
  return (
    <Autocomplete<Choice, false>
      {...shared}
      value={chosen[0] ?? null}
      onChange={(_, next) => {
        if (next) remember([next]);
        onChange(next ? next.id : '');
      }}
    />
  );
}
