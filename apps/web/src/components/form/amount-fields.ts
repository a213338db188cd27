import { type Language, parseAmount } from '@usluge/contract';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { currentLanguage } from '../../i18n/i18n.ts';

/** The message under an amount the interface language does not read ('12.5' in Montenegrin). */
export const AMOUNT_FORMAT_MESSAGE = 'validation.amount_format';

type AmountErrors = Record<string, { type: string; message: string }>;

/**
 * Form values with each named amount field's text read by the contract's parseAmount in the
 * language ('1.234,50' in Montenegrin, '1,234.50' in English): the number, or an error for text it
 * does not read, never a guess. Empty text stays empty for the schema to judge (required or not).
 */
export function readAmounts<Values extends object>(
  values: Values,
  names: readonly string[],
  language: Language,
): { values: Values; errors: AmountErrors } {
  const read = { ...values } as Record<string, unknown>;
  const errors: AmountErrors = {};
  for (const name of names) {
    const value = read[name];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const amount = parseAmount(value, language);
    if (amount === null) errors[name] = { type: 'amount', message: AMOUNT_FORMAT_MESSAGE };
    else read[name] = amount;
  }
  return { values: read as Values, errors };
}

/** A resolver whose amount fields (money, credits) are typed in the interface language (readAmounts). */
export function withAmountFields<Input extends FieldValues, Output>(
  resolve: Resolver<Input, unknown, Output>,
  names: readonly string[],
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const { values: read, errors } = readAmounts(values, names, currentLanguage());
    const result = await resolve(read, context, options);
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...errors } as FieldErrors<Input> };
  };
}
