import { adStatusText, type Language } from '@usluge/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rejectionReasons, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { renderNotice } from '../../mail/mail-templates.ts';
import { sendMemberNotice } from '../notifications/member-notice.ts';
import { notifyUser } from '../notifications/notify-user.ts';

export type CitedReason = {
  id: number;
  title_me: string;
  title_en: string;
  text_me: string;
  text_en: string;
};

/**
 * The templates a decision cites, in the order the moderator picked them. Each must exist and be
 * active (a template deactivated while the dialog was open is refused): 422 on `reason_ids`.
 */
export async function citedReasons(tx: Database, ids: readonly number[]): Promise<CitedReason[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: rejectionReasons.id,
      title_me: rejectionReasons.title_me,
      title_en: rejectionReasons.title_en,
      text_me: rejectionReasons.text_me,
      text_en: rejectionReasons.text_en,
    })
    .from(rejectionReasons)
    .where(and(inArray(rejectionReasons.id, [...ids]), eq(rejectionReasons.is_active, true)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cited = ids.map((id) => byId.get(id));
  if (cited.some((reason) => reason === undefined)) {
    throw new AppError(422, 'rejection_reason_unavailable', {}, 'reason_ids');
  }
  return cited as CitedReason[];
}

/**
 * An ad status's name in each language a member reads, from its id and the name staff keep in
 * Montenegrin (a status added later without an English name keeps that one).
 */
export function adStatusNames(statusId: number, nameMe: string): Readonly<Record<Language, string>> {
  return { me: nameMe, en: adStatusText(statusId, 'en') ?? nameMe };
}

const WORDS = {
  me: {
    decision: (title: string, status: string) => `Odluka: vaš oglas „${title}“ sada ima status: ${status}.`,
    reasons: 'Razlozi:',
    comment: (comment: string) => `Napomena moderatora: ${comment}`,
    toChange:
      'Šta treba promijeniti: ispravite oglas u skladu sa navedenim razlozima, kako bi mogao biti odobren.',
    review:
      'Ponovni pregled: izmijenite oglas u aplikaciji. Izmijenjen oglas automatski ponovo ide na pregled, a o odluci ćemo vas obavijestiti.',
  },
  en: {
    decision: (title: string, status: string) =>
      `Decision: your ad "${title}" now has the status: ${status}.`,
    reasons: 'Reasons:',
    comment: (comment: string) => `Moderator's note: ${comment}`,
    toChange: 'What to change: correct the ad as the reasons above say, so that it can be approved.',
    review:
      'Another review: edit the ad in the app. An edited ad goes back to review automatically, and we will let you know the decision.',
  },
} as const satisfies Record<Language, unknown>;

export type StatementParts = {
  language: Language;
  adTitle: string;
  statusId: number;
  /** The status's name as staff keep it (Montenegrin). */
  statusName: string;
  /** A status that needs a reason (a rejection): the statement says what to change and how to ask again. */
  isReasonRequired: boolean;
  reasons: readonly CitedReason[];
  comment: string | null;
};

/**
 * The statement of reasons (DSA Art. 17) in the poster's language: the decision, each cited
 * reason's title and text, the moderator's sentence, and for a rejection what to change and how
 * to ask for another review. Paragraphs are separated by blank lines (the mail shows them so).
 */
export function composeStatement(parts: StatementParts): string {
  const words = WORDS[parts.language];
  const status = adStatusNames(parts.statusId, parts.statusName)[parts.language];
  const paragraphs: string[] = [words.decision(parts.adTitle, status)];
  if (parts.reasons.length > 0) {
    const lines = parts.reasons.map((reason, index) =>
      parts.language === 'en'
        ? `${index + 1}. ${reason.title_en}: ${reason.text_en}`
        : `${index + 1}. ${reason.title_me}: ${reason.text_me}`,
    );
    paragraphs.push([words.reasons, ...lines].join('\n'));
  }
  if (parts.comment) paragraphs.push(words.comment(parts.comment));
  if (parts.isReasonRequired) paragraphs.push(words.toChange, words.review);
  return paragraphs.join('\n\n');
}

/**
 * Sends the poster the statement of a decision in their language, in the decision's transaction,
 * and answers the exact text of the notice, which the status history keeps. A decision that needs
 * a reason (a rejection: the statement of reasons) goes to the inbox and by e-mail through the
 * outbox; any other (an approval) to the inbox only, as status changes always did.
 */
export async function sendStatement(
  tx: Database,
  { userId, actorId, ...parts }: Omit<StatementParts, 'language'> & { userId: number; actorId: number },
): Promise<string> {
  const [poster] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
  const language: Language = poster?.language === 'en' ? 'en' : 'me';
  const statement = composeStatement({ ...parts, language });
  const notice = renderNotice('ad_status_statement', language, { statement });
  if (parts.isReasonRequired) {
    await sendMemberNotice(tx, { userId, template: 'ad_status_statement', params: { statement }, actorId });
  } else {
    await notifyUser(tx, { userId, notice, actorId });
  }
  return notice.text;
}
