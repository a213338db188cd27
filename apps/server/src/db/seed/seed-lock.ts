import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

/** Arbitrary constant shared by every seeding step ("usluge" in ASCII, truncated to fit an int4). */
const SEED_LOCK_KEY = 0x75736c75;

/**
 * Serialises seeding for the rest of the transaction. Two servers starting at once on the same
 * PostgreSQL would otherwise both see "services missing" (no unique constraint on a service's
 * name) or "no demo data yet" and insert everything twice.
 */
export async function lockSeeding(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
}
