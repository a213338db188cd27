import type { AdReport, AdReportResolution, AdReportResolve, AdReportStore } from '@usluge/contract';
import { http } from '../../../api/http-client.ts';

/** The reports queue's endpoint name (`POST /api/ad_reports/index`). */
export const AD_REPORTS_ENTITY = 'ad_reports';

/**
 * `PUT /api/ad_reports/resolve/{ad_id}`: dismiss the ad's open reports or change its status. A
 * decision made meanwhile (409: resolved, the ad changed, someone else reviewing it) opens the
 * error dialog with the server's message; field errors are shown by the form.
 */
export function resolveAdReports(adId: number, resolution: AdReportResolve, idempotencyKey: string) {
  return http.put<AdReportResolution>(`/api/ad_reports/resolve/${adId}`, resolution, {
    shownFields: ['decision', 'ad_status_id', 'status_comment', 'reason_ids'],
    idempotencyKey,
  });
}

/** `POST /api/ad_reports/store`: staff report an ad from its details. */
export function reportAd(report: AdReportStore, idempotencyKey: string) {
  return http.post<AdReport>('/api/ad_reports/store', report, {
    shownFields: ['reason', 'text'],
    idempotencyKey,
  });
}
