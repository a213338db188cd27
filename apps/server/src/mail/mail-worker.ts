import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

/** After this many failed attempts a mail is marked failed and left alone. */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;

export type MailWorker = {
  /** Delivers what is due now (the loop calls it; so may a change that just queued a mail). */
  deliverDue: () => Promise<number>;
  /** Says a mail was queued (a committed change made it): logs it and delivers it soon. */
  queued: (to: string, subject: string, text: string) => void;
  stop: () => Promise<void>;
};

export type MailWorkerOptions = {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
};

/**
 * nodemailer's SMTP transport, its module loaded when the first mail is to be sent: a server that
 * never sends one (no SMTP_URL, or nothing queued yet) does not hold it in memory.
 */
const openTransport = (smtpUrl: string): Promise<Transporter> =>
  import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));

/**
 * Delivers the outbox through nodemailer to SMTP_URL, oldest first, with retries and backoff (all
 * times are the database's, to the microsecond). Mails are claimed with row locks (SKIP LOCKED),
 * so the nodes on one database never send one twice nor wait for each other.
 * Without SMTP_URL nothing is sent: mails stay in the outbox and are logged when queued.
 */
export function startMailWorker({
  db,
  smtpUrl,
  from,
  log,
  intervalMs = 5000,
}: MailWorkerOptions): MailWorker {
  let transport: Promise<Transporter> | null = null;
  let isStopped = false;

  type ClaimedMail = Pick<
    typeof mailOutbox.$inferSelect,
    'id' | 'to_address' | 'subject' | 'text_body' | 'html_body' | 'attempts'
  >;

  /**
   * Claims the mails due now, oldest first: locks them with SKIP LOCKED (a mail another node is
   * claiming is skipped, not waited for) and pushes each one's next attempt into the future in the
   * same statement, so no other worker takes it again until that attempt has had its chance.
   */
  async function claimDue(): Promise<ClaimedMail[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sent_at),
          isNull(mailOutbox.failed_at),
          lte(mailOutbox.next_attempt_at, sql`now()`),
        ),
      )
      .orderBy(asc(mailOutbox.next_attempt_at), asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        // 30 s after the first attempt, then 1 min, 2 min … at most an hour between attempts.
        next_attempt_at: sql`now() + least(30 * power(2, ${mailOutbox.attempts}), 3600) * interval '1 second'`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning({
        id: mailOutbox.id,
        to_address: mailOutbox.to_address,
        subject: mailOutbox.subject,
        text_body: mailOutbox.text_body,
        html_body: mailOutbox.html_body,
        attempts: mailOutbox.attempts,
      });
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** An attempt that failed: its error kept on the mail, the mail failed for good after MAX_ATTEMPTS. */
  async function recordFailure(mail: ClaimedMail, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const hasFailed = mail.attempts >= MAX_ATTEMPTS;
    await db
      .update(mailOutbox)
      .set({ error: message.slice(0, 1000), ...(hasFailed ? { failed_at: sql`now()` } : {}) })
      .where(eq(mailOutbox.id, mail.id));
    log.warn({ mailId: mail.id, attempts: mail.attempts, hasFailed }, `mail delivery failed: ${message}`);
  }

  async function deliverOne(transport: Transporter, mail: ClaimedMail): Promise<boolean> {
    try {
      await transport.sendMail({
        from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
      });
      await db.update(mailOutbox).set({ sent_at: sql`now()`, error: null }).where(eq(mailOutbox.id, mail.id));
      return true;
    } catch (error) {
      await recordFailure(mail, error);
      return false;
    }
  }

  async function deliverDue(): Promise<number> {
    if (!smtpUrl) return 0;
    const due = await claimDue();
    if (due.length === 0) return 0;
    let opened: Transporter;
    try {
      transport ??= openTransport(smtpUrl);
      opened = await transport;
    } catch (error) {
      // No transport (SMTP_URL malformed, nodemailer not loaded): each claimed mail keeps why, as
      // a refused delivery does, and the next round tries to open one again.
      transport = null;
      for (const mail of due) await recordFailure(mail, error);
      return 0;
    }
    let sent = 0;
    for (const mail of due) if (await deliverOne(opened, mail)) sent++;
    return sent;
  }

  // Rounds run one after another: a round asked for while one is running starts after it, so a
  // mail queued during a round is picked up by the next one.
  let chain: Promise<number> = Promise.resolve(0);
  const runRound = () => {
    chain = chain.then(deliverDue).catch((error: unknown) => {
      log.error({ err: error }, 'mail worker round failed');
      return 0;
    });
    return chain;
  };
  const timer = smtpUrl ? setInterval(() => void runRound(), intervalMs) : null;
  timer?.unref();

  return {
    deliverDue: runRound,
    queued: (to, subject, text) => {
      if (!smtpUrl) {
        // Without SMTP_URL the log is where a developer finds the link.
        log.info({ to, subject, text }, 'mail kept in the outbox (no SMTP_URL)');
        return;
      }
      log.info({ to, subject }, 'mail queued');
      if (!isStopped) setImmediate(() => void runRound());
    },
    stop: async () => {
      isStopped = true;
      if (timer) clearInterval(timer);
      await chain;
      // A transport that failed to open has nothing to close.
      (await transport?.catch(() => null))?.close();
    },
  };
}
