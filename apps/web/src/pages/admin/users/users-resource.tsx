import WalletIcon from '@mui/icons-material/AccountBalanceWallet';
import HistoryIcon from '@mui/icons-material/History';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  formatCredits,
  ROLE,
  USER_TYPE,
  type UserRow,
  userPagePath,
  userStoreSchema,
  userUpdateSchema,
} from '@usluge/contract';
import { z } from 'zod';
import { AuditTimelineDialog } from '../../../components/audit/audit-timeline-dialog.tsx';
import { defineForm } from '../../../components/form/define-form.tsx';
import { RecordLink } from '../../../components/layout/record-page.tsx';
import { isActiveColumn, updatedAtColumn } from '../../../components/list/common-columns.ts';
import { TruncatedText } from '../../../components/list/list-cells.tsx';
import { defineResource } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { CreditsDialog } from './credits-dialog.tsx';
import { UnlockDialog } from './unlock-dialog.tsx';

/** The balance is shown for users holding any role other than administrator; null shows as 0. */
export function shownCredit(user: { roles: UserRow['roles']; credit: number | null }): number | null {
  return user.roles.some((r) => r.id !== ROLE.administrator) ? (user.credit ?? 0) : null;
}

/** What the user form holds: the contract's fields plus the image and the 'change password' box. */
export type UserFormValues = {
  name: string;
  last_name: string;
  email: string;
  username: string;
  phone: string;
  user_type_id: number | '';
  address: string;
  pib: string;
  roles: number[];
  details: string;
  /** The current image's URL, a newly chosen file, or none. */
  image_file: File | string | null;
  change_password: boolean;
  password: string;
  confirm_password: string;
};

/** The form's own fields around the contract's: neither is part of the user's data as such. */
const formOnlyFields = {
  image_file: z.union([z.instanceof(File), z.string()]).nullish(),
  change_password: z.boolean().optional(),
};
type UserFormOutput = z.output<typeof userStoreSchema> & {
  image_file?: File | string | null;
  change_password?: boolean;
};
// The form's values are typed above; the schemas read them as the server reads multipart text.
const storeFormSchema = userStoreSchema.safeExtend(formOnlyFields) as unknown as z.ZodType<
  UserFormOutput,
  UserFormValues
>;
const updateFormSchema = userUpdateSchema.safeExtend(formOnlyFields) as unknown as z.ZodType<
  UserFormOutput,
  UserFormValues
>;

const isCompany = (values: UserFormValues) => Number(values.user_type_id) === USER_TYPE.company;

/**
 * The multipart body of `POST /api/users/store` and `/update/{id}`: roles as JSON text, the image
 * only when a new one was chosen, the password only when one is set (on edit: 'change password').
 * Hidden fields (address and PIB of a person, the password while not changing it) are not sent.
 */
export function userFormBody(values: UserFormOutput): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '' || key === 'change_password') continue;
    if (key === 'image_file') {
      if (value instanceof File) body.append(key, value);
    } else if (key === 'roles') body.append(key, JSON.stringify(value));
    else body.append(key, String(value));
  }
  return body;
}

