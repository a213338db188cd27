import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { ListRequest, UserPickerRow } from '@usluge/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchListAt } from '../../../../api/list-api.ts';

/** How many users one search shows: enough to choose from, never the whole table. */
export const USER_SEARCH_SIZE = 20;
const TYPING_PAUSE_MS = 300;

export type UserChoice = { id: number; name: string; username?: string };

/** The request of one search: active users whose full name contains the text, by name. */
export function userSearchRequest(text: string): ListRequest {
  const trimmed = text.trim();
  return {
    filters: trimmed === '' ? {} : { full_name: { operator: 'contains', value: trimmed } },
    options: { page: 1, itemsPerPage: USER_SEARCH_SIZE, sortBy: ['full_name'], sortDesc: [false] },
    show_only_active: true,
  };
}

function useDebounced(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * One user, searched on the server as the user types (`/api/users/index_active`, 20 at a time),
 * so a table of any size is never loaded whole. `initial` names the chosen user before any search.
 */
export function UserSearchField({
  value,
  initial,
  onChange,
  onBlur,
  error,
}: {
  value: number | '';
  initial: UserChoice | null;
  onChange: (id: number | '') => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<UserChoice | null>(initial);
  const search = useDebounced(text);
  const found = useQuery({
    queryKey: ['user-search', search],
    queryFn: ({ signal }) =>
      fetchListAt<UserPickerRow>('/api/users/index_active', userSearchRequest(search), signal).then(
        (answer) =>
          answer.result.map(
            (user): UserChoice => ({ id: user.id, name: user.full_name, username: user.username }),
          ),
      ),
    enabled: isOpen,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
  const chosen = value === '' ? null : picked?.id === value ? picked : { id: value, name: `#${value}` };

  return (
    <Autocomplete
      open={isOpen}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={found.data ?? []}
      value={chosen}
      // The server filtered already; the list shows what it answered.
      filterOptions={(options) => options}
      getOptionLabel={(user) => user.name}
      getOptionKey={(user) => user.id}
      renderOption={(props, user) => (
        <li {...props} key={user.id}>
          {user.name}
          {user.username && <span style={{ opacity: 0.7, marginInlineStart: 8 }}>({user.username})</span>}
        </li>
      )}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={found.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('adForm.noUsers')}
      onInputChange={(_, next, reason) => {
        // Choosing fills the input with the name: that is no new search.
        if (reason === 'input' || reason === 'clear') setText(next);
      }}
      onChange={(_, user) => {
        setPicked(user);
        onChange(user ? user.id : '');
      }}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('adForm.user')}
          required
          error={error !== undefined}
          helperText={error ?? t('adForm.userHint')}
        />
      )}
    />
  );
}
