import type { RefundRequestDecision, RefundRequestRow } from '@usluge/contract';
import { http } from '../../../api/http-client.ts';

/**
 * Approves or declines a refund request, with the version the desk read (`updated_at`): decided
 * by someone else meanwhile is a 409 whose message the error dialog shows. The reason's own error
 * is shown by the decline form.
 */
export function decideRefundRequest(id: number, decision: RefundRequestDecision, idempotencyKey: string) {
  return http.put<RefundRequestRow>(`/api/refund_requests/decide/${id}`, decision, {
    shownFields: ['reason'],
    idempotencyKey,
  });
}
