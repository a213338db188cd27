import { api } from '../../../api/api-client.ts';

/**
 * Lifts a user's sign-in lock. The same `idempotencyKey` (one per opened confirmation) for a
 * retried request is answered with the first answer.
 */
export function unlockUserSignIn(userId: number, idempotencyKey: string) {
  return api.post('/api/users/unlock/{id}', { params: { id: userId }, idempotencyKey });
}
