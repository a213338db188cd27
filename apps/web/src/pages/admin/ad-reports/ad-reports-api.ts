import { type ApiBody, api } from '../../../api/api-client.ts';

/** The reports queue's endpoint name (`POST /api/ad_reports/index`). */
export const AD_REPORTS_ENTITY = 'ad_reports';

/**
 * `PUT /api/ad_reports/resolve/{ad_id}`: dismiss the ad's open reports or change its status. A
 * decision made meanwhile (409: resolved, the ad changed, someone else reviewing it) opens the
 * error dialog with the server's message; field errors are shown by the form.
 */
export function resolveAdReports(
  adId: number,
  resolution: ApiBody<'put', '/api/ad_reports/resolve/{ad_id}'>,
  idempotencyKey: string,
) {
  return api.put('/api/ad_reports/resolve/{ad_id}', {
    params: { ad_id: adId },
    body: resolution,
    shownFields: ['decision', 'ad_status_id', 'status_comment', 'reason_ids'],
    idempotencyKey,
  });
}

/** `POST /api/ad_reports/store`: staff report an ad from its details. */
export function reportAd(report: ApiBody<'post', '/api/ad_reports/store'>, idempotencyKey: string) {
  return api.post('/api/ad_reports/store', {
    body: report,
    shownFields: ['reason', 'text'],
    idempotencyKey,
  });
}
