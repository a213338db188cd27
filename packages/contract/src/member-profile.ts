import { z } from 'zod';
import { idNameSchema, timestampSchema } from './entities.ts';
import { userProfileSchema } from './session.ts';
import { newPasswordSchema, requireCompanyDetails, userFields } from './users.ts';

/**
 * `GET /api/me`: the member's own profile with the balance. Never the password hash, nothing staff
 * keep about the account (active flag, verification, sign-in data).
 */
export const memberProfileSchema = userProfileSchema.extend({
  address: z.string().nullable(),
  pib: z.string().nullable(),
  user_type_id: z.number().int().nullable(),
  user_types: idNameSchema.nullable(),
  /** The balance in credits; it moves only through the ledger (`POST /api/me/ledger`). */
  credit: z.number(),
  updated_at: timestampSchema,
});
export type MemberProfile = z.input<typeof memberProfileSchema>;

/**
 * `POST /api/me/update` (JSON, or multipart with `image_file`): the staff user form's rules for the
 * fields a member may change. The e-mail address is not among them: it is where password resets
 * and account links go, so changing it needs a confirmation from the new address, which this
 * form cannot give. Roles, balance and the active flag are staff's.
 */
export const memberProfileFormSchema = z
  .object({
    name: userFields.name,
    last_name: userFields.last_name,
    username: userFields.username,
    phone: userFields.phone,
    details: userFields.details,
    address: userFields.address,
    pib: userFields.pib,
    user_type_id: userFields.user_type_id,
  })
  .superRefine(requireCompanyDetails);
export type MemberProfileForm = z.input<typeof memberProfileFormSchema>;

/** `POST /api/me/change-password`: the current password, and the new one by the usual rules. */
export const changePasswordSchema = z.object({
  password: z.string().min(1).max(200),
  new_password: newPasswordSchema,
});
export type ChangePasswordForm = z.input<typeof changePasswordSchema>;

/** `POST /api/me/delete`: closing the account asks for the password again. */
export const closeAccountSchema = z.object({ password: z.string().min(1).max(200) });
export type CloseAccountForm = z.input<typeof closeAccountSchema>;

/** A row of the member's own ledger (`POST /api/me/ledger`), newest first. */
export const memberLedgerRowSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  /** Credits in (positive) or out (negative). */
  credit_amount: z.number(),
  /** The balance after this entry. */
  credit_state: z.number(),
  /** The contact (lead) the entry paid for or refunded; null for top-ups and corrections. */
  lead_id: z.number().int().nullable(),
  updated_at: timestampSchema,
});
export type MemberLedgerRow = z.input<typeof memberLedgerRowSchema>;
