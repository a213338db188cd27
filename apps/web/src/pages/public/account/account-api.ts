import type {
  checkTokenAnswerSchema,
  DeleteAccountForm,
  messageAnswerSchema,
  VerifyAccountAnswer,
} from '@usluge/contract';
import type { z } from 'zod';
import { type HttpRequestOptions, http } from '../../../api/http-client.ts';

type MessageAnswer = z.infer<typeof messageAnswerSchema>;
type CheckTokenAnswer = z.infer<typeof checkTokenAnswerSchema>;

/** The pages show every failure themselves (a state with an icon, a red snackbar), never the 'Greška' dialog. */
const shownByPage: HttpRequestOptions = { isErrorDialogSuppressed: true, isRefreshSkipped: true };

/** SPEC.md 7 'Public account calls': what the links mailed to members lead to. */
export const accountApi = {
  verify: (token: string) => http.post<VerifyAccountAnswer>('/api/verify-account', { token }, shownByPage),
  checkResetToken: (token: string) => http.post<CheckTokenAnswer>('/api/check-uuid', { token }, shownByPage),
  setNewPassword: (token: string, newPassword: string) =>
    http.post<MessageAnswer>('/api/set-new-password', { token, new_password: newPassword }, shownByPage),
  requestDeletion: (form: DeleteAccountForm) =>
    http.post<MessageAnswer>('/api/delete-account', form, shownByPage),
  confirmDeletion: (token: string) =>
    http.post<MessageAnswer>('/api/delete-account/confirm', { token }, shownByPage),
};
