import type { AdRow, ListRequest } from '@usluge/contract';
import { type ApiBody, api } from '../../../api/api-client.ts';
import { fetchList } from '../../../api/list-api.ts';
import { bulkRequestOptions } from '../../../components/list/bulk-run.ts';

/** The ads' endpoint name (`/api/jobs/index`, `/store`, `/update/{id}`, `/destroy/{id}`). */
export const ADS_ENTITY = 'jobs';

/**
 * The review queue's list (`/api/jobs_queue/index`): the server's one definition of the queue
 * (active ads awaiting approval, oldest first), which the dashboard counts too.
 */
export const REVIEW_QUEUE_ENTITY = 'jobs_queue';

export const adDetailsQueryKey = (id: number) => ['ad-details', id] as const;

/** `GET /api/jobs/show/{id}`: everything the details dialog shows. */
export function fetchAdDetails(
  id: number,
  signal?: AbortSignal,
  options: { isErrorDialogSuppressed?: boolean } = {},
) {
  return api.get('/api/jobs/show/{id}', { params: { id }, signal, ...options });
}

/** Where an ad in this status may go next (`POST /api/ad_statuses/statusOrder`). */
export async function fetchNextStatuses(statusId: number, signal?: AbortSignal) {
  const answer = await api.post('/api/ad_statuses/statusOrder', {
    body: { status_id: statusId, is_report: false },
    signal,
  });
  return answer.status_order;
}

/**
 * One moderator's decision. `from_status_id` is the status they saw and `updated_at` the version of
 * the ad they read: if someone decided or edited first the server answers 409 and the HTTP client
 * shows its message. Field errors (the reason) are shown by the caller's form.
 */
/** A status decision as the API takes it (ids as numbers, `updated_at` the version as read). */
export type AdStatusChangeBody = ApiBody<'put', '/api/jobs/changeStatus/{id}'>;

export function changeAdStatus(id: number, change: AdStatusChangeBody, idempotencyKey: string) {
  return api.put('/api/jobs/changeStatus/{id}', {
    params: { id },
    body: change,
    shownFields: ['ad_status_id', 'status_comment', 'reason_ids'],
    idempotencyKey,
  });
}

/**
 * The same decision for several ads, each checked alone: which changed, which were refused and why.
 * One request of a bulk run (bulk-run.ts), whose dialog shows a failure itself.
 */
export function changeAdStatuses(change: ApiBody<'put', '/api/jobs/changeStatus'>, idempotencyKey: string) {
  return api.put('/api/jobs/changeStatus', { body: change, ...bulkRequestOptions(idempotencyKey) });
}

/**
 * A page of the review queue, oldest first, as its list shows it: the ads of the queue (the server
 * says which) that also match the list's filters (a moderator who narrowed it reviews what they see).
 */
export function fetchWaitingAds(
  filters: ListRequest['filters'],
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  const request: ListRequest = {
    filters,
    options: { page, itemsPerPage: pageSize, sortBy: ['updated_at'], sortDesc: [false] },
    show_only_active: null,
  };
  return fetchList<AdRow>(REVIEW_QUEUE_ENTITY, request, signal);
}
