import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './audit.ts';
import { AUDIT_RECORD_TYPES, AUDIT_TEXTS, auditTexts } from './audit-texts.ts';
import { LANGUAGES } from './validation.ts';

const me = auditTexts('me');
const en = auditTexts('en');

describe('auditTexts', () => {
  it('names every action and listed record type in every language, the same fields in each', () => {
    for (const lang of LANGUAGES) {
      for (const action of AUDIT_ACTIONS) expect(auditTexts(lang).action(action)).not.toBe(action);
      for (const type of AUDIT_RECORD_TYPES) expect(auditTexts(lang).recordType(type)).not.toBe(type);
      expect(Object.keys(AUDIT_TEXTS[lang].fields)).toEqual(Object.keys(AUDIT_TEXTS.me.fields));
    }
    expect(me.action('status')).toBe('Promjena statusa');
    expect(en.recordType('os_countries')).toBe('Countries');
    // A type or action the texts do not know reads as the API names it.
    expect(me.recordType('pg_authid')).toBe('pg_authid');
    expect(en.action('archive')).toBe('archive');
  });

  it("names a field by the trail's own name, else the lists' column, else the API's name", () => {
    expect(me.field('password_hash')).toBe('Lozinka');
    expect(en.field('ad_status_id')).toBe('Status');
    expect(me.field('code')).toBe('Oznaka');
    expect(en.field('name')).toBe('Name');
    expect(me.field('transaction_id')).toBe('transaction_id');
    // Only the tables' own keys: not what every object inherits.
    expect(me.field('constructor')).toBe('constructor');
    expect(en.recordType('toString')).toBe('toString');
  });

  it('writes the actor by name and id, or the system', () => {
    expect(me.actor(14, 'Ana Marković')).toBe('Ana Marković (#14)');
    expect(me.actor(null, null)).toBe('Sistem');
    expect(en.actor(null, null)).toBe('System');
    expect(en.actor(null, 'niko')).toBe('niko');
  });

  it('writes a seeded ad status by name, amounts as the language does, ids as they are', () => {
    expect([1, 2, 3, 4].map((id) => me.value(id, 'ad_status_id'))).toEqual([
      'Čeka odobrenje',
      'Odobren',
      'Odbijen',
      'Završen',
    ]);
    expect(en.value(3, 'ad_status_id')).toBe('Rejected');
    // A status added later has no name here: its id.
    expect(me.value(17, 'ad_status_id')).toBe('17');
    expect(me.value(1250.5, 'price_from')).toBe('1.250,5');
    expect(en.value(1250.5, 'price_from')).toBe('1,250.5');
    expect(me.value(12345, 'posted_by_user_id')).toBe('12345');
    expect(en.value([12345, 23456], 'service_ids')).toBe('12345, 23456');
    expect(en.value(null, 'price_to')).toBe('—');
  });

  it("makes an entry's change lines, a secret without its values", () => {
    expect(
      me.changeLines({
        password_hash: { before: null, after: 'changed' },
        ad_status_id: { before: 1, after: 2 },
      }),
    ).toEqual([
      { field: 'password_hash', label: 'Lozinka', before: '—', after: 'changed', isSecret: true },
      { field: 'ad_status_id', label: 'Status', before: 'Čeka odobrenje', after: 'Odobren', isSecret: false },
    ]);
  });
});
