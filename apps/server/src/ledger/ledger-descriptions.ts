import { formatCredits, formatMoney } from '@usluge/contract';

/**
 * The ledger's words for staff entries, stored as written in the product's language (the transactions
 * report shows them), its numbers in the product's one format: 'Dopuna kredita: 500 × 0,50 EUR',
 * 'Korekcija stanja kredita: -20'.
 */
export function topUpDescription(amount: number, pricePerCredit: number, currency: string): string {
  const price = formatMoney(pricePerCredit, { sign: null, short_name: currency }, 'me');
  return `Dopuna kredita: ${formatCredits(amount, 'me')} × ${price}`;
}

export function correctionDescription(amount: number): string {
  return `Korekcija stanja kredita: ${formatCredits(amount, 'me', true)}`;
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
