import { describe, expect, it } from 'vitest';
import {
  buildListRequest,
  cleanFilters,
  type ListState,
  parseFilter,
  readListState,
  writeListState,
} from './list-state.ts';
import { defineResource } from './resource-types.ts';

type Row = { id: number; is_active: boolean };
const resource = defineResource<Row>({
  entity: 'things',
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
        updated_at: '2024-01-01..2024-01-31',
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
      filters: { name: ' Ana ', credit: '10,5', is_featured: 'false', roles: '3' },
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
        credit: 'abc',
        is_featured: 'maybe',
        updated_at: '..',
        other: 'x',
      }),
    ).toEqual({});
  });

  it('lets a date range be open on either side', () => {
    const until = parseFilter({ kind: 'date' }, '..2024-02-29');
    expect(until).toMatchObject({ operator: 'between', value: [null, expect.any(String)] });
    const end = new Date((until as unknown as { value: [null, string] }).value[1]);
    expect([end.getDate(), end.getHours(), end.getMinutes()]).toEqual([29, 23, 59]);
  });
});
