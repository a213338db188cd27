import { z } from 'zod';
import { msg, msgWith, typeMsg } from './validation.ts';

/** Building blocks of form schemas, so that every form says 'Obavezno polje.' the same way. */
export const requiredText = (max = 255) => z.string().trim().min(1).max(max);

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** A chosen id from a picker: 'Obavezno polje' when nothing was chosen. */
export const requiredSelection = () =>
  z.coerce
    .number({ error: msg('required_selection') })
    .int({ error: msg('required_selection') })
    .positive({ error: msg('required_selection') });

/** The id in a path such as /update/{id}. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** At most two decimals, as money and credit amounts are kept (numeric(…, 2)). */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An amount of money more than 0 with 2 decimals at most: a price, a price per credit. */
export const positiveMoney = (max = 999_999_999.99) =>
  z.coerce
    .number(typeMsg('enter_value'))
    .positive({ error: msg('positive') })
    .max(max)
    .refine(hasAtMostTwoDecimals, msgWith('decimals', { n: 2 }));

/** true/false as JSON sends them, or as text from a multipart form. */
export const formBoolean = z.preprocess(
  (value) =>
    value === 'true' || value === '1'
      ? true
      : value === 'false' || value === '0' || value === ''
        ? false
        : value,
  z.boolean(),
);

/** A list sent as JSON text by a multipart form (`roles: "[2,3]"`) or as an array by JSON. */
export const jsonTextOrValue = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** An id list chosen in a multi-select: at least one, each once, a bounded number. */
export const requiredIdList = (max: number) =>
  z.preprocess(
    jsonTextOrValue,
    z
      .array(z.coerce.number().int().positive(), typeMsg('required_selection'))
      .min(1, { error: msg('required_selection') })
      .max(max)
      .transform((ids) => [...new Set(ids)]),
  );
