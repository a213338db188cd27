import { afterEach, describe, expect, it } from 'vitest';
import {
  DRAFT_TTL_MS,
  type Draft,
  draftKey,
  draftsOf,
  MAX_DRAFT_CHARS,
  MAX_DRAFTS,
  removeDraft,
  saveDraft,
  toJsonObject,
} from './draft-store.ts';

const NOW = Date.UTC(2026, 10, 25, 18, 0);

function draft(overrides: Partial<Draft> = {}): Draft {
  return {
    userId: 42,
    path: '/countries',
    entity: 'os_countries',
    steps: [{ dialog: 'form', row: { id: 7, name: 'Crna Gora', updated_at: '2026-11-25T17:00:00.123Z' } }],
    title: 'Izmjena države',
    values: { name: 'Crna Gora (izmijenjeno)', code: 'ME' },
    changed: ['name'],
    savedAt: NOW,
    ...overrides,
  };
}

function storedKeys(): string[] {
  return Object.keys(window.localStorage).filter((key) => key.startsWith('draft.'));
}

afterEach(() => window.localStorage.clear());

describe('draft store', () => {
  it('keeps a draft in this browser under the user, the page, the entity and the row id', () => {
    expect(saveDraft(draft())).toBe(true);
    expect(storedKeys()).toEqual([draftKey(draft())]);
    expect(draftKey(draft())).toContain('42:/countries:os_countries:form#7');
    expect(draftsOf(42, '/countries', NOW)).toEqual([draft()]);
  });

  it('offers a draft only to its own user on its own page', () => {
    saveDraft(draft());
    expect(draftsOf(43, '/countries', NOW)).toEqual([]);
    expect(draftsOf(42, '/cities', NOW)).toEqual([]);
  });

  it('keeps one draft per form and row: a newer one replaces it, another row has its own', () => {
    saveDraft(draft());
    saveDraft(draft({ values: { name: 'Novije' }, savedAt: NOW + 1000 }));
    saveDraft(draft({ steps: [{ dialog: 'form', row: { id: 8 } }], savedAt: NOW + 2000 }));
    saveDraft(draft({ steps: [{ dialog: 'form', row: null }], savedAt: NOW + 3000 }));
    const found = draftsOf(42, '/countries', NOW + 3000);
    expect(found.map((d) => [d.steps[0]?.row?.id ?? 'new', d.values.name])).toEqual([
      [7, 'Novije'],
      [8, 'Crna Gora (izmijenjeno)'],
      ['new', 'Crna Gora (izmijenjeno)'],
    ]);
  });

  it('removes a draft that was restored or discarded', () => {
    saveDraft(draft());
    removeDraft(draft());
    expect(draftsOf(42, '/countries', NOW)).toEqual([]);
    expect(storedKeys()).toEqual([]);
  });

  it('drops drafts older than their time to live', () => {
    saveDraft(draft());
    expect(draftsOf(42, '/countries', NOW + DRAFT_TTL_MS - 1)).toHaveLength(1);
    expect(draftsOf(42, '/countries', NOW + DRAFT_TTL_MS + 1)).toEqual([]);
    expect(storedKeys()).toEqual([]);
  });

  it(`holds at most ${MAX_DRAFTS} drafts, dropping the oldest first`, () => {
    for (let index = 0; index < MAX_DRAFTS + 5; index += 1) {
      saveDraft(draft({ steps: [{ dialog: 'form', row: { id: 100 + index } }], savedAt: NOW + index }));
    }
    const found = draftsOf(42, '/countries', NOW + MAX_DRAFTS + 5);
    expect(found).toHaveLength(MAX_DRAFTS);
    expect(found[0]?.steps[0]?.row?.id).toBe(105);
    expect(storedKeys()).toHaveLength(MAX_DRAFTS);
  });

  it('refuses a draft larger than the bound', () => {
    expect(saveDraft(draft({ values: { description: 'x'.repeat(MAX_DRAFT_CHARS) } }))).toBe(false);
    expect(storedKeys()).toEqual([]);
  });

  it('removes an entry it cannot read instead of offering it', () => {
    window.localStorage.setItem('draft.v1:42:/countries:os_countries:form#9', '{"userId":42');
    window.localStorage.setItem(
      'draft.v1:42:/countries:os_countries:form#10',
      JSON.stringify({ userId: 42 }),
    );
    expect(draftsOf(42, '/countries', NOW)).toEqual([]);
    expect(storedKeys()).toEqual([]);
  });

  it('leaves out of the values what JSON cannot carry: chosen files, in objects and lists', () => {
    const file = new File(['png'], 'icon.png', { type: 'image/png' });
    expect(
      toJsonObject({
        name: 'Vodoinstalater',
        icon: file,
        photos: [{ kind: 'kept', id: 3, url: '/api/image/ads/3.jpg' }, file],
        price: Number.NaN,
        nothing: undefined,
        nested: { when: new Date('2026-11-25T18:00:00Z') },
      }),
    ).toEqual({
      name: 'Vodoinstalater',
      photos: [{ kind: 'kept', id: 3, url: '/api/image/ads/3.jpg' }],
      nested: { when: '2026-11-25T18:00:00.000Z' },
    });
  });
});
