import { IDEMPOTENCY_KEY_HEADER } from '@usluge/contract';
import { useEffect } from 'react';
import { api, apiUrl } from '../../../api/api-client.ts';
import { HttpError } from '../../../api/http-error.ts';

/** How often an open ad's claim is renewed: well inside its 5 minutes (AD_CLAIM_MINUTES). */
export const CLAIM_RENEW_MS = 60_000;

const CLAIM_PATH = '/api/jobs/claim/{id}';

/** `POST /api/jobs/claim/{id}`: claims the ad for review, or renews the caller's claim. */
export function claimAd(adId: number) {
  return api.post(CLAIM_PATH, {
    params: { id: adId },
    idempotencyKey: crypto.randomUUID(),
    // Someone else's claim is not an error to show: the review moves on to another ad.
    isErrorDialogSuppressed: true,
  });
}

/**
 * Claims the ad for this review. False when someone else is reviewing it (409 naming them): the
 * review skips it. Other failures (the network) do not hold the review up: the server still
 * refuses a decision on an ad someone else holds.
 */
export async function claimForReview(adId: number): Promise<boolean> {
  try {
    await claimAd(adId);
    return true;
  } catch (error) {
    return !(error instanceof HttpError && error.status === 409);
  }
}

/**
 * `DELETE /api/jobs/claim/{id}`. With `isLeaving` (the tab closes) a bare fetch with `keepalive`,
 * which the browser finishes after the page is gone (sendBeacon cannot send DELETE); best effort.
 */
export function releaseAdClaim(adId: number, { isLeaving = false } = {}): void {
  if (isLeaving) {
    void fetch(apiUrl(CLAIM_PATH, { id: adId }), {
      method: 'DELETE',
      credentials: 'include',
      keepalive: true,
      headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
    }).catch(() => {});
    return;
  }
  void api
    .delete(CLAIM_PATH, {
      params: { id: adId },
      idempotencyKey: crypto.randomUUID(),
      isErrorDialogSuppressed: true,
    })
    .catch(() => {});
}

/**
 * Holds the claim on the ad under review (already claimed by `claimForReview`): renewed every
 * minute while it is open, released when another ad takes its place, the review closes or the tab
 * goes away. A decision releases it on the server too.
 */
export function useAdClaim(adId: number | null): void {
  useEffect(() => {
    if (adId === null) return;
    const renew = window.setInterval(() => {
      void claimAd(adId).catch(() => {});
    }, CLAIM_RENEW_MS);
    const onLeave = () => releaseAdClaim(adId, { isLeaving: true });
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.clearInterval(renew);
      window.removeEventListener('pagehide', onLeave);
      releaseAdClaim(adId);
    };
  }, [adId]);
}
