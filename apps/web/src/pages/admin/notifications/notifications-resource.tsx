import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { type NotificationRow, notificationFormSchema } from '@usluge/contract';
import { defineForm } from '../../../components/form/define-form.tsx';
import type { SearchRow } from '../../../components/form/form-types.ts';
import { updatedAtColumn } from '../../../components/list/common-columns.ts';
import { TruncatedText } from '../../../components/list/list-cells.tsx';
import { defineResource } from '../../../components/list/resource-types.ts';
import { SenderName } from './sender-name.tsx';

function Chips({ labels }: { labels: readonly string[] }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {labels.map((label, index) => (
        // Two users may share a name; the position keeps the keys apart. A long name is cut with an
        // ellipsis (the whole name on hover) rather than widen the table.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <Chip key={`${index}-${label}`} size="small" label={label} title={label} sx={{ maxWidth: 140 }} />
      ))}
    </Stack>
  );
}

/** A user as the search offers them: the name, and the username that tells namesakes apart. */
function userLabel(row: SearchRow): string {
  const name = typeof row.full_name === 'string' ? row.full_name : `#${row.id}`;
  return typeof row.username === 'string' ? `${name} (${row.username})` : name;
}

/**
 * Notifications (SPEC.md 2, 'Notifications'): what was sent, by whom, to which user types and
 * users, and how many received it, newest first. Add only: a sent notification is not edited or
 * withdrawn, so the list has no row actions and no active/inactive choice.
 */
export const notificationsResource = defineResource<NotificationRow>({
  entity: 'notifications',
  titleKey: 'pages.notifications',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: false,
  canDelete: false,
  hasActivityFilter: false,
  messagesKey: 'resources.notifications',
  rowName: (notification) => notification.subject,
  columns: [
    updatedAtColumn(),
    {
      key: 'subject',
      titleKey: 'notifications.subject',
      filter: { kind: 'text' },
      isSortable: true,
      width: 120,
    },
    {
      key: 'notification_text',
      titleKey: 'notifications.text',
      filter: { kind: 'text' },
      width: 150,
      render: (notification) => <TruncatedText text={notification.notification_text} maxWidth={160} />,
    },
    {
      key: 'sender',
      titleKey: 'notifications.sender',
      width: 110,
      render: (notification) => <SenderName name={notification.sender} />,
    },
    {
      key: 'user_types',
      titleKey: 'notifications.userTypes',
      width: 110,
      render: (notification) => <Chips labels={notification.user_types.map((type) => type.name)} />,
    },
    {
      key: 'users',
      titleKey: 'notifications.users',
      width: 130,
      render: (notification) => <Chips labels={notification.users.map((user) => user.full_name)} />,
    },
    { key: 'recipients_count', titleKey: 'notifications.recipients', align: 'right', width: 90 },
  ],
  form: defineForm({
    schema: notificationFormSchema,
    fields: [
      { name: 'subject', labelKey: 'notifications.subject', kind: 'text', isRequired: true },
      { name: 'notification_text', labelKey: 'notifications.text', kind: 'textarea', isRequired: true },
      {
        name: 'notification_user_types',
        labelKey: 'notifications.userTypes',
        kind: 'select',
        picker: 'user_types',
        isMultiple: true,
        helperKey: 'notifications.targetsHint',
      },
      {
        name: 'notification_for_users',
        labelKey: 'notifications.users',
        kind: 'search-select',
        picker: 'users', // staff's picker: /api/users/index_active, names only
        isMultiple: true,
        search: { filterKey: 'full_name', sortKey: 'full_name', optionLabel: userLabel },
      },
    ],
    emptyValues: {
      subject: '',
      notification_text: '',
      notification_user_types: [],
      notification_for_users: [],
    },
    // Store only: there is no edit dialog to fill from a row.
    fromRow: (notification) => ({
      subject: notification.subject,
      notification_text: notification.notification_text,
      notification_user_types: notification.user_types.map((type) => type.id),
      notification_for_users: notification.users.map((user) => user.id),
    }),
  }),
});
