/** A currency as credit rows carry it: its short name, and its sign when it has one. */
export type CurrencyLabel = { short_name: string; sign: string | null };

/** Money as prices are kept, with 2 decimals and the currency: '0.50 EUR (€)'. */
export function formatMoney(value: number, currency: CurrencyLabel | null): string {
  const amount = value.toFixed(2);
  if (!currency) return amount;
  return currency.sign
    ? `${amount} ${currency.short_name} (${currency.sign})`
    : `${amount} ${currency.short_name}`;
}

/** A credit amount with its sign, so a correction reads as one: '+500', '-20'. */
export function formatCreditChange(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}
