/**
 * 100 000 users in the product's own tables, the same on PostgreSQL and on the embedded database:
 * every value is a function of the row number g (user `bench.<g>`), so the same numbers give the
 * same rows. The ads (ads-data.ts) are posted by them.
 *
 *   name       'Marko 1' … 'Đorđe 99999' (10 first names, the number g): 'Đorđe 1' matches ~1.1 %
 *   last_name  8 surnames (Šćekić, Đurović …)
 *   credit     g % 500, updated_at 2025-01-01 + g % 600 days
 *   roles      every user a member; every 100th (g % 100 = 7) a moderator too (1 000)
 *   is_active  false for every 50th (g % 50 = 0: 2 000)
 */
import { ROLE } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { countOf, type DataStep, runDataSteps } from './data-steps.ts';

export const USERS = 100_000;

const benchUsers = sql`users where username like 'bench.%'`;

const steps: DataStep[] = [
  {
    label: 'users',
    count: countOf(benchUsers),
    expected: USERS,
    fill: sql`insert into users (name, last_name, email, username, phone, user_type_id, credit, password_hash,
                                 is_active, created_at, updated_at)
        select (array['Marko','Ana','Jelena','Nikola','Milica','Stefan','Ivana','Luka','Sara','Đorđe'])[1 + g % 10] || ' ' || g,
               (array['Vuković','Petrović','Šćekić','Đurović','Marković','Popović','Radulović','Knežević'])[1 + (g / 10) % 8],
               'bench' || g || '@primjer.me', 'bench.' || g, '+382 67 ' || lpad(g::text, 6, '0'),
               1 + g % 2, (g % 500), '!no-password', g % 50 <> 0,
               timestamp '2025-01-01' + (g % 600) * interval '1 day', timestamp '2025-01-01' + (g % 600) * interval '1 day'
        from generate_series(1, ${USERS}) as g
        on conflict do nothing`,
  },
  {
    label: 'member roles',
    count: countOf(sql`user_roles where role_id = ${ROLE.member}`),
    expected: USERS,
    fill: sql`insert into user_roles (user_id, role_id)
        select id, ${ROLE.member} from ${benchUsers} on conflict do nothing`,
  },
  {
    label: 'moderator roles',
    count: countOf(sql`user_roles where role_id = ${ROLE.moderator}`),
    expected: USERS / 100,
    fill: sql`insert into user_roles (user_id, role_id)
        select id, ${ROLE.moderator} from ${benchUsers} and split_part(username, '.', 2)::int % 100 = 7
        on conflict do nothing`,
  },
];

/** Inserts what is missing of the users and their roles; true when it wrote anything. */
export function generateUsers(db: Database, log: (line: string) => void): Promise<boolean> {
  return runDataSteps(db, steps, log);
}
