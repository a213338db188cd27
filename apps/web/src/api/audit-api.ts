import { api } from './api-client.ts';

/** The list of every entry (administrators): `POST /api/audit/index`, read by the generic list. */
export const AUDIT_ENTITY = 'audit';

/** The query key of a record's timeline: invalidate it after the record changes. */
export function auditTimelineQueryKey(recordType: string, recordId: number) {
  return ['audit-timeline', recordType, recordId] as const;
}

/**
 * One page of a record's timeline, newest first: `beforeId` is the previous page's
 * `next_before_id` (absent: the newest entries).
 */
export function fetchAuditTimeline(
  recordType: string,
  recordId: number,
  beforeId: number | null,
  signal?: AbortSignal,
) {
  return api.get('/api/audit/timeline/{record_type}/{record_id}', {
    params: { record_type: recordType, record_id: recordId },
    query: { before_id: beforeId ?? undefined },
    signal,
  });
}
