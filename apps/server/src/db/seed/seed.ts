import type { Database } from '../client.ts';
import { ensureAdmin } from './seed-admin.ts';
import { seedDemo } from './seed-demo.ts';
import { seedReference } from './seed-reference.ts';

export type SeedOptions = { isDemoSeeded: boolean; adminPassword: string | undefined };
export type SeedOutcome = { generatedAdminPassword?: string; isDemoCreated: boolean };

/** Reference data, the first admin and (optionally) demo data. Safe to run on every start. */
export async function seed(db: Database, options: SeedOptions): Promise<SeedOutcome> {
  await seedReference(db);
  const { generatedPassword } = await ensureAdmin(db, options.adminPassword);
  const isDemoCreated = options.isDemoSeeded ? await seedDemo(db) : false;
  return { generatedAdminPassword: generatedPassword, isDemoCreated };
}
