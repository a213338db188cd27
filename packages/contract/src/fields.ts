import { z } from 'zod';
import { msg } from './validation.ts';

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
