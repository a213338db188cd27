import { z } from 'zod';
import { idNameSchema, timestampSchema } from './entities.ts';
import { hasAtMostTwoDecimals, positiveMoney, requiredSelection } from './fields.ts';
import { parseAmount } from './money.ts';
import { msg } from './validation.ts';

/**
 * Credits arithmetic (SPEC.md 5, 'Credits dialog'), used by the add-credits form and checked by the
 * server. Amounts are handled in hundredths (integers) so that 0.1 + 0.2 is 0.3.
 */
const toCents = (value: number) => Math.round(value * 100);
const fromCents = (cents: number) => cents / 100;

/** What a quantity of credits costs at a price per credit, to the cent. */
export function creditTotal(quantity: number, pricePerCredit: number): number {
  return fromCents(Math.round((toCents(quantity) * toCents(pricePerCredit)) / 100));
}

/** Editing the total sets the quantity to the whole number of credits it pays for. */
export function creditQuantityForTotal(total: number, pricePerCredit: number): number {
  const priceCents = toCents(pricePerCredit);
  if (priceCents <= 0) return 0;
  return Math.trunc(toCents(total) / priceCents);
}

export const creditPriceFormSchema = z.object({
  os_country_id: requiredSelection(),
  currency_id: requiredSelection(),
  price_per_credit: positiveMoney(),
});
export type CreditPriceForm = z.input<typeof creditPriceFormSchema>;

export const creditPriceRowSchema = z.object({
  id: z.number().int(),
  os_country_id: z.number().int(),
  currency_id: z.number().int(),
  price_per_credit: z.number(),
  os_countries: z.object({ name: z.string() }),
  currencies: z.object({ name: z.string(), short_name: z.string(), sign: z.string().nullable() }),
  is_active: z.boolean(),
  updated_at: timestampSchema,
});
export type CreditPriceRow = z.input<typeof creditPriceRowSchema>;

export const creditPriceHistoryRowSchema = z.object({
  id: z.number().int(),
  credit_price_id: z.number().int(),
  price: z.number(),
  /** Who set this price; null for prices that came with the seed. */
  changed_by: z.string().nullable(),
  updated_at: timestampSchema,
});
export type CreditPriceHistoryRow = z.input<typeof creditPriceHistoryRowSchema>;

/** Add credits to a user (positive: a top-up) or correct the balance (negative). */
export const leadTransactionStoreSchema = z.object({
  credit_amount: z
    .union([z.string(), z.number()], { error: msg('credit_quantity') })
    .transform((value, context) => {
      // The dialog reads what was typed in the user's language (parseAmount) and sends the number.
      const read = parseAmount(String(value), 'request');
      const amount = read !== null && hasAtMostTwoDecimals(read) ? read : null;
      if (amount === null || amount === 0) {
        context.addIssue({ code: 'custom', message: msg(amount === 0 ? 'enter_value' : 'credit_quantity') });
        return z.NEVER;
      }
      return amount;
    }),
  credit_price_id: requiredSelection(),
  credit_for_user_id: requiredSelection(),
});
export type LeadTransactionStore = z.input<typeof leadTransactionStoreSchema>;

export const leadTransactionRowSchema = z.object({
  id: z.number().int(),
  credit_for_user_id: z.number().int(),
  credit_price_id: z.number().int().nullable(),
  credit_before_adding: z.number(),
  add_credit_amount: z.number(),
  credit_after_adding: z.number(),
  total_price: z.number(),
  /** The price used, with its currency, as it was when the credits were added. */
  price_per_credit: z.number().nullable(),
  currencies: z.object({ short_name: z.string(), sign: z.string().nullable() }).nullable(),
  /** Who added or corrected the credits. */
  created_by: z.string().nullable(),
  updated_at: timestampSchema,
});
export type LeadTransactionRow = z.input<typeof leadTransactionRowSchema>;

/** A ledger entry as the transactions report shows it. */
export const transactionRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The user's full name. */
  name: z.string(),
  users: idNameSchema.extend({ last_name: z.string().nullable() }),
  description: z.string(),
  credit_amount: z.number(),
  credit_state: z.number(),
  updated_at: timestampSchema,
});
export type TransactionRow = z.input<typeof transactionRowSchema>;
