import type { z } from 'zod';

export type Language = 'me' | 'en';
export const LANGUAGES: readonly Language[] = ['me', 'en'];
export const DEFAULT_LANGUAGE: Language = 'me';

/**
 * Validation messages, identical on the server and in the forms (SPEC.md section 5).
 * Schemas refer to the messages without a number by key (`msg('passwords_mismatch')`); the rest are
 * described from the issue by {@link describeIssue}: its zod code and limit, or a check's params.
 */
export const VALIDATION_MESSAGES = {
  me: {
    required: 'Obavezno polje.',
    required_selection: 'Obavezno polje',
    enter_value: 'Unesite vrijednost',
    min_length: 'Minimum {{n}} karaktera.',
    max_length: 'Maks {{n}} karaktera.',
    email: 'E-mail mora biti u formatu pr. {{email}}.',
    number: 'Unesite broj.',
    integer: 'Unesite cijeli broj.',
    min_value: 'Vrijednost mora biti najmanje {{n}}.',
    max_value: 'Vrijednost može biti najviše {{n}}.',
    positive: 'Unesite vrijednost veću od 0.',
    max_digits: 'Maks {{n}} cifara.',
    decimals: 'Najviše {{n}} decimale.',
    passwords_mismatch: 'Lozinke se ne poklapaju.',
    price_to_gt_from: "'Cijena do' mora biti veća od 'cijena od'.",
    credit_quantity: 'Unesite broj, npr. 500, +500 ili -500.',
    amount_format: 'Unesite iznos, npr. 1.234,50 ili 1234,50.',
    shift_min_gap: 'Smjena mora trajati najmanje 5 minuta.',
    shift_overlap: 'Smjena ne može početi prije kraja prethodne.',
    time: 'Unesite vrijeme u formatu SS:MM.',
    reason_required: 'Obavezno polje.',
    invalid: 'Neispravna vrijednost.',
    unknown_field: 'Nepoznato polje.',
    max_sort_keys: 'Lista se može sortirati po najviše {{n}} kolona.',
  },
  en: {
    required: 'This field is required.',
    required_selection: 'Please choose a value.',
    enter_value: 'Enter a value',
    min_length: 'At least {{n}} characters.',
    max_length: 'At most {{n}} characters.',
    email: 'E-mail must look like {{email}}.',
    number: 'Enter a number.',
    integer: 'Enter a whole number.',
    min_value: 'The value must be at least {{n}}.',
    max_value: 'The value can be at most {{n}}.',
    positive: 'Enter a value greater than 0.',
    max_digits: 'At most {{n}} digits.',
    decimals: 'At most {{n}} decimals.',
    passwords_mismatch: 'Passwords do not match.',
    price_to_gt_from: "'Price to' must be larger than 'price from'.",
    credit_quantity: 'Enter a number such as 500, +500 or -500.',
    amount_format: 'Enter an amount such as 1,234.50 or 1234.50.',
    shift_min_gap: 'A shift must last at least 5 minutes.',
    shift_overlap: 'A shift cannot start before the previous one ends.',
    time: 'Enter a time as HH:MM.',
    reason_required: 'This field is required.',
    invalid: 'Invalid value.',
    unknown_field: 'Unknown field.',
    max_sort_keys: 'A list can be sorted by at most {{n}} columns.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type ValidationMessageKey = keyof (typeof VALIDATION_MESSAGES)['me'];
/** The messages with a number to fill ('Najviše {{n}} decimale.'). */
export type CountedMessageKey = {
  [K in ValidationMessageKey]: (typeof VALIDATION_MESSAGES)['me'][K] extends `${string}{{n}}${string}`
    ? K
    : never;
}[ValidationMessageKey];
/** The messages a schema may name as its own: those without a number. */
export type PlainMessageKey = Exclude<ValidationMessageKey, CountedMessageKey>;
export const EMAIL_EXAMPLE = 'ime@primjer.com';
const KEY_PREFIX = 'validation.';

/**
 * The message key a schema passes to zod, e.g. `msg('passwords_mismatch')`. Never a message with a
 * number: zod ranks a schema's own message above the per-parse error map, so the forms would get
 * the bare key and nothing to fill its {{n}} with. A number comes from zod's own issue (`.max(n)`
 * says 'Vrijednost može biti najviše {{n}}.' by itself) or from a custom check's {@link msgWith}.
 */
export function msg(key: PlainMessageKey): string {
  return KEY_PREFIX + key;
}

/**
 * A custom check whose message has a number: `.refine(isOk, msgWith('decimals', { n: 2 }))`. The
 * check has no message of its own, so the forms' per-parse map and the server's `fieldErrors` both
 * reach {@link describeIssue}, which finds the key and the number in the issue's params.
 */
export function msgWith(key: CountedMessageKey, params: { n: number }) {
  return { params: { ...params, messageKey: key } };
}

/**
 * A type's own message, for a value that is not of the type at all:
 * `z.coerce.number(typeMsg('enter_value'))`. Only for that issue: zod hands a plain `{ error }` of a
 * type to every check on it as well, ahead of the forms' map, so 'Najviše 2 decimale.' would become
 * 'Unesite vrijednost'.
 */
export function typeMsg(key: PlainMessageKey) {
  return { error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? msg(key) : undefined) };
}

export function formatValidationMessage(
  key: ValidationMessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const template: string = VALIDATION_MESSAGES[lang][key] ?? VALIDATION_MESSAGES.me[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(params[name] ?? (name === 'email' ? EMAIL_EXAMPLE : '')),
  );
}

function isValidationKey(key: unknown): key is ValidationMessageKey {
  return typeof key === 'string' && Object.hasOwn(VALIDATION_MESSAGES.me, key);
}

/** The key of a schema's own message (`msg(key)`), or undefined for zod's own texts. */
function ownMessageKey(message: string | undefined): ValidationMessageKey | undefined {
  const key = message?.startsWith(KEY_PREFIX) ? message.slice(KEY_PREFIX.length) : undefined;
  return isValidationKey(key) ? key : undefined;
}

/** A zod issue as both the per-parse error map and a finished ZodError give it. */
type IssueLike = {
  code?: string;
  message?: string;
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  inclusive?: boolean;
  format?: string;
  expected?: string;
  params?: Record<string, unknown>;
};

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || input === '';
}

