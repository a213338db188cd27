import { type ApiBody, api } from '../../../api/api-client.ts';

/** Where a user's credit history is read (filtered by `credit_for_user_id`). */
export const LEAD_TRANSACTIONS_PATH = '/api/lead_transactions/index';

/** The add-credits form's fields: their errors show under them, not in the error dialog. */
export const ADD_CREDITS_FIELDS = ['credit_price_id', 'credit_amount', 'credit_for_user_id'] as const;

/**
 * Adds credits to a user (or corrects the balance). The same `idempotencyKey` for a retried
 * request makes the server answer the first result instead of crediting twice.
 */
export function storeLeadTransaction(
  body: ApiBody<'post', '/api/lead_transactions/store'>,
  idempotencyKey: string,
) {
  return api.post('/api/lead_transactions/store', {
    body,
    idempotencyKey,
    shownFields: ADD_CREDITS_FIELDS,
  });
}
