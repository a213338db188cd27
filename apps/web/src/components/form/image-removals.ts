import type { FieldValues } from 'react-hook-form';
import type { FormField } from './form-types.ts';

/**
 * The save's body with, for each image field that names a `removeField`, that field true when the
 * edited row had a stored image and the form removed it (its value now null): the server then sets
 * the column to null and deletes the file. FormData (a multipart write) or a JSON object alike;
 * one place for every form, so a resource only names its field.
 */
export function withImageRemovals<Values extends FieldValues>(
  body: unknown,
  fields: readonly FormField<Values>[],
  values: Record<string, unknown>,
  startValues: Values | null,
): unknown {
  const removed = fields.flatMap((field) => {
    const stored: unknown = startValues?.[field.name];
    const isRemoved =
      field.kind === 'image' && typeof stored === 'string' && stored !== '' && values[field.name] === null;
    return isRemoved && field.removeField ? [field.removeField] : [];
  });
  if (removed.length === 0) return body;
  if (body instanceof FormData) {
    for (const name of removed) body.set(name, 'true');
    return body;
  }
  return { ...(body as Record<string, unknown>), ...Object.fromEntries(removed.map((name) => [name, true])) };
}
