import { describe, expect, it, vi } from 'vitest';
import { TEST_ENTITY } from '../../test/fixtures.ts';
import {
  buildListRequest,
  cleanFilters,
  type ListState,
  parseDay,
  parseFilter,
  readListState,
  writeListState,
} from './list-state.ts';
import { defineResource } from './resource-types.ts';

type Row = { id: number; is_active: boolean };
const resource = defineResource<Row>({
  entity: TEST_ENTITY,
  titleKey: 'pages.test',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: false,
  canEdit: false,
  canDelete: false,
  columns: [
    { key: 'updated_at', titleKey: 'columns.updated_at', filter: { kind: 'date' }, isSortable: true },
    { key: 'name', titleKey: 'columns.name', filter: { kind: 'text' }, isSortable: true },
    { key: 'credit', titleKey: 'columns.credit', filter: { kind: 'number', operator: 'gte' } },
    { key: 'is_featured', titleKey: 'columns.is_active', filter: { kind: 'boolean' } },
    { key: 'roles', titleKey: 'columns.roles', filter: { kind: 'select', picker: 'roles' } },
  ],
});

describe('list state in the URL', () => {
  it('round-trips through URL parameters', () => {
    const state: ListState = {
      page: 3,
      pageSize: 50,
      sort: { key: 'name', isDescending: false },
      activity: 'inactive',
      filters: {
        name: 'Ana',
        credit: '10',
        is_featured: 'true',
        roles: '3',
        updated_at: '1.1.2024~31.01.2024.',
      },
    };
    const params = writeListState(resource, state);
    expect(readListState(resource, params)).toEqual(state);
  });

  it('leaves defaults out of the URL and keeps unrelated parameters', () => {
    const params = writeListState(
      resource,
      { page: 1, pageSize: 10, sort: resource.defaultSort, activity: 'all', filters: {} },
      new URLSearchParams('tab=2&page=5&f.name=x'),
    );
    expect(params.toString()).toBe('tab=2');
  });
});

describe('list request', () => {
  it('sends each filter with its operator', () => {
    const body = buildListRequest(resource, {
      page: 2,
      pageSize: 20,
      sort: { key: 'name', isDescending: true },
      activity: 'active',
      filters: { name: ' Ana ', credit: '10.5', is_featured: 'false', roles: '3' },
    });
    expect(body).toEqual({
      filters: {
        name: { operator: 'contains', value: 'Ana' },
        credit: { operator: 'gte', value: 10.5 },
        is_featured: { operator: 'equals', value: false },
        roles: { operator: 'equals', value: 3 },
      },
      options: { page: 2, itemsPerPage: 20, sortBy: ['name'], sortDesc: [true] },
      show_only_active: true,
    });
  });

  it('drops empty and malformed filters', () => {
    expect(
      cleanFilters(resource, {
        name: '  ',
        // The state keeps numbers plain; a language's form ('10,5') is no filter, never a guess.
        credit: '10,5',
        is_featured: 'maybe',
        updated_at: '..',
        other: 'x',
      }),
    ).toEqual({});
  });

  it('lets a date range be open on either side', () => {
    expect(parseFilter({ kind: 'date' }, '~29.02.2024')).toEqual({
      operator: 'between',
      value: [null, '2024-02-29'],
    });
    expect(parseFilter({ kind: 'date' }, '01.02.2024.~')).toEqual({
      operator: 'between',
      value: ['2024-02-01', null],
    });
  });

  it("sends typed days as whole days, which the server reads in Montenegro, whatever the browser's zone", () => {
    try {
      for (const browserZone of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
        vi.stubEnv('TZ', browserZone);
        expect(
          buildListRequest(resource, {
            page: 1,
            pageSize: 10,
            sort: resource.defaultSort,
            activity: 'all',
            filters: { updated_at: '01.05.2024~31.05.2024' },
          }).filters,
        ).toEqual({ updated_at: { operator: 'between', value: ['2024-05-01', '2024-05-31'] } });
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('typed days', () => {
  it.each([
    ['01.05.2024', '2024-05-01'],
    ['1.5.2024', '2024-05-01'],
    ['01.05.2024.', '2024-05-01'],
    [' 29. 2. 2024 ', '2024-02-29'],
    ['2024-05-01', '2024-05-01'],
  ])('reads %j as %s', (typed, day) => {
    expect(parseDay(typed)).toBe(day);
  });

  it.each([
    '31.02.2024',
    '29.02.2023',
    '32.01.2024',
    '01.13.2024',
    '00.01.2024',
    '1.5.24',
    '05/01/2024',
    'abc',
  ])('refuses %j', (typed) => {
    expect(parseDay(typed)).toBeNull();
  });
});
