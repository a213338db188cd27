import { zodResolver } from '@hookform/resolvers/zod';
import { validationErrorMap } from '@usluge/contract';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { HttpError } from '../../../api/http-error.ts';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import type { FormField } from '../../../components/form/form-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';

/** A public account form: the contract's schema with the product's messages, as the dialogs use it. */
export function useAccountForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  emptyValues: Input,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, { error: validationErrorMap(currentLanguage()) }),
    defaultValues: emptyValues as never,
  });
}

/**
 * A failed submit (SPEC.md 8): the server's message in a red snackbar, and its field errors under
 * the fields they name.
 */
export function showSubmitFailure<Input extends FieldValues>(
  error: unknown,
  form: UseFormReturn<Input, unknown, unknown>,
  fields: readonly FormField<Input>[],
  fallback: string,
): void {
  if (!(error instanceof HttpError)) return;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (fields.some((f) => f.name === field) && messages[0]) {
      form.setError(field as Path<Input>, { type: 'server', message: messages[0] });
    }
  }
  feedback.showSnack(error.serverMessage ?? fallback, 'error');
}
