import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cityFormSchema, countryFormSchema, currencyFormSchema } from './reference-data.ts';
import { fieldErrors, formatValidationMessage, msg, validationErrorMap } from './validation.ts';

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
