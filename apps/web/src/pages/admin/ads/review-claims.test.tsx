import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdDetails, AdRow, AdStatus } from '@usluge/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_HOME_ANSWERS, listAnswer, mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';
import { CLAIM_RENEW_MS, useAdClaim } from './use-ad-claim.ts';

const WAITING: AdStatus = {
  id: 1,
  name: 'Čeka odobrenje',
  background_color: '#FFC107',
  is_reason_required: false,
};
const APPROVED: AdStatus = { id: 2, name: 'Odobren', background_color: '#4CAF50', is_reason_required: false };

function adRow(id: number, title: string, claimedBy: string | null = null, status = WAITING): AdRow {
  return {
    id,
    title,
    is_offer: true,
    posted_by_user_id: 12,
    user_name: 'Marko Marković',
    price_from: 20,
    price_to: null,
    currency: { id: 1, short_name: 'EUR', sign: '€' },
    status,
    is_active: true,
    claimed_by: claimedBy,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: `2026-11-02T10:00:00.${id}12Z`,
  };
}

const details = (row: AdRow): AdDetails => ({
  ...row,
  description: null,
  status_comment: null,
  all_countries: true,
  all_working_days: true,
  services: [],
  places: [],
  ad_days: [],
  photos: [],
  status_history: [],
});

const MOWING = adRow(5, 'Košenje dvorišta');
const MOVING = adRow(6, 'Selidba stana', 'Ana Anić');
const PAINTING = adRow(7, 'Krečenje sobe');
const claimed = { body: { ad_id: 0, claimed_by: 'Admin Adminović', expires_at: '2026-11-02T10:05:00Z' } };

beforeAll(async () => {
  await Promise.all([
    import('../../../app/shell/admin-layout.tsx'),
    import('../../../components/list/list-screen.tsx'),
    import('./ads-on-approval-screen.tsx'),
  ]);
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('review mode and claims', () => {
  it('claims the ad it shows, skips one someone else reviews, releases on decision and on close; the list names the holder', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({
      ...ADMIN_HOME_ANSWERS,
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/jobs/index': listAnswer([MOWING, MOVING, PAINTING]),
      // The review queue's own list (/ads-on-approval and its review mode).
      'POST /api/jobs_queue/index': listAnswer([MOWING, MOVING, PAINTING]),
      'GET /api/jobs/show/5': { body: details(MOWING) },
      'GET /api/jobs/show/6': { body: details(MOVING) },
      'GET /api/jobs/show/7': { body: details(PAINTING) },
      'POST /api/jobs/claim/5': claimed,
      'POST /api/jobs/claim/6': {
        status: 409,
        body: { message: 'Ovaj oglas upravo pregleda Ana Anić.', claimed_by: 'Ana Anić' },
      },
      'POST /api/jobs/claim/7': claimed,
      'DELETE /api/jobs/claim/5': { body: { ad_id: 5 } },
      'DELETE /api/jobs/claim/7': { body: { ad_id: 7 } },
      'PUT /api/jobs/changeStatus/5': { body: adRow(5, 'Košenje dvorišta', null, APPROVED) },
    });
    await renderApp('/ads-on-approval', { isReset: false });
    const user = userEvent.setup();
    // The list shows who reviews a claimed ad.
    const movingRow = (await screen.findAllByText('Selidba stana', {}, { timeout: 10_000 }))[0]?.closest(
      'tr',
    ) as HTMLElement;
    expect(within(movingRow).getByText('Pregleda: Ana Anić')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pregled jedan po jedan' }));
    const review = await screen.findByRole('dialog', { name: 'Pregled oglasa na odobrenju' });
    await within(review).findByRole('heading', { level: 3, name: 'Košenje dvorišta' });
    expect(net.callsTo('POST /api/jobs/claim/5')).toHaveLength(1);
    expect(net.callsTo('POST /api/jobs/claim/5')[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    // Approved: the next ad is claimed, the one Ana reviews is skipped without an error dialog.
    await user.keyboard('a');
    await within(review).findByRole('heading', { level: 3, name: 'Krečenje sobe' });
    expect(net.callsTo('POST /api/jobs/claim/6')).toHaveLength(1);
    expect(within(review).queryByRole('heading', { level: 3, name: 'Selidba stana' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Greška' })).toBeNull();
    await waitFor(() => expect(net.callsTo('DELETE /api/jobs/claim/5')).toHaveLength(1));

    // Closing the review releases the ad it showed.
    await user.click(within(review).getByRole('button', { name: 'Zatvori pregled' }));
    await waitFor(() => expect(net.callsTo('DELETE /api/jobs/claim/7')).toHaveLength(1));
  });

  it('renews the claim every minute while the ad is open, and releases it on the way out (keepalive when the tab closes)', () => {
    vi.useFakeTimers();
    const net = mockFetch({
      'POST /api/jobs/claim/9': claimed,
      'DELETE /api/jobs/claim/9': { body: { ad_id: 9 } },
    });
    const { unmount } = renderHook(() => useAdClaim(9));
    expect(net.callsTo('POST /api/jobs/claim/9')).toHaveLength(0);
    vi.advanceTimersByTime(CLAIM_RENEW_MS);
    expect(net.callsTo('POST /api/jobs/claim/9')).toHaveLength(1);
    vi.advanceTimersByTime(CLAIM_RENEW_MS);
    expect(net.callsTo('POST /api/jobs/claim/9')).toHaveLength(2);

    window.dispatchEvent(new Event('pagehide'));
    const leaving = net.fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(leaving?.[1]).toMatchObject({ method: 'DELETE', keepalive: true, credentials: 'include' });

    unmount();
    expect(net.callsTo('DELETE /api/jobs/claim/9')).toHaveLength(2);
    vi.advanceTimersByTime(CLAIM_RENEW_MS * 3);
    expect(net.callsTo('POST /api/jobs/claim/9')).toHaveLength(2);
  });
});
