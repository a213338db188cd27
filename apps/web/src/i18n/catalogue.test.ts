import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { me } from './me.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, leaves(value, `${prefix + key}.`));
  }
  return out;
}

describe('translation catalogues', () => {
  const meLeaves = leaves(me as unknown as Tree);
  const enLeaves = leaves(en as unknown as Tree);

  it('have the same keys', () => {
    expect(Object.keys(enLeaves).sort()).toEqual(Object.keys(meLeaves).sort());
  });

  it('have no empty text', () => {
    for (const [key, text] of Object.entries({ ...meLeaves, ...enLeaves }))
      expect(text.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(meLeaves)) {
      expect(placeholders(enLeaves[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('write Montenegrin in Latin script', () => {
    for (const [key, text] of Object.entries(meLeaves)) expect(text, key).not.toMatch(/[\u0400-\u04FF]/);
  });

  it("carry the spec's texts", () => {
    expect(me.login.passwordHint).toBe('Minimum 8 karaktera');
    expect(me.common.error).toBe('Greška');
    expect(me.common.contactAdministrator).toBe('Kontaktirajte administratora');
  });
});
