import type { z } from 'zod';

export type Language = 'me' | 'en';
export const LANGUAGES: readonly Language[] = ['me', 'en'];
export const DEFAULT_LANGUAGE: Language = 'me';

/**
 * Validation messages, identical on the server and in the forms (SPEC.md section 5).
 * Schemas refer to them by key (`message: 'validation.passwords_mismatch'`); issues without a key
 * are described from their zod code by {@link describeIssue}.
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
export const EMAIL_EXAMPLE = 'ime@primjer.com';
const KEY_PREFIX = 'validation.';

/** The message key a schema passes to zod, e.g. `msg('passwords_mismatch')`. */
export function msg(key: ValidationMessageKey): string {
  return KEY_PREFIX + key;
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

function isMessageKey(message: string): message is `validation.${ValidationMessageKey}` {
  return message.startsWith(KEY_PREFIX) && message.slice(KEY_PREFIX.length) in VALIDATION_MESSAGES.me;
}

/** A zod issue as both the per-parse error map and a finished ZodError give it. */
type IssueLike = {
  code?: string;
  message?: string;
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  format?: string;
  expected?: string;
  params?: Record<string, unknown>;
};

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || input === '';
}

/** The user-facing text of one issue, in the given language. */
export function describeIssue(issue: IssueLike, lang: Language): string {
  const { message } = issue;
  if (message && isMessageKey(message)) {
    // A size check's limit is the message's {{n}} ('at most {{n}} columns').
    const limit = issue.maximum ?? issue.minimum;
    const params = {
      ...(limit === undefined ? {} : { n: Number(limit) }),
      ...(issue.params as Record<string, string | number> | undefined),
    };
    return formatValidationMessage(message.slice(KEY_PREFIX.length) as ValidationMessageKey, lang, params);
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
      if (n === 0) return formatValidationMessage('positive', lang);
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