/** Users (SPEC.md section 2): the list, the add/edit form with an image, and each user's credits. */
export const usersResource = defineResource<UserRow>({
  entity: 'users',
  titleKey: 'pages.users',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  messagesKey: 'resources.users',
  rowName: (user) => user.full_name,
  // One user by id: where a shared-contact hint (ads/ad-hints.tsx) leads.
  extraFilters: [{ key: 'id', titleKey: 'columns.id', filter: { kind: 'number' } }],
  // By default what fits 1366 px: name, e-mail, balance, roles, status; the rest in the chooser.
  columns: [
    { ...updatedAtColumn<UserRow>(), isHiddenByDefault: true },
    {
      key: 'full_name',
      titleKey: 'columns.full_name',
      filter: { kind: 'text' },
      isSortable: true,
      width: 160,
      render: (user) => <RecordLink to={userPagePath(user.id)}>{user.full_name}</RecordLink>,
    },
    { key: 'email', titleKey: 'columns.email', filter: { kind: 'text' }, isSortable: true, width: 160 },
    {
      key: 'username',
      titleKey: 'columns.username',
      filter: { kind: 'text' },
      isSortable: true,
      width: 140,
      isHiddenByDefault: true,
    },
    {
      key: 'phone',
      titleKey: 'columns.phone',
      filter: { kind: 'text' },
      isSortable: true,
      width: 130,
      isHiddenByDefault: true,
    },
    {
      key: 'details',
      titleKey: 'columns.details',
      filter: { kind: 'text' },
      width: 160,
      isHiddenByDefault: true,
      render: (user) => <TruncatedText text={user.details} maxWidth={220} />,
    },
    {
      key: 'credit',
      titleKey: 'columns.credit',
      filter: { kind: 'number', operator: 'gte' },
      isSortable: true,
      align: 'right',
      width: 110,
      render: (user) => {
        const credit = shownCredit(user);
        return credit === null ? '' : formatCredits(credit, currentLanguage());
      },
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
  rowActions: [
    {
      key: 'credits',
      labelKey: 'credits.open',
      icon: <WalletIcon fontSize="small" />,
      // Administrators only hold no balance: the server refuses to credit them.
      isShown: (user) => shownCredit(user) !== null,
      renderDialog: (props) => <CreditsDialog {...props} />,
    },
    {
      key: 'unlock',
      labelKey: 'signInLock.unlock',
      icon: <LockOpenIcon fontSize="small" />,
      renderDialog: (props) => <UnlockDialog {...props} />,
    },
    {
      key: 'audit',
      labelKey: 'audit.timeline.open',
      icon: <HistoryIcon fontSize="small" />,
      renderDialog: ({ row, isOpen, onClose }) => (
        <AuditTimelineDialog
          isOpen={isOpen}
          onClose={onClose}
          recordType="users"
          recordId={Number(row.id)}
          name={row.full_name}
        />
      ),
    },
  ],
  form: defineForm<UserRow, UserFormValues, UserFormOutput>({
    schema: storeFormSchema,
    editSchema: updateFormSchema,
    fields: [
      { name: 'name', labelKey: 'columns.name', kind: 'text', isRequired: true },
      { name: 'last_name', labelKey: 'columns.last_name', kind: 'text' },
      { name: 'email', labelKey: 'columns.email', kind: 'text', isRequired: true },
      { name: 'username', labelKey: 'columns.username', kind: 'text', isRequired: true },
      { name: 'phone', labelKey: 'columns.phone', kind: 'text', isRequired: true },
      {
        name: 'roles',
        labelKey: 'columns.roles',
        kind: 'select',
        picker: 'roles',
        isMultiple: true,
        isRequired: true,
      },
      {
        name: 'user_type_id',
        labelKey: 'columns.user_type',
        kind: 'select',
        picker: 'user_types',
        isRequired: true,
      },
      { name: 'address', labelKey: 'columns.address', kind: 'text', isRequired: true, isShown: isCompany },
      { name: 'pib', labelKey: 'columns.pib', kind: 'text', isRequired: true, isShown: isCompany },
      { name: 'details', labelKey: 'columns.details', kind: 'textarea' },
      {
        name: 'image_file',
        labelKey: 'columns.image',
        kind: 'image',
        helperKey: 'form.imageHint',
        removeField: 'remove_image',
      },
      {
        name: 'change_password',
        labelKey: 'form.changePassword',
        kind: 'checkbox',
        isShown: (_, isEditing) => isEditing,
      },
      {
        name: 'password',
        labelKey: 'columns.password',
        kind: 'password',
        isRequired: true,
        helperKey: 'form.passwordHint',
        isShown: (values, isEditing) => !isEditing || values.change_password,
      },
      {
        name: 'confirm_password',
        labelKey: 'columns.confirm_password',
        kind: 'password',
        isRequired: true,
        isShown: (values, isEditing) => !isEditing || values.change_password,
      },
    ],
    emptyValues: {
      name: '',
      last_name: '',
      email: '',
      username: '',
      phone: '',
      user_type_id: '',
      address: '',
      pib: '',
      roles: [],
      details: '',
      image_file: null,
      change_password: false,
      password: '',
      confirm_password: '',
    },
    fromRow: (user) => ({
      name: user.name,
      last_name: user.last_name ?? '',
      email: user.email,
      username: user.username,
      phone: user.phone ?? '',
      user_type_id: user.user_type_id ?? '',
      address: user.address ?? '',
      pib: user.pib ?? '',
      roles: user.roles.map((role) => role.id),
      details: user.details ?? '',
      image_file: user.image_url,
      change_password: false,
      password: '',
      confirm_password: '',
    }),
    toBody: userFormBody,
    updateMethod: 'POST',
    width: 650,
  }),
});
