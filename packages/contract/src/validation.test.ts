import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adFormSchema } from './ads.ts';
import { creditPriceFormSchema } from './credits.ts';
import { listRequestSchema } from './list.ts';
import { cityFormSchema, countryFormSchema, currencyFormSchema } from './reference-data.ts';
import { serviceFormSchema } from './services.ts';
import {
  fieldErrors,
  formatValidationMessage,
  LANGUAGES,
  type Language,
  msg,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
  validationErrorMap,
} from './validation.ts';

const errorsOf = (schema: z.ZodType, input: unknown, lang: 'me' | 'en' = 'me') => {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success ? {} : fieldErrors(result.error.issues, lang);
};

describe('validation messages', () => {
  it('says Obavezno polje. for missing and empty text, Obavezno polje for a missing selection', () => {
    expect(errorsOf(cityFormSchema, { name: '  ', post_code: undefined })).toEqual({
      name: ['Obavezno polje.'],
      post_code: ['Obavezno polje.'],
      os_country_id: ['Obavezno polje'],
    });
  });

  it('says Maks N karaktera. for text that is too long', () => {
    expect(errorsOf(countryFormSchema, { name: 'x'.repeat(101), code: 'ME' })).toEqual({
      name: ['Maks 100 karaktera.'],
    });
  });

  it('says Minimum N karaktera. below a minimum length', () => {
    expect(errorsOf(z.object({ password: z.string().min(8) }), { password: 'abc' })).toEqual({
      password: ['Minimum 8 karaktera.'],
    });
  });

  it('formats the e-mail message with an example address', () => {
    expect(errorsOf(z.object({ email: z.email() }), { email: 'nije-mail' })).toEqual({
      email: ['E-mail mora biti u formatu pr. ime@primjer.com.'],
    });
  });

  it('translates message keys given by a schema, with parameters', () => {
    const schema = z
      .object({ password: z.string(), confirm_password: z.string() })
      .refine((v) => v.password === v.confirm_password, {
        message: msg('passwords_mismatch'),
        path: ['confirm_password'],
      });
    expect(errorsOf(schema, { password: 'a', confirm_password: 'b' })).toEqual({
      confirm_password: ['Lozinke se ne poklapaju.'],
    });
    expect(errorsOf(schema, { password: 'a', confirm_password: 'b' }, 'en')).toEqual({
      confirm_password: ['Passwords do not match.'],
    });
    expect(formatValidationMessage('max_length', 'me', { n: 5 })).toBe('Maks 5 karaktera.');
  });

  it('gives the same texts through the per-parse error map the forms use', () => {
    const result = currencyFormSchema.safeParse(
      { name: '', short_name: 'x'.repeat(11) },
      { error: validationErrorMap('me') },
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(messages).toEqual({ name: 'Obavezno polje.', short_name: 'Maks 10 karaktera.' });
  });

  it('turns an optional empty sign into null', () => {
    expect(currencyFormSchema.parse({ name: 'Euro', short_name: 'EUR', sign: '' })).toEqual({
      name: 'Euro',
      short_name: 'EUR',
      sign: null,
    });
  });
});

describe('messages with a number', () => {
  it('fill every placeholder of every message in both languages', () => {
    for (const lang of LANGUAGES) {
      for (const [key, template] of Object.entries(VALIDATION_MESSAGES[lang])) {
        // Each placeholder gets a value of its own, so a text that drops one is caught too.
        const names = [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');
        const params = Object.fromEntries(names.map((name, index) => [name, 70 + index]));
        const text = formatValidationMessage(key as ValidationMessageKey, lang, params);
        expect(text, `${lang}.${key}`).not.toMatch(/\{\{|\}\}/);
        for (const value of Object.values(params)) expect(text, `${lang}.${key}`).toContain(String(value));
      }
    }
  });

  const CASES: {
    what: string;
    schema: z.ZodType;
    input: Record<string, unknown>;
    field: string;
    texts: Record<Language, string>;
  }[] = [
    {
      what: 'a price with 3 decimals',
      schema: creditPriceFormSchema,
      input: { os_country_id: 4, currency_id: 7, price_per_credit: '1.234' },
      field: 'price_per_credit',
      texts: { me: 'Najviše 2 decimale.', en: 'At most 2 decimals.' },
    },
    {
      what: 'a price above the largest amount',
      schema: creditPriceFormSchema,
      input: { os_country_id: 4, currency_id: 7, price_per_credit: '1000000000' },
      field: 'price_per_credit',
      texts: {
        me: 'Vrijednost može biti najviše 999999999.99.',
        en: 'The value can be at most 999999999.99.',
      },
    },
    {
      what: "an ad's price to with 3 decimals",
      schema: adFormSchema,
      input: { price_from: '10', price_to: '12.345' },
      field: 'price_to',
      texts: { me: 'Najviše 2 decimale.', en: 'At most 2 decimals.' },
    },
    {
      what: 'a credit of 7 digits',
      schema: serviceFormSchema,
      input: { name: 'Pranje auta', is_service: true, credit: '1000000' },
      field: 'credit',
      texts: { me: 'Maks 6 cifara.', en: 'At most 6 digits.' },
    },
    {
      what: 'a credit with 3 decimals',
      schema: serviceFormSchema,
      input: { name: 'Pranje auta', is_service: true, credit: '1.234' },
      field: 'credit',
      texts: { me: 'Najviše 2 decimale.', en: 'At most 2 decimals.' },
    },
    {
      what: 'a credit below 0',
      schema: serviceFormSchema,
      input: { name: 'Pranje auta', is_service: true, credit: '-1' },
      field: 'credit',
      texts: { me: 'Vrijednost mora biti najmanje 0.', en: 'The value must be at least 0.' },
    },
    {
      what: 'a credit that is no number, said by the type itself',
      schema: serviceFormSchema,
      input: { name: 'Pranje auta', is_service: true, credit: 'pet' },
      field: 'credit',
      texts: { me: 'Unesite vrijednost', en: 'Enter a value' },
    },
    {
      what: 'too many sort keys',
      schema: listRequestSchema,
      input: { options: { sortBy: Array.from({ length: 11 }, (_, i) => `c${i}`) } },
      field: 'options.sortBy',
      texts: {
        me: 'Lista se može sortirati po najviše 10 kolona.',
        en: 'A list can be sorted by at most 10 columns.',
      },
    },
  ];

  /** What a form shows: the per-parse map's text, or a schema's own key translated without parameters. */
  function formText(schema: z.ZodType, input: unknown, field: string, lang: Language): string | undefined {
    const result = schema.safeParse(input, { error: validationErrorMap(lang) });
    const message = result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
    const ownKey = message?.startsWith('validation.') ? message.slice('validation.'.length) : undefined;
    return ownKey ? VALIDATION_MESSAGES[lang][ownKey as ValidationMessageKey] : message;
  }

  describe.each(LANGUAGES)('(%s)', (lang) => {
    it.each(CASES)('$what: the same text with its number from the server and in the form', (c) => {
      const parsed = c.schema.safeParse(c.input, { reportInput: true });
      expect(parsed.success).toBe(false);
      expect(fieldErrors(parsed.error?.issues ?? [], lang)[c.field]).toEqual([c.texts[lang]]);
      expect(formText(c.schema, c.input, c.field, lang)).toBe(c.texts[lang]);
    });
  });

  it('lets a schema name as its own only the messages without a number', () => {
    // @ts-expect-error a message with a number comes from the issue or from msgWith, never from msg.
    expect(msg('decimals')).toBe('validation.decimals');
    expect(msg('passwords_mismatch')).toBe('validation.passwords_mismatch');
  });
});
