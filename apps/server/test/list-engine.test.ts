import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { buildOrderBy, buildWhere, pageIds } from '../src/list-engine/list-query.ts';
import { forgetListTotals } from '../src/list-engine/list-totals.ts';
import { LISTS } from '../src/modules/resources.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let cookie: string;
/** A member's session and id, for the lists limited to their reader (access 'member'). */
let memberCookie: string;
let memberId: number;
let staffId: number;

type Seeded = {
  username: string;
  name: string;
  credit: number;
  isActive?: boolean;
  updatedAt: string;
  roles: number[];
};
const PEOPLE: Seeded[] = [
  {
    username: 'staff',
    name: 'Zoran Staff',
    credit: 0,
    updatedAt: '2026-01-01T10:00:00Z',
    roles: [ROLE.administrator],
  },
  { username: 'ana', name: 'Ana Anić', credit: 10, updatedAt: '2026-03-05T08:00:00Z', roles: [ROLE.member] },
  {
    username: 'bojan',
    name: 'Bojan Božović',
    credit: 50,
    updatedAt: '2026-03-10T23:30:00Z',
    roles: [ROLE.member],
  },
  {
    username: 'ceca',
    name: 'Ceca Ćetković',
    credit: 100,
    updatedAt: '2026-03-11T00:00:00Z',
    roles: [ROLE.moderator],
  },
  {
    username: 'dejan',
    name: '100% Dejan',
    credit: 75.5,
    updatedAt: '2026-04-01T12:00:00Z',
    roles: [ROLE.member],
  },
  {
    username: 'edo',
    name: '1000 Edo',
    credit: 5,
    isActive: false,
    updatedAt: '2026-05-01T12:00:00Z',
    roles: [ROLE.member],
  },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const person of PEOPLE) {
    const user = await createUser(t.db, {
      username: person.username,
      roleIds: person.roles,
      isActive: person.isActive,
    });
    await t.db.execute(
      sql`update ${users} set name = ${person.name}, credit = ${person.credit}, updated_at = ${person.updatedAt}::timestamptz where ${users.id} = ${user.id}`,
    );
  }
  cookie = await t.signIn('staff');
  memberCookie = await t.signIn('bojan');
  const [bojan] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'bojan'));
  memberId = bojan?.id ?? 0;
  const [staff] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'staff'));
  staffId = staff?.id ?? 0;
});
afterAll(() => t.close());

const list = async (
  body: Record<string, unknown>,
  url = '/api/users/index',
  lang?: string,
  session = cookie,
) =>
  t.request({
    method: 'POST',
    url,
    payload: body,
    cookie: session,
    headers: lang ? { 'accept-language': lang } : {},
  });
const usernames = async (body: Record<string, unknown>, url?: string) => {
  const response = await list(body, url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().result as { username: string }[]).map((row) => row.username);
};

describe('list engine: answer shape', () => {
  it('answers result, total_rows and total_rows_exact with the spec columns', async () => {
    const response = await list({ filters: { username: 'ana' } });
    const body = response.json();
    expect(body.total_rows).toBe(1);
    expect(body.total_rows_exact).toBe(true);
    expect(body.result[0]).toMatchObject({
      username: 'ana',
      name: 'Ana Anić',
      credit: 10,
      roles: [{ id: 2, name: 'Korisnik' }],
      user_types: { id: 2, name: 'Fizičko lice' },
      is_active: true,
      updated_at: '2026-03-05T08:00:00.000Z',
    });
  });

  it('sorts by updated_at, newest first, by default', async () => {
    expect(await usernames({})).toEqual(['edo', 'dejan', 'ceca', 'bojan', 'ana', 'staff']);
  });
});

