import { type deleteAccountSchema, msg, setNewPasswordSchema } from '@usluge/contract';
import { z } from 'zod';
import type { FormField } from '../../../components/form/form-types.ts';

/**
 * The reset page's form (SPEC.md 5 'Reset password'): both fields required ('Obavezno polje.'),
 * the new password as the server checks it, and the confirmation equal to it.
 */
export const resetPasswordFormSchema = z
  .object({
    new_password: z.string().min(1).pipe(setNewPasswordSchema.shape.new_password),
    confirm_password: z.string().min(1),
  })
  .superRefine((form, context) => {
    if (form.new_password !== form.confirm_password) {
      context.addIssue({ code: 'custom', path: ['confirm_password'], message: msg('passwords_mismatch') });
    }
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

export const RESET_PASSWORD_FIELDS: readonly FormField<ResetPasswordForm>[] = [
  {
    name: 'new_password',
    labelKey: 'account.newPassword',
    kind: 'password',
    isRequired: true,
    helperKey: 'form.passwordHint',
  },
  { name: 'confirm_password', labelKey: 'account.confirmPassword', kind: 'password', isRequired: true },
];

/** The deletion request's fields; the contract's deleteAccountSchema checks them, as on the server. */
export const DELETE_ACCOUNT_FIELDS: readonly FormField<z.input<typeof deleteAccountSchema>>[] = [
  { name: 'username', labelKey: 'columns.username', kind: 'text', isRequired: true },
  { name: 'email', labelKey: 'columns.email', kind: 'text', isRequired: true },
];
