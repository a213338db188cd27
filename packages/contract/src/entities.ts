import { z } from 'zod';
import { roleSchema, userProfileSchema } from './session.ts';

/** A timestamp: a Date on the server, an ISO 8601 string on the wire. */
export const timestampSchema = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

export const idNameSchema = z.object({ id: z.number().int(), name: z.string() });

export const userTypeRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  updated_at: timestampSchema,
});

export const roleRowSchema = roleSchema.extend({ is_active: z.boolean(), updated_at: timestampSchema });

export const countryRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  is_active: z.boolean(),
  updated_at: timestampSchema,
});

/** A row of the users list: the profile and what staff manage. Never carries the password hash. */
export const userRowSchema = userProfileSchema.extend({
  /** name and last_name, as the list's "Ime i prezime" column shows them. */
  full_name: z.string(),
  address: z.string().nullable(),
  pib: z.string().nullable(),
  /** null for users whose only role is Administrator: they hold no balance to show. */
  credit: z.number().nullable(),
  user_type_id: z.number().int().nullable(),
  user_types: idNameSchema.nullable(),
  is_active: z.boolean(),
  updated_at: timestampSchema,
});
export type UserRow = z.input<typeof userRowSchema>;

/**
 * A user as staff pickers show it (notifications, ads): enough to choose one, no contact details,
 * so that moderators do not read everyone's personal data.
 */
export const userPickerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  username: z.string(),
  user_type_id: z.number().int().nullable(),
  is_active: z.boolean(),
  updated_at: timestampSchema,
});
export type UserPickerRow = z.input<typeof userPickerRowSchema>;
export type CountryRow = z.input<typeof countryRowSchema>;
export type UserTypeRow = z.input<typeof userTypeRowSchema>;
