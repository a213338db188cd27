import { and, asc, eq, getTableName, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../auth/passwords.ts';
import type { Database } from '../client.ts';
import {
  adDays,
  adDayTimes,
  adPlaceCities,
  adPlaces,
  adServices,
  adStatusHistory,
  ads,
  cities,
  countries,
  creditPrices,
  currencies,
  days,
  leads,
  leadTransactions,
  services,
  transactions,
  userRoles,
  users,
} from '../schema/index.ts';
import {
  DEMO_MEMBER_USERNAME,
  DEMO_MODERATOR_USERNAME,
  type DemoPlan,
  type DemoReferences,
  planDemo,
} from './demo-plan.ts';
import { lockSeeding } from './seed-lock.ts';
import { createRandom } from './seed-random.ts';

/**
 * Demo data: 55 users, 200 ads with their places, days and status histories, contacts (leads)
 * and a credits ledger that adds up. Every demo user's password is DEMO_PASSWORD. Two accounts
 * are meant to be used when trying the product:
 *  - `moderator` (role 3 Moderator): reviews ads, sees the ads-on-approval queue, notifications;
 *  - `korisnik` (role 2 Korisnik, a member): has ads, contacts of ads and a credit balance.
 * The administrators are `nikola.vujovic` and `jelena.perovic` (besides the `admin` account that
 * seed-admin.ts creates with its own password).
 */
export const DEMO_PASSWORD = 'Demo1234!';

/** Fixed, so every install gets the same names, ads and balances. */
const DEMO_RANDOM_SEED = 20_260_101;

/** Postgres accepts at most 65 535 parameters a statement; 1 000 rows of ≤ 17 columns stay below. */
const ROWS_PER_INSERT = 1000;

async function insertAll<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: TTable['$inferInsert'][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db.insert(table).values(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/**
 * Takes `count` ids from a table's serial sequence, ascending. Rows are then inserted with these
 * ids, so children can refer to their parents without relying on the order RETURNING gives, and
 * ledger entries get ids in the order they happened (credit_state chains in id order).
 */
async function reserveIds(db: Database, table: PgTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int` })
    .from(sql`generate_series(1, ${count})`);
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

function idAt(ids: readonly number[], index: number): number {
  const id = ids[index];
  if (id === undefined) throw new Error(`demo seed: no id for row ${index}`);
  return id;
}

/** The reference rows the demo may use: active ones only, in id order for a stable plan. */
async function loadReferences(db: Database, now: Date): Promise<DemoReferences> {
  const parent = alias(services, 'parent');
  const serviceRows = await db
    .select({ id: services.id, name: services.name, credit: services.credit, folder: parent.name })
    .from(services)
    .innerJoin(parent, eq(parent.id, services.service_id))
    .where(and(eq(services.is_service, true), eq(services.is_active, true), isNotNull(services.credit)))
    .orderBy(asc(services.id));
  const countryRows = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(eq(countries.is_active, true))
    .orderBy(asc(countries.id));
  const cityRows = await db
    .select({ id: cities.id, name: cities.name, countryId: cities.os_country_id })
    .from(cities)
    .where(eq(cities.is_active, true))
    .orderBy(asc(cities.id));
  const currencyRows = await db
    .select({ id: currencies.id, shortName: currencies.short_name })
    .from(currencies)
    .where(eq(currencies.is_active, true))
    .orderBy(asc(currencies.id));
  const priceRows = await db
    .select({
      id: creditPrices.id,
      price: creditPrices.price_per_credit,
      countryCode: countries.code,
      currency: currencies.short_name,
      isActive: creditPrices.is_active,
    })
    .from(creditPrices)
    .innerJoin(countries, eq(countries.id, creditPrices.os_country_id))
    .innerJoin(currencies, eq(currencies.id, creditPrices.currency_id))
    .orderBy(asc(creditPrices.id));
  const activePrices = priceRows.filter((row) => row.isActive);
  const dayRows = await db
    .select({ id: days.id })
    .from(days)
    .where(eq(days.is_active, true))
    .orderBy(asc(days.id));

  return {
    now,
    services: serviceRows.map((row) => ({ ...row, credit: Number(row.credit) })),
    countries: countryRows
      .map((country) => ({
        id: country.id,
        code: country.code.toUpperCase(),
        cities: cityRows.filter((city) => city.countryId === country.id),
      }))
      .filter((country) => country.cities.length > 0),
    currencies: currencyRows.map((row) => ({ ...row, shortName: row.shortName.toUpperCase() })),
    // Top-ups are sold at an active price; if staff switched them all off, any price will do.
    creditPrices: (activePrices.length > 0 ? activePrices : priceRows).map((row) => ({
      id: row.id,
      price: row.price,
      countryCode: row.countryCode.toUpperCase(),
      currency: row.currency.toUpperCase(),
    })),
    dayIds: dayRows.map((row) => row.id),
  };
}

async function writePlan(db: Database, plan: DemoPlan, passwordHash: string): Promise<void> {
  const userIds = await reserveIds(db, users, plan.users.length);
  await insertAll(
    db,
    users,
    plan.users.map(({ roleIds: _roleIds, ...user }, index) => ({
      ...user,
      id: idAt(userIds, index),
      password_hash: passwordHash,
    })),
  );
  await insertAll(
    db,
    userRoles,
    plan.users.flatMap((user, index) =>
      user.roleIds.map((role_id) => ({ user_id: idAt(userIds, index), role_id })),
    ),
  );

  const adIds = await reserveIds(db, ads, plan.ads.length);
  await insertAll(
    db,
    ads,
    plan.ads.map((ad, index) => ({
      ...ad.row,
      id: idAt(adIds, index),
      posted_by_user_id: idAt(userIds, ad.postedByUser),
    })),
  );
  await insertAll(
    db,
    adServices,
    plan.ads.flatMap((ad, index) =>
      ad.serviceIds.map((service_id) => ({ ad_id: idAt(adIds, index), service_id })),
    ),
  );

  const places = plan.ads.flatMap((ad, index) =>
    ad.places.map((place) => ({ ...place, adId: idAt(adIds, index) })),
  );
  const placeIds = await reserveIds(db, adPlaces, places.length);
  await insertAll(
    db,
    adPlaces,
    places.map((place, index) => ({
      id: idAt(placeIds, index),
      ad_id: place.adId,
      os_country_id: place.countryId,
    })),
  );
  await insertAll(
    db,
    adPlaceCities,
    places.flatMap((place, index) =>
      place.cityIds.map((os_city_id) => ({ ad_place_id: idAt(placeIds, index), os_city_id })),
    ),
  );

  const workingDays = plan.ads.flatMap((ad, index) =>
    ad.days.map((day) => ({ ...day, adId: idAt(adIds, index) })),
  );
  const dayIds = await reserveIds(db, adDays, workingDays.length);
  await insertAll(
    db,
    adDays,
    workingDays.map((day, index) => ({ id: idAt(dayIds, index), ad_id: day.adId, day_id: day.dayId })),
  );
  await insertAll(
    db,
    adDayTimes,
    workingDays.flatMap((day, index) =>
      day.shifts.map(([start_at, stop_at]) => ({ ad_day_id: idAt(dayIds, index), start_at, stop_at })),
    ),
  );

  await insertAll(
    db,
    adStatusHistory,
    plan.ads.flatMap((ad, index) =>
      ad.history.map(({ changedByUser, ...change }) => ({
        ...change,
        ad_id: idAt(adIds, index),
        changed_by_user_id: idAt(userIds, changedByUser),
      })),
    ),
  );

  const leadIds = await reserveIds(db, leads, plan.leads.length);
  await insertAll(
    db,
    leads,
    plan.leads.map(({ ad, user, ...lead }, index) => ({
      ...lead,
      id: idAt(leadIds, index),
      ad_id: idAt(adIds, ad),
      user_id: idAt(userIds, user),
      created_at: lead.contact_time,
      updated_at: lead.refunded_at ?? lead.response_time ?? lead.contact_time,
    })),
  );

  // Ledger: lead_transactions for staff entries, then every entry in `transactions`, both in the
  // order the entries happened.
  // Who made an entry: null for the product itself (an unanswered contact's refund).
  const authorOf = (entry: { createdByUser: number | null }) =>
    entry.createdByUser === null ? null : idAt(userIds, entry.createdByUser);
  const staffEntries = plan.ledger.flatMap((entry) => (entry.topUp ? [{ entry, topUp: entry.topUp }] : []));
  const leadTransactionIds = await reserveIds(db, leadTransactions, staffEntries.length);
  await insertAll(
    db,
    leadTransactions,
    staffEntries.map(({ entry, topUp }, index) => ({
      id: idAt(leadTransactionIds, index),
      credit_for_user_id: idAt(userIds, entry.user),
      credit_price_id: topUp.creditPriceId,
      credit_before_adding: topUp.stateBefore,
      add_credit_amount: entry.amount,
      credit_after_adding: entry.stateAfter,
      total_price: topUp.totalPrice,
      created_by_user_id: authorOf(entry),
      created_at: entry.at,
      updated_at: entry.at,
    })),
  );
  const leadTransactionIdOf = new Map(
    staffEntries.map(({ entry }, index) => [entry, idAt(leadTransactionIds, index)]),
  );
  const transactionIds = await reserveIds(db, transactions, plan.ledger.length);
  await insertAll(
    db,
    transactions,
    plan.ledger.map((entry, index) => ({
      id: idAt(transactionIds, index),
      user_id: idAt(userIds, entry.user),
      description: entry.description,
      credit_amount: entry.amount,
      credit_state: entry.stateAfter,
      lead_id: entry.lead === null ? null : idAt(leadIds, entry.lead),
      lead_transaction_id: leadTransactionIdOf.get(entry) ?? null,
      created_by_user_id: authorOf(entry),
      created_at: entry.at,
      updated_at: entry.at,
    })),
  );
}

async function isDemoPresent(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, [DEMO_MEMBER_USERNAME, DEMO_MODERATOR_USERNAME]))
    .limit(1);
  return row !== undefined;
}

/** Refuses clearly rather than half-seeding when real users already took demo names. */
async function assertNoCollision(db: Database, plan: DemoPlan): Promise<void> {
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(
      sql`lower(${users.username}) in ${plan.users.map((user) => user.username.toLowerCase())}
        or lower(${users.email}) in ${plan.users.map((user) => user.email.toLowerCase())}`,
    );
  if (taken.length > 0) {
    throw new Error(
      `Demo data not created: users ${taken.map((row) => row.username).join(', ')} already exist. ` +
        'Turn SEED_DEMO off for this database.',
    );
  }
}

/**
 * Creates the demo data once. The documented accounts (`korisnik`, `moderator`) mark it as
 * present: it is all written in one transaction, so either both exist with everything else or
 * nothing does. Returns true when it created the data now.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  if (await isDemoPresent(db)) return false;
  // Hashing takes a moment: do it once, outside the transaction, and share it by every demo user.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (await isDemoPresent(tx)) return false;
    // Dates count back from the start of today, so a seed run any time today gives the same rows.
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const plan = planDemo(createRandom(DEMO_RANDOM_SEED), await loadReferences(tx, today));
    await assertNoCollision(tx, plan);
    await writePlan(tx, plan, passwordHash);
    return true;
  });
}
