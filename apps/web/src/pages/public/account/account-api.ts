import type { DeleteAccountForm } from '@usluge/contract';
import { api } from '../../../api/api-client.ts';
import type { HttpRequestOptions } from '../../../api/http-client.ts';

/** The pages show every failure themselves (a state with an icon, a red snackbar), never the 'Greška' dialog. */
const shownByPage = {
  isErrorDialogSuppressed: true,
  isRefreshSkipped: true,
} as const satisfies HttpRequestOptions;

/** SPEC.md 7 'Public account calls': what the links mailed to members lead to. */
export const accountApi = {
  verify: (token: string) => api.post('/api/verify-account', { body: { token }, ...shownByPage }),
  checkResetToken: (token: string) => api.post('/api/check-uuid', { body: { token }, ...shownByPage }),
  setNewPassword: (token: string, newPassword: string) =>
    api.post('/api/set-new-password', { body: { token, new_password: newPassword }, ...shownByPage }),
  requestDeletion: (form: DeleteAccountForm) =>
    api.post('/api/delete-account', { body: form, ...shownByPage }),
  confirmDeletion: (token: string) =>
    api.post('/api/delete-account/confirm', { body: { token }, ...shownByPage }),
};
