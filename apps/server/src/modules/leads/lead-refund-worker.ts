import { and, asc, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { leads } from '../../db/schema/index.ts';
import { refundLead } from './lead-refund.ts';

export type LeadRefundWorker = {
  /** Refunds every contact whose answer is overdue now; answers how many (the loop calls it). */
  refundDue: () => Promise<number>;
  stop: () => Promise<void>;
};

/** At most this many refunds a run, so one run never holds the loop for long; the next goes on. */
const MAX_PER_RUN = 500;

/**
 * Refunds contacts the poster has not answered by their `answer_due_at`, looking every `intervalMs` (at
 * most a minute). Each refund is its own transaction that claims the lead with SKIP LOCKED, so two
 * servers on one database, or a run that overlaps a poster's late answer, never refund one twice.
 */
export function startLeadRefundWorker({
  db,
  answerMs,
  log,
  intervalMs = 30_000,
  isStarted = true,
}: {
  db: Database;
  answerMs: number;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** Off in tests that call refundDue themselves. */
  isStarted?: boolean;
}): LeadRefundWorker {
  const answerHours = answerMs / 3_600_000;
  const refundOne = () =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [due] = await tx
        .select({ id: leads.id })
        .from(leads)
        .where(
          and(isNull(leads.is_accepted), isNull(leads.refunded_at), lte(leads.answer_due_at, sql`now()`)),
        )
        .orderBy(asc(leads.answer_due_at), asc(leads.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      return refundLead(tx, { leadId: due.id, reason: 'no_answer', actorId: null, answerHours });
    });

  let running: Promise<number> | null = null;
  let isStopped = false;
  async function refundDue(): Promise<number> {
    let count = 0;
    while (count < MAX_PER_RUN && (await refundOne())) count++;
    if (count > 0) log.info({ count }, 'unanswered contacts refunded');
    return count;
  }
  const tick = () => {
    if (isStopped) return;
    running ??= refundDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'refunding unanswered contacts failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = isStarted ? setInterval(tick, Math.min(intervalMs, 60_000)) : null;
  timer?.unref();
  // What fell due while the server was down goes at start, not a whole interval later.
  if (isStarted) setImmediate(tick);
  return {
    refundDue,
    stop: async () => {
      isStopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
