import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../schema/index.ts';

/**
 * The tables a seed file may carry, in an order in which they can be loaded (every table after
 * those it refers to). Sessions, tokens, the mail outbox and idempotency answers are secrets or
 * transient and are never exported; neither is a password hash.
 */
const EXPORTABLE: readonly PgTable[] = [
  schema.roles,
  schema.userTypes,
  schema.countries,
  schema.cities,
  schema.currencies,
  schema.days,
  schema.adStatuses,
  schema.adStatusOrder,
  schema.services,
  schema.users,
  schema.userRoles,
  schema.serviceCreditHistory,
  schema.creditPrices,
  schema.creditPriceHistory,
  schema.ads,
  schema.adServices,
  schema.adPhotos,
  schema.adPlaces,
  schema.adPlaceCities,
  schema.adDays,
  schema.adDayTimes,
  schema.adStatusHistory,
  schema.leads,
  schema.leadTransactions,
  schema.transactions,
  schema.notifications,
  schema.notificationTargetUsers,
  schema.notificationTargetUserTypes,
  schema.notificationRecipients,
];

/** Columns that hold secrets: left out of every export. */
const SECRET_COLUMNS: Record<string, readonly string[]> = { users: ['password_hash'] };

/** Names copied from a joined row for sorting (migration 0007): triggers fill them on import. */
const DERIVED_COLUMNS: Record<string, readonly string[]> = {
  os_cities: ['country_name'],
  credit_prices: ['country_name', 'currency_name'],
  transactions: ['user_name'],
  ads: ['poster_name'],
};

/** A seed file: a header line, then one JSON array of values per row (newline-delimited JSON). */
export const SEED_FILE_FORMAT = 'usluge-seed/1';

export type SeedTable = { name: string; table: PgTable; columns: string[] };

export const SEED_TABLES: readonly SeedTable[] = EXPORTABLE.map((table) => {
  const name = getTableName(table);
  const leftOut = [...(SECRET_COLUMNS[name] ?? []), ...(DERIVED_COLUMNS[name] ?? [])];
  // Generated columns (ads.search_text) the database computes; it refuses values for them.
  const columns = Object.values(getTableColumns(table))
    .filter((column) => column.generated === undefined)
    .map((column) => column.name)
    .filter((column) => !leftOut.includes(column));
  return { name, table, columns };
});

export const seedTableNamed = (name: string) => SEED_TABLES.find((entry) => entry.name === name);
