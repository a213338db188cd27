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

/** A seed file: a header line, then one JSON array of values per row (newline-delimited JSON). */
export const SEED_FILE_FORMAT = 'usluge-seed/1';

export type SeedTable = { name: string; table: PgTable; columns: string[] };

export const SEED_TABLES: readonly SeedTable[] = EXPORTABLE.map((table) => {
  const name = getTableName(table);
  const secret = SECRET_COLUMNS[name] ?? [];
  const columns = Object.values(getTableColumns(table))
    .map((column) => column.name)
    .filter((column) => !secret.includes(column));
  return { name, table, columns };
});

export const seedTableNamed = (name: string) => SEED_TABLES.find((entry) => entry.name === name);