describe('list engine: filters', () => {
  it('contains: case-insensitive, on diacritics too', async () => {
    expect(await usernames({ filters: { name: 'ANIĆ' } })).toEqual(['ana']);
    expect(await usernames({ filters: { name: 'ćet' } })).toEqual(['ceca']);
  });

  it('contains: % and _ typed by the user match themselves', async () => {
    expect(await usernames({ filters: { name: '0%' } })).toEqual(['dejan']);
    expect(await usernames({ filters: { name: '_' } })).toEqual([]);
  });

  it('equals with the explicit form', async () => {
    expect(await usernames({ filters: { username: { operator: 'equals', value: 'bojan' } } })).toEqual([
      'bojan',
    ]);
  });

  it('gte and lte on numbers', async () => {
    expect(await usernames({ filters: { credit: { operator: 'gte', value: 50 } } })).toEqual([
      'dejan',
      'ceca',
      'bojan',
    ]);
    expect(await usernames({ filters: { credit: { operator: 'lte', value: '10' } } })).toEqual([
      'edo',
      'ana',
      'staff',
    ]);
  });

  it('between on dates: whole days in Montenegro, the last one included', async () => {
    // bojan was updated at 23:30 UTC on 10 March: already 00:30 on 11 March in Podgorica.
    const result = await usernames({
      filters: { updated_at: { operator: 'between', value: ['2026-03-05', '2026-03-10'] } },
    });
    expect(result).toEqual(['ana']);
    expect(await usernames({ filters: { updated_at: ['2026-03-11', null] } })).toEqual([
      'edo',
      'dejan',
      'ceca',
      'bojan',
    ]);
    // Instants, as the web app sends them, are taken as they are.
    const instants = await usernames({
      filters: { updated_at: ['2026-03-05T00:00:00.000Z', '2026-03-10T23:59:59.999Z'] },
    });
    expect(instants).toEqual(['bojan', 'ana']);
  });

  it('in, and the roles column that means "holds this role"', async () => {
    expect(await usernames({ filters: { roles: ROLE.moderator } })).toEqual(['ceca']);
    expect(
      await usernames({
        filters: { roles: { operator: 'in', value: [ROLE.administrator, ROLE.moderator] } },
      }),
    ).toEqual(['ceca', 'staff']);
  });

  it('ignores empty filter values', async () => {
    expect(await usernames({ filters: { name: '', email: null, credit: [] } })).toHaveLength(6);
  });

  it('show_only_active: true active only, false inactive only, null all', async () => {
    expect(await usernames({ show_only_active: true })).not.toContain('edo');
    expect(await usernames({ show_only_active: false })).toEqual(['edo']);
    expect(await usernames({ show_only_active: null })).toHaveLength(6);
  });

  it('index_active lists active rows only, unless show_inactive_items', async () => {
    const active = await list({}, '/api/users/index_active');
    expect(active.json().total_rows).toBe(5);
    const all = await list({ filters: { show_inactive_items: true } }, '/api/users/index_active');
    expect(all.json().total_rows).toBe(6);
  });
});

describe('list engine: sort and pages', () => {
  it('sorts by the asked keys, in the asked directions', async () => {
    expect(await usernames({ options: { sortBy: ['name'], sortDesc: [false] } })).toEqual([
      'dejan',
      'edo',
      'ana',
      'bojan',
      'ceca',
      'staff',
    ]);
    expect(
      await usernames({ options: { sortBy: ['is_active', 'credit'], sortDesc: [false, true] } }),
    ).toEqual(['edo', 'ceca', 'dejan', 'bojan', 'ana', 'staff']);
  });

  it('pages with page and itemsPerPage, and counts every matching row', async () => {
    const response = await list({
      options: { page: 2, itemsPerPage: 4, sortBy: ['name'], sortDesc: [false] },
    });
    const body = response.json();
    expect(body.total_rows).toBe(6);
    expect(body.result.map((row: { username: string }) => row.username)).toEqual(['ceca', 'staff']);
    const beyond = await list({ options: { page: 9, itemsPerPage: 4 } });
    expect(beyond.json()).toMatchObject({ result: [], total_rows: 6 });
  });
});

