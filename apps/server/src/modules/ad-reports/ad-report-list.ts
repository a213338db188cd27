import {
  AD_REPORT_REASONS,
  type AdReportReason,
  adReportQueueRowSchema,
  type FilterOperator,
  type Language,
} from '@usluge/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adReportQueue, adReports, adStatuses, ads } from '../../db/schema/index.ts';
import { defineList, type FilterOperand, type RowScope } from '../../list-engine/list-definition.ts';

/** The queue's words for the report file (the screen will have its own in the web catalogues). */
const REASON_WORDS: Record<AdReportReason, Record<Language, string>> = {
  spam: { me: 'Spam', en: 'Spam' },
  prohibited: { me: 'Zabranjena usluga', en: 'Prohibited service' },
  wrong_category: { me: 'Pogrešna kategorija', en: 'Wrong category' },
  misleading_price: { me: 'Obmanjujuća cijena', en: 'Misleading price' },
  offensive: { me: 'Uvredljiv sadržaj', en: 'Offensive' },
  other: { me: 'Drugo', en: 'Other' },
};

const isReason = (value: unknown): value is AdReportReason =>
  typeof value === 'string' && (AD_REPORT_REASONS as readonly string[]).includes(value);

/** The open reports of the queue row's ad (the partial index ad_reports_open_idx). */
const openReportsOfRow = sql`${adReports.ad_id} = ${adReportQueue.ad_id} and ${adReports.resolved_at} is null`;

/** "Has an open report with one of these reasons". */
function reasonCondition(_operator: FilterOperator, operands: FilterOperand[]): SQL {
  return sql`exists (select 1 from ${adReports} where ${openReportsOfRow} and ${adReports.reason} in (${sql.join(
    operands.map((operand) => sql`${String(operand)}`),
    sql`, `,
  )}))`;
}

async function readQueueRows(db: Database, scope: RowScope) {
  const rows = await db
    .select({
      id: adReportQueue.ad_id,
      ad_id: adReportQueue.ad_id,
      title: ads.title,
      ad_status_id: ads.ad_status_id,
      ad_status_name: adStatuses.name,
      poster_name: ads.poster_name,
      open_count: adReportQueue.open_count,
      reasons: sql<{ reason: AdReportReason; count: number }[]>`(
        select coalesce(json_agg(json_build_object('reason', counted.reason, 'count', counted.count)
                                 order by counted.count desc, counted.reason), '[]'::json)
          from (select ${adReports.reason} as reason, count(*)::int as count
                  from ${adReports} where ${openReportsOfRow} group by ${adReports.reason}) as counted)`,
      oldest_at: adReportQueue.oldest_at,
      newest_at: adReportQueue.newest_at,
      updated_at: ads.updated_at,
    })
    .from(adReportQueue)
    .innerJoin(ads, eq(ads.id, adReportQueue.ad_id))
    .innerJoin(adStatuses, eq(adStatuses.id, ads.ad_status_id))
    .where(scope.where)
    .orderBy(scope.orderBy);
  return rows;
}

const dateColumn = (expression: SQL | typeof adReportQueue.oldest_at) =>
  ({ expression, type: 'date', operators: ['between', 'gte', 'lte'], isSortable: true }) as const;

/**
 * `POST /api/ad_reports/index`: the reports queue ("Prijave"), one row per ad with open reports,
 * most reported first; its count, reasons with their counts, first and last report time. The rows
 * are the queue table's (ad-reports schema), so each sort is on an index of its own.
 */
export const adReportList = defineList({
  resource: 'ad_reports',
  routes: ['index'],
  from: sql`${adReportQueue} inner join ${ads} on ${ads.id} = ${adReportQueue.ad_id}`,
  id: adReportQueue.ad_id,
  defaultSort: { key: 'open_count', isDescending: true },
  columns: {
    open_count: {
      expression: adReportQueue.open_count,
      type: 'number',
      operators: ['gte', 'equals'],
      isSortable: true,
    },
    oldest_at: dateColumn(adReportQueue.oldest_at),
    newest_at: dateColumn(adReportQueue.newest_at),
    // The queue row has no updated_at (the row's `updated_at` is its ad's version): it changes with
    // each report, so its time is newest_at (ad_report_queue_newest_idx).
    updated_at: dateColumn(adReportQueue.newest_at),
    reason: {
      expression: adReportQueue.ad_id,
      type: 'text',
      operators: ['in', 'equals'],
      condition: reasonCondition,
      reportCell: (row, lang) =>
        Array.isArray(row.reasons)
          ? (row.reasons as { reason: unknown; count: number }[])
              .map((item) =>
                isReason(item.reason) ? `${REASON_WORDS[item.reason][lang]} (${item.count})` : '',
              )
              .join(', ')
          : null,
      reportFields: ['reasons'],
    },
    ad_id: { expression: adReportQueue.ad_id, type: 'id', operators: ['equals'] },
    ad_status_id: { expression: ads.ad_status_id, type: 'id', operators: ['equals', 'in'] },
    title: { expression: ads.title, type: 'text', operators: ['contains'] },
  },
  rowSchema: adReportQueueRowSchema,
  access: { index: 'staff' },
  docs: {
    summary: 'The reports queue: ads with open reports, most reported first',
    description:
      "The list body of every list. One row per ad with open reports (`id` is the ad's id): title, status, poster, `open_count`, `reasons` (each reason with its count, most frequent first), `oldest_at` and `newest_at` (first and last open report), `updated_at` (the ad's version, for a status decision). Sort by `open_count` (default, descending), `oldest_at` or `newest_at`. Filters: `reason` (one or a list: ads with an open report of that reason), `oldest_at` / `newest_at` (between dates), `open_count` (gte), `ad_id`, `ad_status_id`, `title` (contains). Resolve with PUT /api/ad_reports/resolve/{ad_id}.",
  },
  loadRows: readQueueRows,
});
