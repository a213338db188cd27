import { LANGUAGES, type Language } from '@usluge/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, currencies } from '../src/db/schema/index.ts';
import { MESSAGES, type MessageKey, translate } from '../src/http/messages.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

/** Every {{name}} of a text, each with a value of its own, so that a text that drops one is caught too. */
function paramsFor(template: string): Record<string, number> {
  const names = [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');
  return Object.fromEntries(names.map((name, index) => [name, 40 + index]));
}

describe("the server's message catalogue", () => {
  it('fills every placeholder of every message in both languages', () => {
    for (const lang of LANGUAGES) {
      for (const [key, template] of Object.entries(MESSAGES[lang])) {
        const params = paramsFor(template);
        const text = translate(key as MessageKey, lang, params);
        expect(text, `${lang}.${key}`).not.toMatch(/[{}]/);
        for (const value of Object.values(params)) expect(text, `${lang}.${key}`).toContain(String(value));
      }
    }
  });

  it('has the same keys and placeholders in both languages', () => {
    const shape = (lang: Language) =>
      Object.entries(MESSAGES[lang]).map(([key, template]) => [key, Object.keys(paramsFor(template)).sort()]);
    expect(shape('en')).toEqual(shape('me'));
  });
});

describe('422 answers say the number of the rule', () => {
  let t: TestApp;
  let admin = '';
  let place: { os_country_id: number; currency_id: number };

  beforeAll(async () => {
    t = await createTestApp();
    // Filler users first, so that the administrator's id is not a role's.
    for (let i = 0; i < 3; i++) await createUser(t.db, { username: `messages-filler-${i}`, roleIds: [] });
    await createUser(t.db, { username: 'messages-admin', roleIds: [ROLE.administrator] });
    admin = await t.signIn('messages-admin');
    const [country] = await t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'BA'));
    const [money] = await t.db
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.short_name, 'EUR'));
    if (!country || !money) throw new Error('no BA / EUR in the reference data');
    place = { os_country_id: country.id, currency_id: money.id };
  });

  afterAll(async () => {
    await t.close();
  });

  const accept = (lang: Language) => ({ 'accept-language': lang === 'en' ? 'en-GB,en;q=0.9' : 'sr-ME' });

  /** A service as the screen sends it: multipart. */
  function serviceForm(credit: string) {
    const form = new FormData();
    form.set('name', 'Pranje auta');
    form.set('is_service', 'true');
    form.set('credit', credit);
    form.set('service_id', '');
    return form;
  }

  const TEXTS = {
    me: {
      decimals: 'Najviše 2 decimale.',
      digits: 'Maks 6 cifara.',
      minimum: 'Vrijednost mora biti najmanje 0.',
    },
    en: {
      decimals: 'At most 2 decimals.',
      digits: 'At most 6 digits.',
      minimum: 'The value must be at least 0.',
    },
  } as const;

  it.each(LANGUAGES)('a price per credit with 3 decimals (%s, JSON)', async (lang) => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/credit_prices/store',
      payload: { ...place, price_per_credit: '1.234' },
      cookie: admin,
      headers: accept(lang),
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual({ price_per_credit: [TEXTS[lang].decimals] });
  });

  it.each(LANGUAGES)("a service's credit: digits, decimals, minimum (%s, multipart)", async (lang) => {
    for (const [credit, text] of [
      ['1000000', TEXTS[lang].digits],
      ['1.234', TEXTS[lang].decimals],
      ['-1', TEXTS[lang].minimum],
    ] as const) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/services/store',
        payload: serviceForm(credit) as unknown as string,
        cookie: admin,
        headers: accept(lang),
      });
      expect(answer.statusCode, credit).toBe(422);
      expect(answer.json().errors, credit).toEqual({ credit: [text] });
    }
  });
});
