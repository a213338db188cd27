import type { UserUnlockAnswer } from '@usluge/contract';
import { http } from '../../../api/http-client.ts';

/**
 * Lifts a user's sign-in lock. The same `idempotencyKey` (one per opened confirmation) for a
 * retried request is answered with the first answer.
 */
export function unlockUserSignIn(userId: number, idempotencyKey: string) {
  return http.post<UserUnlockAnswer>(`/api/users/unlock/${userId}`, undefined, { idempotencyKey });
}
