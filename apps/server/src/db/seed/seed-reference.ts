import { AD_STATUS, ROLE, USER_TYPE } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { adStatuses, adStatusOrder, currencies, days, roles, userTypes } from '../schema/index.ts';

const ROLES = [
  { id: ROLE.administrator, name: 'Administrator' },
  { id: ROLE.member, name: 'Korisnik' },
  { id: ROLE.moderator, name: 'Moderator' },
];

const USER_TYPES = [
  { id: USER_TYPE.company, name: 'Pravno lice' },
  { id: USER_TYPE.individual, name: 'Fizičko lice' },
];

const AD_STATUSES = [
  {
    id: AD_STATUS.awaitingApproval,
    name: 'Čeka odobrenje',
    background_color: '#FFC107',
    is_reason_required: false,
  },
  { id: AD_STATUS.approved, name: 'Odobren', background_color: '#4CAF50', is_reason_required: false },
  { id: AD_STATUS.rejected, name: 'Odbijen', background_color: '#F44336', is_reason_required: true },
  { id: AD_STATUS.finished, name: 'Završen', background_color: '#9E9E9E', is_reason_required: false },
];

const AD_STATUS_ORDER: [number, number][] = [
  [AD_STATUS.awaitingApproval, AD_STATUS.approved],
  [AD_STATUS.awaitingApproval, AD_STATUS.rejected],
  [AD_STATUS.approved, AD_STATUS.rejected],
  [AD_STATUS.approved, AD_STATUS.finished],
  [AD_STATUS.rejected, AD_STATUS.awaitingApproval],
  [AD_STATUS.rejected, AD_STATUS.approved],
  [AD_STATUS.finished, AD_STATUS.approved],
];

const DAYS = ['Ponedjeljak', 'Utorak', 'Srijeda', 'Četvrtak', 'Petak', 'Subota', 'Nedjelja'].map(
  (name, index) => ({
    id: index + 1,
    name,
  }),
);

const CURRENCIES = [
  { name: 'Euro', short_name: 'EUR', sign: '€' },
  { name: 'Američki dolar', short_name: 'USD', sign: '$' },
];

/** Rows with fixed ids: inserted once, never overwritten (staff may have edited them). */
export async function seedFixedReference(db: Database): Promise<void> {
  await db.insert(roles).values(ROLES).onConflictDoNothing();
  await db.insert(userTypes).values(USER_TYPES).onConflictDoNothing();
  await db.insert(adStatuses).values(AD_STATUSES).onConflictDoNothing();
  await db
    .insert(adStatusOrder)
    .values(AD_STATUS_ORDER.map(([status_id, next_status_id]) => ({ status_id, next_status_id })))
    .onConflictDoNothing();
  await db.insert(days).values(DAYS).onConflictDoNothing();
  await db.insert(currencies).values(CURRENCIES).onConflictDoNothing();
  // Serial ids were given explicitly above: move the sequence past them.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('user_types', 'id'), (select max(id) from ${userTypes}))`,
  );
}

export async function seedReference(db: Database): Promise<void> {
  await seedFixedReference(db);
}
