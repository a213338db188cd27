import type { AuditTimeline } from '@usluge/contract';
import { http } from './http-client.ts';

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
  const path = `/api/audit/timeline/${encodeURIComponent(recordType)}/${encodeURIComponent(String(recordId))}`;
  const query = beforeId === null ? '' : `?${new URLSearchParams({ before_id: String(beforeId) })}`;
  return http.get<AuditTimeline>(`${path}${query}`, { signal });
}
