import { z } from 'zod';
import { timestampSchema } from './entities.ts';
import { optionalText, requiredSelection, requiredText } from './fields.ts';

/** One schema per operation: what store and update accept for each reference resource. */
export const countryFormSchema = z.object({
  name: requiredText(100),
  code: requiredText(10),
});
export type CountryForm = z.input<typeof countryFormSchema>;

export const cityFormSchema = z.object({
  name: requiredText(100),
  post_code: requiredText(20),
  os_country_id: requiredSelection(),
});
export type CityForm = z.input<typeof cityFormSchema>;

export const userTypeFormSchema = z.object({
  name: requiredText(100),
});
export type UserTypeForm = z.input<typeof userTypeFormSchema>;

export const currencyFormSchema = z.object({
  name: requiredText(100),
  short_name: requiredText(10),
  sign: optionalText(5),
});
export type CurrencyForm = z.input<typeof currencyFormSchema>;

export const dayFormSchema = z.object({
  name: requiredText(50),
});
export type DayForm = z.input<typeof dayFormSchema>;

export const cityRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  post_code: z.string(),
  os_country_id: z.number().int(),
  countries: z.object({ name: z.string() }),
  is_active: z.boolean(),
  updated_at: timestampSchema,
});

export const currencyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  sign: z.string().nullable(),
  is_active: z.boolean(),
  updated_at: timestampSchema,
});

export const dayRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  /** The spec's other name for is_active. */
  active: z.boolean(),
  updated_at: timestampSchema,
});
export type CityRow = z.input<typeof cityRowSchema>;
export type CurrencyRow = z.input<typeof currencyRowSchema>;
export type DayRow = z.input<typeof dayRowSchema>;
