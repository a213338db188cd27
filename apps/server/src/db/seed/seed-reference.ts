import { AD_STATUS, ROLE, USER_TYPE } from '@usluge/contract';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  adStatuses,
  adStatusOrder,
  cities,
  countries,
  creditPriceHistory,
  creditPrices,
  currencies,
  days,
  roles,
  serviceCreditHistory,
  services,
  userTypes,
} from '../schema/index.ts';
import { SEED_COUNTRIES } from './reference-places.ts';
import { seedRejectionReasons } from './reference-rejection-reasons.ts';
import { SEED_SERVICE_FOLDERS } from './reference-services.ts';
import { lockSeeding } from './seed-lock.ts';

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

/** Allowed status changes [from, to] (DESIGN 6); the demo ads' histories follow them too. */
export const AD_STATUS_ORDER: readonly (readonly [number, number])[] = [
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
  await db.execute(sql`select setval(pg_get_serial_sequence('days', 'id'), (select max(id) from ${days}))`);
}

/** Price of one credit per country and currency, in the currency's units. */
const CREDIT_PRICES: readonly { countryCode: string; currency: string; price: number }[] = [
  { countryCode: 'ME', currency: 'EUR', price: 0.5 },
  { countryCode: 'ME', currency: 'USD', price: 0.55 },
  { countryCode: 'HR', currency: 'EUR', price: 0.6 },
  { countryCode: 'RS', currency: 'EUR', price: 0.45 },
  { countryCode: 'RS', currency: 'USD', price: 0.5 },
  { countryCode: 'BA', currency: 'EUR', price: 0.4 },
  { countryCode: 'BA', currency: 'USD', price: 0.45 },
];

const naturalKey = (text: string) => text.toLowerCase();

/**
 * Countries by code and their cities by (country, name). Both tables have unique indexes on those
 * keys, so a conflict means "already there" and the existing row, maybe edited by staff, is kept.
 * Returns the id of every seeded country by upper-case code.
 */
async function seedPlaces(db: Database): Promise<Map<string, number>> {
  await db
    .insert(countries)
    .values(SEED_COUNTRIES.map(({ code, name }) => ({ code, name })))
    .onConflictDoNothing();
  const seededCodes = new Set(SEED_COUNTRIES.map(({ code }) => naturalKey(code)));
  const countryIds = new Map<string, number>();
  for (const row of await db.select({ id: countries.id, code: countries.code }).from(countries)) {
    if (seededCodes.has(naturalKey(row.code))) countryIds.set(row.code.toUpperCase(), row.id);
  }
  const cityRows = SEED_COUNTRIES.flatMap(({ code, cities: seededCities }) => {
    const os_country_id = countryIds.get(code);
    if (os_country_id === undefined) throw new Error(`country ${code} missing after seeding`);
    return seededCities.map(([name, post_code]) => ({ name, post_code, os_country_id }));
  });
  await db.insert(cities).values(cityRows).onConflictDoNothing();
  return countryIds;
}

/**
 * The services catalogue, keyed by (parent, name): services has no unique constraint (staff may
 * keep two nodes of one name in different folders), so missing nodes are found by reading the
 * tree first; the advisory lock keeps a concurrent seed from doing the same at once. Every new
 * service gets its initial credit in service_credit_history.
 */
async function seedServices(db: Database): Promise<void> {
  const rootRows = await db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(isNull(services.service_id));
  const folderIds = new Map(rootRows.map((row) => [naturalKey(row.name), row.id]));
  const missingFolders = SEED_SERVICE_FOLDERS.filter(({ name }) => !folderIds.has(naturalKey(name)));
  if (missingFolders.length > 0) {
    const inserted = await db
      .insert(services)
      .values(missingFolders.map(({ name, description }) => ({ name, description, is_service: false })))
      .returning({ id: services.id, name: services.name });
    for (const row of inserted) folderIds.set(naturalKey(row.name), row.id);
  }

  const childRows = await db
    .select({ name: services.name, parentId: services.service_id })
    .from(services)
    .where(sql`${services.service_id} is not null`);
  const existingChildren = new Set(childRows.map((row) => `${row.parentId}/${naturalKey(row.name)}`));
  const missingServices = SEED_SERVICE_FOLDERS.flatMap((folder) => {
    const parentId = folderIds.get(naturalKey(folder.name));
    if (parentId === undefined) throw new Error(`service folder ${folder.name} missing after seeding`);
    return folder.services
      .filter(({ name }) => !existingChildren.has(`${parentId}/${naturalKey(name)}`))
      .map((service) => ({
        name: service.name,
        description: service.description,
        is_service: true,
        credit: service.credit,
        is_favorite: service.isFavorite ?? false,
        service_id: parentId,
      }));
  });
  if (missingServices.length === 0) return;
  const inserted = await db
    .insert(services)
    .values(missingServices)
    .returning({ id: services.id, credit: services.credit });
  await db.insert(serviceCreditHistory).values(
    inserted.map(({ id, credit }) => {
      if (credit === null) throw new Error(`service ${id} inserted without credit`);
      return { service_id: id, credit };
    }),
  );
}

/**
 * Credit prices by (country, currency), a unique pair in the table. The initial price goes to the
 * history only for rows inserted now: a price staff changed keeps its own history.
 */
async function seedCreditPrices(db: Database, countryIds: Map<string, number>): Promise<void> {
  const currencyRows = await db
    .select({ id: currencies.id, shortName: currencies.short_name })
    .from(currencies);
  const currencyIds = new Map(currencyRows.map((row) => [naturalKey(row.shortName), row.id]));
  const rows = CREDIT_PRICES.map(({ countryCode, currency, price }) => {
    const os_country_id = countryIds.get(countryCode);
    const currency_id = currencyIds.get(naturalKey(currency));
    if (os_country_id === undefined || currency_id === undefined) {
      throw new Error(`credit price ${countryCode}/${currency}: country or currency missing`);
    }
    return { os_country_id, currency_id, price_per_credit: price };
  });
  const inserted = await db
    .insert(creditPrices)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: creditPrices.id, price: creditPrices.price_per_credit });
  if (inserted.length === 0) return;
  await db
    .insert(creditPriceHistory)
    .values(inserted.map(({ id, price }) => ({ credit_price_id: id, price })));
}

/**
 * Everything the product needs before its first user: safe on every start, adds only what is
 * missing (by natural key) and never overwrites a row. One transaction, so a failed start leaves
 * nothing half-seeded.
 */
export async function seedReference(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSeeding(tx);
    await seedFixedReference(tx);
    const countryIds = await seedPlaces(tx);
    await seedServices(tx);
    await seedCreditPrices(tx, countryIds);
    await seedRejectionReasons(tx);
  });
}
