import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

/** After this many failed attempts a mail is marked failed and left alone. */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** 30 s, 1 min, 2 min … at most an hour between attempts. */
export const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

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
 * Delivers the outbox through nodemailer to SMTP_URL, oldest first, with retries and backoff (all
 * times are the database's, to the microsecond). Each
 * mail is claimed by a conditional update, so two servers on one database never send it twice.
 * Without SMTP_URL nothing is sent: mails stay in the outbox and are logged when queued.
 */
export function startMailWorker({
  db,
  smtpUrl,
  from,
  log,
  intervalMs = 5000,
}: MailWorkerOptions): MailWorker {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let isStopped = false;

  async function deliverOne(mail: typeof mailOutbox.$inferSelect): Promise<boolean> {
    if (!transport) return false;
    // Claim it: push its next attempt into the future; a concurrent worker then skips it.
    const [claimed] = await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        next_attempt_at: sql`now() + make_interval(secs => ${retryDelayMs(mail.attempts + 1) / 1000})`,
      })
      .where(
        and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts), isNull(mailOutbox.sent_at)),
      )
      .returning({ attempts: mailOutbox.attempts });
    if (!claimed) return false;
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
      const message = error instanceof Error ? error.message : String(error);
      const hasFailed = claimed.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({ error: message.slice(0, 1000), ...(hasFailed ? { failed_at: sql`now()` } : {}) })
        .where(eq(mailOutbox.id, mail.id));
      log.warn(
        { mailId: mail.id, attempts: claimed.attempts, hasFailed },
        `mail delivery failed: ${message}`,
      );
      return false;
    }
  }

  async function deliverDue(): Promise<number> {
    if (!transport) return 0;
    const due = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sent_at),
          isNull(mailOutbox.failed_at),
          lte(mailOutbox.next_attempt_at, sql`now()`),
        ),
      )
      .orderBy(asc(mailOutbox.next_attempt_at), asc(mailOutbox.id))
      .limit(BATCH);
    let sent = 0;
    for (const mail of due) if (await deliverOne(mail)) sent++;
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
  const timer = transport ? setInterval(() => void runRound(), intervalMs) : null;
  timer?.unref();

  return {
    deliverDue: runRound,
    queued: (to, subject, text) => {
      if (!transport) {
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
      transport?.close();
    },
  };
}
