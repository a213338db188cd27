import { eq } from 'drizzle-orm';
import { appendAudit } from '../audit/append-audit.ts';
import { currentAuditActor } from '../audit/audit-actor.ts';
import { nextVersion } from '../crud/row-version.ts';
import type { Database } from '../db/client.ts';
import { transactions, users } from '../db/schema/index.ts';
import { AppError, notFound } from '../http/errors.ts';

export type BalanceChange = {
  userId: number;
  /** Credits added (positive) or taken (negative). */
  amount: number;
  /** What the ledger and the transactions report say about the entry (stored as written). */
  description: string;
  /** The staff member or member who caused it. */
  actorId: number | null;
  leadId?: number;
  /**
   * Writes the record that caused the change (a staff top-up's lead_transactions row), once the
   * change is known to be allowed; the ledger entry links to it.
   */
  recordCause?: (balance: { before: number; after: number }) => Promise<{ leadTransactionId: number }>;
  /** The form field a refusal belongs to. */
  field?: string;
};

export type BalanceChanged = {
  before: number;
  after: number;
  transactionId: number;
  leadTransactionId?: number;
};

/** The user's balance, with the user's row locked until the transaction ends. */
export async function lockBalance(tx: Database, userId: number): Promise<number> {
  const [row] = await tx
    .select({ credit: users.credit })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw notFound();
  return row.credit;
}

/**
 * The only way a balance changes (DESIGN.md 7). Must run inside a transaction: it locks the user's
 * row, refuses a change that would take the balance below zero (409, nothing written), sets the
 * balance and appends the ledger entry whose credit_state is the balance after it.
 */
export async function changeBalance(tx: Database, change: BalanceChange): Promise<BalanceChanged> {
  const before = await lockBalance(tx, change.userId);
  // In hundredths: the database keeps 2 decimals and floats must not drift.
  const after = Math.round(before * 100 + change.amount * 100) / 100;
  if (after < 0) throw new AppError(409, 'credit_would_be_negative', { balance: before }, change.field);
  const cause = change.recordCause ? await change.recordCause({ before, after }) : undefined;
  await tx
    .update(users)
    .set({ credit: after, updated_at: nextVersion(users.updated_at) })
    .where(eq(users.id, change.userId));
  const [entry] = await tx
    .insert(transactions)
    .values({
      user_id: change.userId,
      description: change.description,
      credit_amount: change.amount,
      credit_state: after,
      created_by_user_id: change.actorId,
      lead_transaction_id: cause?.leadTransactionId ?? null,
      lead_id: change.leadId ?? null,
    })
    .returning({ id: transactions.id });
  if (!entry) throw new Error('ledger insert returned nothing');
  await appendAudit(tx, {
    action: 'credits',
    recordType: 'users',
    recordId: change.userId,
    changes: {
      credit: { before, after },
      description: { before: null, after: change.description },
      transaction_id: { before: null, after: entry.id },
    },
    actor: { id: change.actorId, ip: currentAuditActor().ip },
  });
  return { before, after, transactionId: entry.id, ...cause };
}
