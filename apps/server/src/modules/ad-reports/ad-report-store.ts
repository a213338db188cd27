import type { AdReportReason } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adReportQueue, adReports } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { pgErrorOf } from '../../http/pg-error.ts';
import type { AuthenticatedUser } from '../../http/request-context.ts';
import { authorizeAdReport, readReportedAd } from './ad-report-policy.ts';

/**
 * Someone signed in reports an ad, in the caller's transaction: only an ad they may report (else
 * 404), once per ad (409; the unique index decides between two at once). The ad's queue row is
 * counted up (or made) in the same transaction. Answers the new report.
 */
export async function createAdReport(
  tx: Database,
  {
    user,
    adId,
    reason,
    text,
  }: { user: AuthenticatedUser; adId: number; reason: AdReportReason; text: string | null },
) {
  authorizeAdReport(user, 'report', await readReportedAd(tx, adId));
  const [report] = await tx
    .insert(adReports)
    .values({ ad_id: adId, user_id: user.id, reason, text })
    .returning({
      id: adReports.id,
      ad_id: adReports.ad_id,
      reason: adReports.reason,
      text: adReports.text,
      created_at: adReports.created_at,
    })
    .catch((error: unknown) => {
      if (pgErrorOf(error)?.constraint === 'ad_reports_ad_user_unique') {
        throw new AppError(409, 'ad_report_exists', {}, 'ad_id');
      }
      throw error;
    });
  if (!report) throw new Error('ad report insert returned nothing');
  await tx
    .insert(adReportQueue)
    .values({ ad_id: adId, open_count: 1, oldest_at: report.created_at, newest_at: report.created_at })
    .onConflictDoUpdate({
      target: adReportQueue.ad_id,
      set: {
        open_count: sql`${adReportQueue.open_count} + 1`,
        oldest_at: sql`least(${adReportQueue.oldest_at}, excluded.oldest_at)`,
        newest_at: sql`greatest(${adReportQueue.newest_at}, excluded.newest_at)`,
      },
    });
  return report;
}
