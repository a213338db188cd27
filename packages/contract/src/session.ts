import { z } from 'zod';

export const loginRequestSchema = z.object({
  is_web: z.boolean().optional(),
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const roleSchema = z.object({ id: z.number().int(), name: z.string() });
export type Role = z.infer<typeof roleSchema>;

/** A user's own profile fields, shared by the current user, the users list and the member profile. */
export const userProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_name: z.string().nullable(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  details: z.string().nullable(),
  image_url: z.string().nullable(),
  roles: z.array(roleSchema),
});

/** The signed-in user as `loginWeb` and `GET /api/user` answer it. No secret fields. */
export const currentUserSchema = userProfileSchema.extend({
  /** Whether this server offers the seeder generator (SEEDERS_ENABLED): the back office shows it only then. */
  seeders_enabled: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.object({ user: currentUserSchema });

/** `POST /api/login`: the mobile app signs a member in by username or e-mail address. */
export const appLoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

/** A session as the app keeps it: bearer tokens instead of cookies. */
export const appTokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds the access token lasts; then `POST /api/refresh-token`. */
  expires_in: z.number().int(),
});
export const appLoginResponseSchema = appTokensSchema.extend({ user: currentUserSchema });

/** `POST /api/refresh-token`; `POST /api/logout` takes it too when the access token has expired. */
export const refreshTokenRequestSchema = z.object({ refresh_token: z.string().min(1).max(200) });
export const appLogoutRequestSchema = z.object({ refresh_token: z.string().min(1).max(200).optional() });
