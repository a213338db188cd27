import type { RefundRequestDecision } from '@usluge/contract';
import { api } from '../../../api/api-client.ts';

/**
 * Approves or declines a refund request, with the version the desk read (`updated_at`): decided
 * by someone else meanwhile is a 409 whose message the error dialog shows. The reason's own error
 * is shown by the decline form.
 */
export function decideRefundRequest(id: number, decision: RefundRequestDecision, idempotencyKey: string) {
  return api.put('/api/refund_requests/decide/{id}', {
    params: { id },
    body: decision,
    shownFields: ['reason'],
    idempotencyKey,
  });
}
