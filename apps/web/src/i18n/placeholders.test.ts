import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@usluge/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { landingText } from '../pages/public/landing/landing-text.ts';
import type { TranslationKey } from './catalogue.ts';
import { en } from './en.ts';
import { me } from './me.ts';

/**
 * No text of the interface shows a raw {{placeholder}}: every text can be filled, and every call
 * that names a text with a literal key passes each of its placeholders.
 */

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, leaves(value, `${prefix + key}.`));
  }
  return out;
}

const CATALOGUES: Record<Language, Record<string, string>> = {
  me: leaves(me as unknown as Tree),
  en: leaves(en as unknown as Tree),
};

const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1] ?? '');

/** Each placeholder with a value of its own, so that a text that drops one is caught too. */
const paramsFor = (text: string) =>
  Object.fromEntries(placeholdersOf(text).map((name, index) => [name, `«${40 + index}»`]));

function expectFilled(text: string, params: Record<string, string>, label: string) {
  expect(text, label).not.toMatch(/\{\{|\}\}/);
  for (const value of Object.values(params)) expect(text, label).toContain(value);
}

describe('every text of the catalogues, filled with its parameters', () => {
  it.each(LANGUAGES)(
    'leaves no {{ in the %s catalogue (i18next, as the app renders it)',
    async (language) => {
      // An instance set up as the app's (i18n.ts), with the catalogue of one language only.
      const instance = i18next.createInstance();
      await instance.init({
        resources: { [language]: { translation: language === 'me' ? me : en } },
        lng: language,
        interpolation: { escapeValue: false },
        returnNull: false,
        initAsync: false,
      });
      // Any key with any values: the typed `t` knows each key's values only for literal keys.
      const translate = instance.t as unknown as (key: string, values: Record<string, string>) => string;
      for (const [key, template] of Object.entries(CATALOGUES[language])) {
        const params = paramsFor(template);
        expectFilled(translate(key, params), params, `${language}: ${key}`);
      }
    },
  );

  it.each(LANGUAGES)("leaves no {{ in the landing page's %s texts (its own filler)", (language) => {
    for (const [key, template] of Object.entries(CATALOGUES[language])) {
      if (!key.startsWith('landing.') && !key.startsWith('common.')) continue;
      const params = paramsFor(template);
      expectFilled(landingText(language, key as Parameters<typeof landingText>[1], params), params, key);
    }
  });
});

/** The names of an object literal's own properties (`{ n, name: row.name }` → n, name); null for a spread. */
function propertyNames(literal: string): string[] | null {
  const inner = literal.trim().slice(1, -1);
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const char of inner) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if ('({['.includes(char)) depth++;
    else if (')}]'.includes(char)) depth--;
    else if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  const names = parts.map((part) => part.trim()).filter(Boolean);
  if (names.some((part) => part.startsWith('...'))) return null;
  return names.map((part) => /^['"]?(\w+)/.exec(part)?.[1] ?? part);
}

const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');

function sourceFiles(): string[] {
  return readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.startsWith(`i18n${path.sep}`) && !file.startsWith(`test${path.sep}`));
}

/** `t('key')`, `t('key', { … })`, and the landing page's `text(…)` with a literal key. */
const CALL = /\b(t|text)\(\s*'([\w.]+)'\s*(?:,\s*(\{[^;]*?\})\s*)?\)/g;

describe('every call that names a text', () => {
  const calls = sourceFiles().flatMap((file) => {
    const source = readFileSync(path.join(SOURCE_ROOT, file), 'utf8');
    return [...source.matchAll(CALL)].map(([, fn, key, literal]) => ({ file, fn, key, literal }));
  });

  it('finds the calls it checks', () => {
    expect(calls.length).toBeGreaterThan(300);
    expect(calls.filter((call) => call.literal !== undefined).length).toBeGreaterThan(30);
  });

  it('passes every placeholder of its text, in both languages', () => {
    const missing: string[] = [];
    for (const { file, fn, key, literal } of calls) {
      const texts = LANGUAGES.map((language) => CATALOGUES[language][key as TranslationKey]);
      if (texts.some((text) => text === undefined)) continue;
      const passed = literal === undefined ? [] : propertyNames(literal);
      if (passed === null) continue;
      // The landing page's filler gives the year itself.
      const given = new Set(fn === 'text' ? [...passed, 'year'] : passed);
      for (const text of texts) {
        for (const name of placeholdersOf(text ?? '')) {
          if (!given.has(name)) missing.push(`${file}: ${key} needs {{${name}}}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
