import { z } from 'zod';
import { formBoolean, optionalText, requiredIdList, requiredSelection, requiredText } from './fields.ts';
import { USER_TYPE } from './ids.ts';
import { msg } from './validation.ts';

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 200;

/** A new password: what every form that sets one requires. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const password = newPasswordSchema;

/** The fields both the create and the edit form have (SPEC.md 5, 'User form'); the member's profile takes some. */
export const userFields = {
  name: requiredText(100),
  last_name: optionalText(100),
  email: requiredText(254).pipe(z.email({ error: msg('email') })),
  username: requiredText(100).regex(/^\S+$/, { error: msg('invalid') }),
  phone: requiredText(50),
  details: optionalText(2000),
  address: optionalText(255),
  pib: optionalText(50),
  user_type_id: requiredSelection(),
  roles: requiredIdList(10),
};

/** A company (user type 1) must give its address and tax number. */
export function requireCompanyDetails(
  form: { user_type_id: number; address: string | null; pib: string | null },
  context: z.RefinementCtx,
) {
  if (form.user_type_id !== USER_TYPE.company) return;
  for (const field of ['address', 'pib'] as const) {
    if (!form[field]) context.addIssue({ code: 'custom', path: [field], message: msg('required') });
  }
}

function requireMatchingPasswords(
  form: { password?: string | null; confirm_password?: string | null },
  context: z.RefinementCtx,
) {
  if (form.password && form.password !== form.confirm_password) {
    context.addIssue({ code: 'custom', path: ['confirm_password'], message: msg('passwords_mismatch') });
  }
}

/** Removes the stored profile image (an edit's; not with a new image_file, which replaces it). */
const removeImage = formBoolean.optional();

/** `POST /api/users/store`: a new user sets a password. */
export const userStoreSchema = z
  .object({
    ...userFields,
    password,
    confirm_password: z.string().max(PASSWORD_MAX_LENGTH),
    remove_image: removeImage,
  })
  .superRefine((form, context) => {
    requireCompanyDetails(form, context);
    requireMatchingPasswords(form, context);
  });
export type UserStoreForm = z.input<typeof userStoreSchema>;

/**
 * `POST /api/users/update/{id}`: the password changes only when one is sent ('change password'
 * ticked); without it the old one stays.
 */
export const userUpdateSchema = z
  .object({
    ...userFields,
    password: z.preprocess((value) => (value === '' ? undefined : value), password.optional()),
    confirm_password: z.string().max(PASSWORD_MAX_LENGTH).nullish(),
    remove_image: removeImage,
  })
  .superRefine((form, context) => {
    requireCompanyDetails(form, context);
    requireMatchingPasswords(form, context);
  });
export type UserUpdateForm = z.input<typeof userUpdateSchema>;

/** `POST /api/register` (the mobile app): a member's own account, confirmed by e-mail. */
export const registerSchema = z
  .object({
    name: userFields.name,
    last_name: userFields.last_name,
    email: userFields.email,
    username: userFields.username,
    phone: userFields.phone,
    address: userFields.address,
    pib: userFields.pib,
    user_type_id: userFields.user_type_id,
    password,
    confirm_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .superRefine((form, context) => {
    requireCompanyDetails(form, context);
    if (form.confirm_password !== undefined) requireMatchingPasswords(form, context);
  });
export type RegisterForm = z.input<typeof registerSchema>;

const token = z.string().trim().min(1).max(200);

/** The token of an e-mailed link (verify account, reset password, confirm deletion). */
export const accountTokenSchema = z.object({ token });

export const forgotPasswordSchema = z.object({ email: userFields.email });

export const setNewPasswordSchema = z.object({ token, new_password: password });

/** `POST /api/delete-account`: username and e-mail, both required; the e-mail like x@y.z. */
export const deleteAccountSchema = z.object({
  username: requiredText(100),
  email: requiredText(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: msg('email') }),
});
export type DeleteAccountForm = z.input<typeof deleteAccountSchema>;

export const messageAnswerSchema = z.object({ message: z.string() });
export const checkTokenAnswerSchema = z.object({ full_name: z.string() });
/** `POST /api/verify-account`: `is_already_verified` when the link had verified the account before. */
export const verifyAccountAnswerSchema = messageAnswerSchema.extend({ is_already_verified: z.boolean() });
export type VerifyAccountAnswer = z.infer<typeof verifyAccountAnswerSchema>;

/**
 * `POST /api/users/unlock/{id}` (administrators): the user's sign-in lock is lifted (every failure
 * counted for their username, from every address); `was_locked` says whether one was holding it.
 */
export const userUnlockAnswerSchema = messageAnswerSchema.extend({ was_locked: z.boolean() });
export type UserUnlockAnswer = z.infer<typeof userUnlockAnswerSchema>;
