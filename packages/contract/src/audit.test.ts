import { describe, expect, it } from 'vitest';
import { AUDIT_VALUE_WORDS, formatAuditValue } from './audit.ts';

const words = { ...AUDIT_VALUE_WORDS.me, number: String };

describe('formatAuditValue', () => {
  it('writes none, yes/no, numbers and lists of plain values as words', () => {
    expect(formatAuditValue(null, words)).toBe('—');
    expect(formatAuditValue('', words)).toBe('—');
    expect(formatAuditValue([], words)).toBe('—');
    expect(formatAuditValue(true, words)).toBe('Da');
    expect(formatAuditValue(false, { ...AUDIT_VALUE_WORDS.en, number: String })).toBe('No');
    expect(formatAuditValue(12.5, words)).toBe('12.5');
    expect(formatAuditValue([3, 7], words)).toBe('3, 7');
  });

  it("writes an ad's named records by name: currency, services, places with their cities, days with their hours", () => {
    expect(formatAuditValue({ id: 2, name: 'Euro' }, words)).toBe('Euro');
    expect(
      formatAuditValue(
        [
          { id: 4, name: 'Košenje trave' },
          { id: 9, name: 'Selidbe' },
        ],
        words,
      ),
    ).toBe('Košenje trave, Selidbe');
    expect(
      formatAuditValue(
        [
          {
            id: 1,
            name: 'Crna Gora',
            cities: [
              { id: 5, name: 'Podgorica' },
              { id: 8, name: 'Nikšić' },
            ],
          },
          { id: 2, name: 'Srbija', cities: [] },
        ],
        words,
      ),
    ).toBe('Crna Gora (Podgorica, Nikšić); Srbija');
    expect(
      formatAuditValue(
        [
          { id: 1, name: 'Ponedjeljak', is_active: true, times: ['08:00–12:00', '14:00–18:00'] },
          { id: 7, name: 'Nedjelja', is_active: false, times: [] },
        ],
        words,
      ),
    ).toBe('Ponedjeljak (08:00–12:00, 14:00–18:00); Nedjelja (neaktivan)');
  });

  it('writes any other object as JSON, so that nothing recorded is hidden', () => {
    expect(formatAuditValue({ filters: { name: 'Audit' } }, words)).toBe('{"filters":{"name":"Audit"}}');
    expect(formatAuditValue([{ id: 1 }], words)).toBe('{"id":1}');
  });
});
