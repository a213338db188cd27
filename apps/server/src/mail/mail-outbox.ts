import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { RenderedMail } from './mail-templates.ts';

/**
 * Puts a mail in the outbox, in the caller's transaction: it is sent exactly when the change that
 * causes it commits, and a restart loses nothing. The worker delivers it.
 */
export async function enqueueMail(tx: Database, to: string, mail: RenderedMail): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ to_address: to, subject: mail.subject, text_body: mail.text, html_body: mail.html });
}
