import type { Language } from '@usluge/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { enqueueMail } from '../../mail/mail-outbox.ts';
import { type MailTemplate, renderMail, renderNotice } from '../../mail/mail-templates.ts';
import { notifyUser } from './notify-user.ts';

/** The mails that tell of a change (no link to follow): the ones a notice in the inbox repeats. */
export type NoticeTemplate = Exclude<MailTemplate, 'verify_account' | 'reset_password' | 'delete_account'>;

/**
 * Tells a member about a change that concerns them (a contact received, accepted, declined or
 * refunded, a refund decided, a report resolved) in their language: in the app's inbox and by
 * e-mail through the outbox (numbers written as the language writes them), both in the caller's
 * transaction, so they go out exactly when the change commits.
 */
export async function sendMemberNotice(
  tx: Database,
  {
    userId,
    template,
    params,
    actorId,
  }: {
    userId: number;
    template: NoticeTemplate;
    /** The template's values; one given per language (a status's name) is the recipient's. */
    params: Record<string, string | number | Readonly<Record<Language, string>>>;
    actorId: number | null;
  },
): Promise<void> {
  const [person] = await tx
    .select({ name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) return;
  const lang = person.language as Language;
  const number = new Intl.NumberFormat(lang === 'me' ? 'sr-Latn-ME' : 'en', { maximumFractionDigits: 2 });
  const words = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'number' ? number.format(value) : typeof value === 'string' ? value : value[lang],
    ]),
  );
  await notifyUser(tx, { userId, notice: renderNotice(template, lang, words), actorId });
  await enqueueMail(tx, person.email, renderMail(template, lang, { ...words, name: person.name }));
}
