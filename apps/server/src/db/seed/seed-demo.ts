import type { Database } from '../client.ts';

/** Placeholder until the demo data lands. */
export async function seedDemo(_db: Database): Promise<boolean> {
  return false;
}
