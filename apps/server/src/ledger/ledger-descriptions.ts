/** Amounts as the ledger writes them: two decimals with a decimal comma ('500,00'). */
const decimal = (amount: number) => amount.toFixed(2).replace('.', ',');

/**
 * The ledger's words for staff entries, stored as written in the product's language (the transactions
 * report shows them): 'Dopuna kredita: 500,00 × 0,50 EUR', 'Korekcija stanja kredita: -20,00'.
 */
export function topUpDescription(amount: number, pricePerCredit: number, currency: string): string {
  return `Dopuna kredita: ${decimal(amount)} × ${decimal(pricePerCredit)} ${currency}`;
}

export function correctionDescription(amount: number): string {
  return `Korekcija stanja kredita: ${amount > 0 ? '+' : ''}${decimal(amount)}`;
}

/** A member's payment for a contact: 'Kontakt oglasa: Košenje trave'. */
export function leadContactDescription(adTitle: string): string {
  return `Kontakt oglasa: ${adTitle}`;
}

const REFUND_WORDS = {
  declined: 'kontakt odbijen',
  no_answer: 'bez odgovora',
  request: 'odobren zahtjev',
  ad_removed: 'oglas uklonjen',
} as const;

/** Credits of a contact given back: 'Povrat kredita za kontakt oglasa: Košenje trave (bez odgovora)'. */
export function leadRefundDescription(adTitle: string, reason: keyof typeof REFUND_WORDS): string {
  return `Povrat kredita za kontakt oglasa: ${adTitle} (${REFUND_WORDS[reason]})`;
}
