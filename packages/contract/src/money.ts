import type { Language } from './validation.ts';

/**
 * How amounts read and are typed, in one place for the screens, the inputs and the reports.
 *
 * - Money: always 2 decimals, grouped as the language writes numbers, with the currency's sign (its
 *   short name when it has none): Montenegrin '1.234,50 €' / '1.234,50 USD', English '€1,234.50' /
 *   'USD 1,234.50'. Without a currency (a report cell, an input) the number alone: '1.234,50'.
 * - Credits: a quantity, not money: up to 2 decimals, only those it has ('1.234', '12,5'), never a
 *   currency. A change may be signed ('+500', '-20').
 * - Typing (parseAmount): the language's decimal mark, its group mark optional but only in groups
 *   of three ('1.234,50' or '1234,50' in Montenegrin; '1,234.50' or '1234.50' in English), an
 *   optional sign. The other language's form is refused, never guessed: '1.234' is 1234 in
 *   Montenegrin and 1.234 in English (which the money and credit schemas refuse: at most 2
 *   decimals); '12.5' in Montenegrin and '12,5' in English are no numbers (misplaced group marks).
 *   Requests carry plain numbers ('1234.5').
 */

/** A currency as rows carry it: its sign ('€') when it has one, and its short name ('EUR'). */
export type CurrencyMark = { sign: string | null; short_name: string };

/** Locales whose number marks the product uses: '1.234,50' and '1,234.50'. */
const NUMBER_LOCALES: Record<Language, string> = { me: 'sr-Latn-ME', en: 'en' };

/** The marks of a language's numbers, typed or shown. */
const MARKS: Record<Language, { decimal: string; group: string }> = {
  me: { decimal: ',', group: '.' },
  en: { decimal: '.', group: ',' },
};

// Making a number format costs far more than using one (a list or report formats thousands).
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: Language, kind: 'money' | 'credits' | 'signedCredits'): Intl.NumberFormat {
  const key = `${language}:${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[language], {
      minimumFractionDigits: kind === 'money' ? 2 : 0,
      maximumFractionDigits: 2,
      // No '-0,00' for an amount that rounds to zero; a change shows '+' as the ledger writes it.
      signDisplay: kind === 'signedCredits' ? 'exceptZero' : 'negative',
    });
    formats.set(key, format);
  }
  return format;
}

/** An amount of money in the language: '1.234,50 €' / '€1,234.50'; the number alone without a currency. */
export function formatMoney(amount: number, currency: CurrencyMark | null, language: Language): string {
  const text = numberFormat(language, 'money').format(amount);
  if (!currency) return text;
  const sign = currency.sign?.trim() || null;
  if (language === 'me') return `${text} ${sign ?? currency.short_name}`;
  // English puts the mark first, after the minus, as Intl writes '-€5.00' and '-USD 5.00'.
  const isNegative = text.startsWith('-');
  const digits = isNegative ? text.slice(1) : text;
  return `${isNegative ? '-' : ''}${sign ?? `${currency.short_name} `}${digits}`;
}

/** A number of credits in the language: '1.234,5' / '1,234.5'; `isSigned`: a change, '+500', '-20'. */
export function formatCredits(amount: number, language: Language, isSigned = false): string {
  return numberFormat(language, isSigned ? 'signedCredits' : 'credits').format(amount);
}

/**
 * A number as a filter field shows it for editing: the language's decimal mark and no group marks,
 * so that an id stays '12345' ('1234,5' / '1234.5'). parseAmount reads it back in that language.
 */
export function formatNumberInput(amount: number, language: Language): string {
  return String(amount).replace('.', MARKS[language].decimal);
}

/** The most whole digits an amount may have: below 10^9, as the database's numeric columns keep. */
const MAX_WHOLE_DIGITS = 9;

const escapeMark = (mark: string) => mark.replace(/[.\\]/g, '\\$&');

function amountPattern(decimal: string, group: string | null): RegExp {
  const whole = group === null ? '\\d+' : `\\d{1,3}(?:${escapeMark(group)}\\d{3})+|\\d+`;
  return new RegExp(`^([+-]?)(${whole})(?:${escapeMark(decimal)}(\\d{1,9}))?$`);
}

const PATTERNS: Record<Language | 'request', RegExp> = {
  me: amountPattern(MARKS.me.decimal, MARKS.me.group),
  en: amountPattern(MARKS.en.decimal, MARKS.en.group),
  // What requests carry: JavaScript's own number text, no group marks.
  request: amountPattern('.', null),
};

/**
 * An amount typed in the language (see the rules above), or null when it is not one: a misplaced
 * mark, more than 9 whole digits or decimals, anything else. An optional sign. The caller decides
 * whether a negative or zero amount, or more than 2 decimals, is allowed (the schemas say
 * 'Najviše 2 decimale.', clearer than 'not a number' for '1.234' typed in English).
 */
export function parseAmount(text: string, language: Language | 'request'): number | null {
  const match = PATTERNS[language].exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '', decimals = ''] = match;
  const digits = whole.replace(/\D/g, '');
  if (digits.replace(/^0+(?=\d)/, '').length > MAX_WHOLE_DIGITS) return null;
  const value = Number(`${digits}.${decimals || '0'}`);
  // '-0' is zero, not a negative amount.
  return value === 0 ? 0 : sign === '-' ? -value : value;
}