/** The user-facing text of one issue, in the given language. */
export function describeIssue(issue: IssueLike, lang: Language): string {
  const ownKey = ownMessageKey(issue.message);
  if (ownKey) return formatValidationMessage(ownKey, lang);
  const { messageKey, ...params } = issue.params ?? {};
  if (isValidationKey(messageKey)) {
    return formatValidationMessage(messageKey, lang, params as Record<string, string | number>);
  }
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(issue.input)) return formatValidationMessage('required', lang);
      if (issue.expected === 'number' || issue.expected === 'int')
        return formatValidationMessage('number', lang);
      return formatValidationMessage('invalid', lang);
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') {
        return n <= 1
          ? formatValidationMessage('required', lang)
          : formatValidationMessage('min_length', lang, { n });
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return formatValidationMessage('required_selection', lang);
      // `.positive()` (more than 0) rather than `.min(0)` (0 or more).
      if (n === 0 && !issue.inclusive) return formatValidationMessage('positive', lang);
      return formatValidationMessage('min_value', lang, { n });
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return formatValidationMessage('max_length', lang, { n });
      return formatValidationMessage('max_value', lang, { n });
    }
    case 'invalid_format':
      if (issue.format === 'email') return formatValidationMessage('email', lang);
      return formatValidationMessage('invalid', lang);
    case 'unrecognized_keys':
      return formatValidationMessage('unknown_field', lang);
    case 'invalid_value':
    case 'invalid_union':
      if (isEmpty(issue.input)) return formatValidationMessage('required_selection', lang);
      return formatValidationMessage('invalid', lang);
    default:
      return formatValidationMessage('invalid', lang);
  }
}

/** Per-parse error map (`schema.safeParse(data, { error: validationErrorMap(lang) })`). */
export function validationErrorMap(lang: Language) {
  return (issue: IssueLike) => describeIssue(issue, lang);
}

/** `{field: [messages]}` as the API answers validation failures (DESIGN.md section 4). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], lang: Language): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const text = describeIssue(issue as IssueLike, lang);
    const list = errors[field] ?? [];
    if (!list.includes(text)) list.push(text);
    errors[field] = list;
  }
  return errors;
}