describe('list engine: refusals', () => {
  it('refuses an unknown or secret filter column with 422', async () => {
    const response = await list({ filters: { password_hash: 'x' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Nepoznata kolona za filtriranje: password_hash.' });
  });

  it('refuses an operator the column does not allow', async () => {
    const response = await list({ filters: { name: { operator: 'gte', value: 'a' } } }, undefined, 'en');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Operator "gte" is not allowed for column name.' });
  });

  it('refuses an unknown sort key, even one that looks like SQL', async () => {
    const response = await list({ options: { sortBy: ['name; drop table users'], sortDesc: [true] } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Nepoznata kolona za sortiranje: name; drop table users.');
    const stillThere = await list({});
    expect(stillThere.json().total_rows).toBe(6);
  });

  it('refuses a value of the wrong type', async () => {
    const response = await list({ filters: { credit: { operator: 'gte', value: 'puno' } } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Neispravna vrijednost filtera za kolonu credit.');
  });

  it('refuses page sizes beyond 1000 with a field message', async () => {
    const response = await list({ options: { page: 1, itemsPerPage: 5000 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['options.itemsPerPage']).toEqual(['Vrijednost može biti najviše 1000.']);
  });
});

describe('list engine: totals of large lists', () => {
  it('counts exactly up to 10 000 rows and estimates above, saying so', async () => {
    await t.db.execute(sql`
      insert into ${users} (name, email, username, password_hash)
      select 'Bulk ' || g, 'bulk' || g || '@example.test', 'bulk' || g, 'x' from generate_series(1, 10050) as g`);
    await t.db.execute(sql`analyze ${users}`);
    // Written behind the API's back: the engine would rightly still trust what it counted before.
    forgetListTotals(t.db);
    const all = (await list({ options: { page: 1, itemsPerPage: 10 } })).json();
    expect(all.total_rows_exact).toBe(false);
    expect(all.total_rows).toBeGreaterThan(10_000);
    expect(all.result).toHaveLength(10);
    const narrowed = (await list({ filters: { name: 'Bulk 999' } })).json();
    expect(narrowed).toMatchObject({ total_rows: 11, total_rows_exact: true });

    // Paging on with the same filters reuses the total instead of counting again: an estimate for
    // half a minute, an exact total until the next write through the API.
    const execute = vi.spyOn(t.db, 'execute');
    try {
      const calls = async (body: Record<string, unknown>) => {
        execute.mockClear();
        const answer = (await list(body)).json();
        return { answer, statements: execute.mock.calls.length };
      };
      const secondPage = await calls({ options: { page: 2, itemsPerPage: 10 } });
      expect(secondPage).toMatchObject({
        answer: { total_rows: all.total_rows, total_rows_exact: false },
        statements: 0,
      });
      const narrowedAgain = await calls({
        filters: { name: 'Bulk 999' },
        options: { page: 2, itemsPerPage: 5 },
      });
      expect(narrowedAgain).toMatchObject({
        answer: { total_rows: 11, total_rows_exact: true },
        statements: 0,
      });
      await t.db.execute(sql`
        insert into ${users} (name, email, username, password_hash)
        values ('Bulk 9999x', 'bulk-extra@example.test', 'bulk-extra', 'x')`);
      // Any write through the API (here a new country) ends the exact totals kept so far.
      const write = await t.request({
        method: 'POST',
        url: '/api/os_countries/store',
        payload: { name: 'Totalija', code: 'TT' },
        cookie,
      });
      expect(write.statusCode, write.body).toBe(201);
      const counted = await calls({ filters: { name: 'Bulk 999' } });
      expect(counted.answer.total_rows).toBe(12);
      expect(counted.statements).toBeGreaterThan(0);
    } finally {
      execute.mockRestore();
    }
    await t.db.delete(users).where(sql`${users.username} like 'bulk%'`);
    forgetListTotals(t.db);
  });

  it('does not count at all a list the planner expects to be large', async () => {
    // The planner's view of a big table: a million rows per page of users.
    await t.db.execute(
      sql`update pg_class set reltuples = 1000000, relpages = 1 where oid = 'users'::regclass`,
    );
    forgetListTotals(t.db);
    const execute = vi.spyOn(t.db, 'execute');
    try {
      const body = {
        filters: { credit: { operator: 'gte', value: 0 } },
        options: { page: 2, itemsPerPage: 2 },
      };
      const answer = (await list(body)).json();
      expect(answer.total_rows_exact).toBe(false);
      expect(answer.total_rows).toBeGreaterThan(100_000);
      expect(answer.result).toHaveLength(2);
      const dialect = new PgDialect();
      const statements = execute.mock.calls.map(([query]) => dialect.sqlToQuery(query as SQL).sql);
      expect(statements.some((text) => text.includes('explain'))).toBe(true);
      // At most a sample of its pages is counted (list-totals.ts), never the list's own rows.
      const counts = statements.filter((text) => text.includes('count('));
      expect(counts.every((text) => text.includes('tablesample system'))).toBe(true);
    } finally {
      execute.mockRestore();
      await t.db.execute(sql`analyze ${users}`);
      forgetListTotals(t.db);
    }
  });

  it('finds deep pages', async () => {
    await t.db.execute(sql`
      insert into ${users} (name, email, username, password_hash)
      select 'Deep ' || lpad(g::text, 5, '0'), 'deep' || g || '@example.test', 'deep' || g, 'x' from generate_series(1, 3000) as g`);
    const page = (
      await list({
        filters: { name: 'Deep' },
        options: { page: 250, itemsPerPage: 10, sortBy: ['name'], sortDesc: [false] },
      })
    ).json();
    expect(page.result.map((row: { name: string }) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Deep ${String(2491 + i).padStart(5, '0')}`),
    );
    await t.db.delete(users).where(eq(sql`left(${users.username}, 4)`, 'deep'));
  });
});

describe('list engine: every list and sort', () => {
  it('answers a page sorted by each sortable column of every list, both ways, in the order of its ids', async () => {
    for (const definition of LISTS) {
      const mode = (definition.routes ?? ['index'])[0];
      if (!mode) continue;
      const path =
        mode === 'index' && definition.indexPath ? definition.indexPath : `${definition.resource}/${mode}`;
      // A member's list is read by a member, for themself; a staff list limited to its reader
      // (saved views: one's own and the shared ones) by the staff member signed in.
      const isMemberList = definition.access.index === 'member';
      const viewer = isMemberList
        ? { userId: memberId }
        : definition.scopeOf
          ? { userId: staffId }
          : undefined;
      for (const [key, column] of Object.entries(definition.columns)) {
        if (!column.isSortable) continue;
        for (const isDescending of [false, true]) {
          const body = { options: { page: 1, itemsPerPage: 50, sortBy: [key], sortDesc: [isDescending] } };
          const response = await list(body, `/api/${path}`, undefined, isMemberList ? memberCookie : cookie);
          expect(response.statusCode, `${path} by ${key}: ${response.body}`).toBe(200);
          const parsed = { filters: {}, show_only_active: null, ...body } as unknown as Parameters<
            typeof buildWhere
          >[1];
          const ids = await pageIds(
            t.db,
            definition,
            buildWhere(definition, parsed, mode, viewer),
            buildOrderBy(definition, parsed),
            50,
            0,
          );
          expect(
            (response.json().result as { id: number }[]).map((row) => row.id),
            `${path} by ${key}`,
          ).toEqual(ids);
        }
      }
    }
  });
});

describe('list engine: lists limited to their reader', () => {
  it("never reads a member's list without a viewer: the scope is not left out", () => {
    const scoped = LISTS.filter((definition) => definition.scopeOf);
    expect(scoped.length).toBeGreaterThan(0);
    const parsed = {
      filters: {},
      show_only_active: null,
      options: { page: 1, itemsPerPage: 10, sortBy: [], sortDesc: [] },
    } as unknown as Parameters<typeof buildWhere>[1];
    for (const definition of scoped) {
      expect(() => buildWhere(definition, parsed, 'index'), definition.resource).toThrow('unauthorized');
    }
  });
});

describe('list engine: text order', () => {
  it('sorts letters with diacritics beside their base letter, not after Z', async () => {
    for (const name of ['Šaban Šabić', 'Tanja Tanić']) {
      const user = await createUser(t.db, {
        username: name.split(' ')[0]?.toLowerCase() ?? name,
        roleIds: [],
      });
      await t.db.execute(sql`update ${users} set name = ${name} where ${users.id} = ${user.id}`);
    }
    const names = (
      await list({ options: { page: 1, itemsPerPage: 100, sortBy: ['name'], sortDesc: [false] } })
    )
      .json()
      .result.map((row: { name: string }) => row.name);
    expect(names.indexOf('Šaban Šabić')).toBeLessThan(names.indexOf('Tanja Tanić'));
    expect(names.indexOf('Tanja Tanić')).toBeLessThan(names.indexOf('Zoran Staff'));
    await t.db.delete(users).where(sql`${users.name} in ('Šaban Šabić', 'Tanja Tanić')`);
  });
});

describe('list engine: expression columns', () => {
  it('filters and sorts users by full name (first and last name together)', async () => {
    const response = await list({ filters: { full_name: 'Prezime Ana' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual([]);
    const both = await list({ filters: { full_name: 'anić prez' } });
    expect(
      both.json().result.map((row: { username: string; full_name: string }) => [row.username, row.full_name]),
    ).toEqual([['ana', 'Ana Anić Prezime']]);
  });
});

describe('list engine: users credit', () => {
  it('answers no balance for a user whose only role is Administrator', async () => {
    const creditOf = async (username: string) =>
      (await list({ filters: { username: { operator: 'equals', value: username } } })).json().result[0]
        .credit;
    expect(await creditOf('staff')).toBeNull();
    expect(await creditOf('ana')).toBe(10);
  });
});
