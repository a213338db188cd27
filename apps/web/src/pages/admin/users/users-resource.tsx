import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ROLE, type UserRow } from '@usluge/contract';
import { isActiveColumn, updatedAtColumn } from '../../../components/list/common-columns.ts';
import { TruncatedText } from '../../../components/list/list-cells.tsx';
import { defineResource } from '../../../components/list/resource-types.ts';

/** The balance is shown for users holding any role other than administrator; null shows as 0. */
export function shownCredit(user: { roles: UserRow['roles']; credit: number | null }): number | null {
  return user.roles.some((r) => r.id !== ROLE.administrator) ? (user.credit ?? 0) : null;
}

/** Users (SPEC.md section 2): read-only here; the form and the credits dialog come later. */
export const usersResource = defineResource<UserRow>({
  entity: 'users',
  titleKey: 'pages.users',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: false,
  canEdit: false,
  canDelete: false,
  columns: [
    updatedAtColumn(),
    {
      key: 'full_name',
      titleKey: 'columns.full_name',
      filter: { kind: 'text' },
      isSortable: true,
      width: 160,
    },
    { key: 'email', titleKey: 'columns.email', filter: { kind: 'text' }, isSortable: true, width: 160 },
    { key: 'username', titleKey: 'columns.username', filter: { kind: 'text' }, isSortable: true, width: 140 },
    { key: 'phone', titleKey: 'columns.phone', filter: { kind: 'text' }, isSortable: true, width: 130 },
    {
      key: 'details',
      titleKey: 'columns.details',
      filter: { kind: 'text' },
      width: 160,
      render: (user) => <TruncatedText text={user.details} maxWidth={220} />,
    },
    {
      key: 'credit',
      titleKey: 'columns.credit',
      filter: { kind: 'number', operator: 'gte' },
      isSortable: true,
      align: 'right',
      width: 110,
      render: (user) => shownCredit(user) ?? '',
    },
    {
      key: 'roles',
      titleKey: 'columns.roles',
      filter: { kind: 'select', picker: 'roles' },
      width: 150,
      render: (user) => (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          {user.roles.map((role) => (
            <Chip key={role.id} size="small" label={role.name} />
          ))}
        </Stack>
      ),
    },
    isActiveColumn(),
  ],
});
