import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdReportQueueRow, AdStatus } from '@usluge/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, listAnswer, mockFetch } from '../../../test/fetch-mock.ts';
import { MODERATOR_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

const APPROVED: AdStatus = { id: 2, name: 'Odobren', background_color: '#4CAF50', is_reason_required: false };
const REJECTED: AdStatus = { id: 3, name: 'Odbijen', background_color: '#F44336', is_reason_required: true };
const DEACTIVATED: AdStatus = {
  id: 4,
  name: 'Deaktiviran',
  background_color: '#9E9E9E',
  is_reason_required: false,
};

const ROW: AdReportQueueRow = {
  id: 41,
  ad_id: 41,
  title: 'Jeftino košenje',
  ad_status_id: APPROVED.id,
  ad_status_name: APPROVED.name,
  poster_name: 'Marko Marković',
  open_count: 3,
  reasons: [
    { reason: 'spam', count: 2 },
    { reason: 'other', count: 1 },
  ],
  oldest_at: '2026-11-20T08:00:00Z',
  newest_at: '2026-11-21T09:30:00Z',
  updated_at: '2026-11-19T10:00:00.123Z',
};

beforeAll(async () => {
  await Promise.all([
    import('../../../app/shell/admin-layout.tsx'),
    import('../../../components/list/list-screen.tsx'),
    import('./ad-reports-resource.tsx'),
  ]);
}, 60_000);

async function openQueue(extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    ...ADMIN_HOME_ANSWERS,
    'GET /api/user': { body: MODERATOR_USER },
    'POST /api/ad_reports/index': listAnswer([ROW]),
    'POST /api/ad_statuses/statusOrder': { body: { status_order: [REJECTED, DEACTIVATED] } },
    'POST /api/rejection_reasons/index_active': listAnswer([
      { id: 8, title_me: 'Spam', title_en: 'Spam', text_me: 'Oglas je spam.', text_en: 'The ad is spam.' },
    ]),
    'PUT /api/ad_reports/resolve/41': { body: { ad_id: 41, decision: 'dismiss', resolved_reports: 3 } },
    ...extra,
  });
  await renderApp('/ad-reports', { isReset: false });
  const title = (await screen.findAllByText('Jeftino košenje', {}, { timeout: 10_000 }))[0];
  const row = title?.closest('tr') as HTMLElement;
  return { net, row, user: userEvent.setup() };
}

describe('the reports queue (Prijave)', () => {
  it('shows each reported ad with its count and reasons, translated, most frequent first', async () => {
    const { net, row } = await openQueue();
    expect(within(row).getByText('Spam (2), Drugo (1)')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('Marko Marković')).toBeInTheDocument();
    expect(net.lastBodyOf('POST /api/ad_reports/index')).toMatchObject({
      options: { sortBy: ['open_count'], sortDesc: [true] },
    });
  });

  it('dismisses the reports: one call with the decision only', async () => {
    const { net, row, user } = await openQueue();
    await user.click(within(row).getByRole('button', { name: 'Riješi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rješavanje prijava' });
    expect(within(dialog).getByText('Oglas „Jeftino košenje“: 3 otvorenih prijava.')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('radio', { name: 'Odbaci prijave (oglas ostaje kakav je)' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Riješi prijave' }));
    await waitFor(() => expect(net.callsTo('PUT /api/ad_reports/resolve/41')).toHaveLength(1));
    expect(net.lastBodyOf('PUT /api/ad_reports/resolve/41')).toEqual({
      decision: 'dismiss',
      status_comment: null,
      reason_ids: [],
    });
    expect(net.callsTo('PUT /api/ad_reports/resolve/41')[0]?.headers['idempotency-key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rješavanje prijava' })).toBeNull());
  });

  it("changes the ad's status from the status order; a status that needs a reason asks for one and sends the version seen", async () => {
    const { net, row, user } = await openQueue();
    await user.click(within(row).getByRole('button', { name: 'Riješi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rješavanje prijava' });
    await user.click(within(dialog).getByRole('radio', { name: 'Promijeni status oglasa' }));
    expect(await within(dialog).findByRole('radiogroup', { name: 'Novi status' })).toBeInTheDocument();
    expect(net.lastBodyOf('POST /api/ad_statuses/statusOrder')).toMatchObject({ status_id: 2 });
    // No status chosen yet.
    await user.click(within(dialog).getByRole('button', { name: 'Riješi prijave' }));
    expect(await within(dialog).findByText('Obavezno polje')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Odbijen' }));
    // Odbijen needs a reason: a template or a comment.
    await user.click(within(dialog).getByRole('button', { name: 'Riješi prijave' }));
    expect(
      await within(dialog).findByText('Navedite razlog: izaberite obrazac ili napišite obrazloženje.'),
    ).toBeInTheDocument();
    expect(net.callsTo('PUT /api/ad_reports/resolve/41')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Obrazloženje' }), 'Ponavljani spam.');
    await user.click(within(dialog).getByRole('button', { name: 'Riješi prijave' }));
    await waitFor(() => expect(net.callsTo('PUT /api/ad_reports/resolve/41')).toHaveLength(1));
    expect(net.lastBodyOf('PUT /api/ad_reports/resolve/41')).toEqual({
      decision: 'status',
      ad_status_id: 3,
      status_comment: 'Ponavljani spam.',
      reason_ids: [],
      updated_at: '2026-11-19T10:00:00.123Z',
    });
  });
});
