import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdRow, AdStatus, RefundRequestRow } from '@usluge/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, listAnswer, mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

function request(id: number, overrides: Partial<RefundRequestRow> = {}): RefundRequestRow {
  return {
    id,
    lead_id: 40 + id,
    ad: { id: 70 + id, title: `Košenje dvorišta ${id}` },
    credit: 5,
    reason: 'no_answer',
    text: null,
    status: 'waiting',
    decided_at: null,
    decision_reason: null,
    created_at: '2026-11-03T09:00:00Z',
    updated_at: `2026-11-03T09:00:00.${id}45Z`,
    user_id: 30 + id,
    member_name: `Mila Kupac ${id}`,
    service_name: 'Košenje trave',
    contact_time: '2026-11-01T09:00:00Z',
    decided_by: null,
    refund_rate: { refunded: 3, contacts: 12 },
    ...overrides,
  };
}

const WAITING = request(8);
const DECIDED = request(9, {
  status: 'declined',
  decided_at: '2026-11-04T10:00:00Z',
  decided_by: 'Ana Marković',
  decision_reason: 'Odgovoreno na vrijeme.',
});

beforeAll(async () => {
  await Promise.all([
    import('../../../app/shell/admin-layout.tsx'),
    import('../../../components/list/list-screen.tsx'),
    import('./refunds-resource.tsx'),
    import('../ads/ads-resource.tsx'),
  ]);
}, 60_000);

async function openDesk(extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    ...ADMIN_HOME_ANSWERS,
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/refund_requests/index': listAnswer([WAITING, DECIDED]),
    ...extra,
  });
  await renderApp('/refunds', { isReset: false });
  await screen.findAllByText('Mila Kupac 8');
  return { net, user: userEvent.setup() };
}

const rowOf = (text: string) => screen.getAllByText(text)[0]?.closest('tr') as HTMLElement;

describe('the refund desk', () => {
  it("shows each request with the member's refund rate, and decisions only for waiting ones", async () => {
    const { net } = await openDesk();
    expect(net.lastBodyOf('POST /api/refund_requests/index')).toMatchObject({
      options: { sortBy: ['decided_at'], sortDesc: [true] },
    });
    const waiting = rowOf('Mila Kupac 8');
    expect(within(waiting).getByText('3 od 12')).toBeInTheDocument();
    expect(within(waiting).getByText('Čeka')).toBeInTheDocument();
    expect(within(waiting).getByText('Bez odgovora')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: /Odobri povrat/ })).toBeInTheDocument();
    const decided = rowOf('Mila Kupac 9');
    expect(within(decided).getByText('Odbijen')).toBeInTheDocument();
    expect(within(decided).queryByRole('button', { name: /Odobri povrat/ })).toBeNull();
  });

  it('approves after asking, with the version read and an Idempotency-Key, then reloads', async () => {
    const { net, user } = await openDesk({
      'PUT /api/refund_requests/decide/8': { body: { ...WAITING, status: 'approved' } },
    });
    await user.click(within(rowOf('Mila Kupac 8')).getByRole('button', { name: /Odobri povrat/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Odobriti povrat za „Košenje dvorišta 8“?' });
    expect(within(dialog).getByText('Članu Mila Kupac 8 se vraća 5 kredita, jednom.')).toBeInTheDocument();
    const loads = net.callsTo('POST /api/refund_requests/index').length;
    await user.click(within(dialog).getByRole('button', { name: 'Odobri povrat' }));
    await waitFor(() => expect(net.callsTo('PUT /api/refund_requests/decide/8')).toHaveLength(1));
    const [sent] = net.callsTo('PUT /api/refund_requests/decide/8');
    expect(sent?.body).toEqual({ is_approved: true, reason: null, updated_at: WAITING.updated_at });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Povrat je odobren: krediti su vraćeni.')).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('POST /api/refund_requests/index').length).toBeGreaterThan(loads));
  });

  it('declines only with a reason, which it sends', async () => {
    const { net, user } = await openDesk({
      'PUT /api/refund_requests/decide/8': { body: { ...WAITING, status: 'declined' } },
    });
    await user.click(within(rowOf('Mila Kupac 8')).getByRole('button', { name: /Odbij zahtjev/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Odbijanje zahtjeva: Košenje dvorišta 8' });
    await user.click(within(dialog).getByRole('button', { name: 'Odbij zahtjev' }));
    expect(await within(dialog).findByText('Obavezno polje.')).toBeInTheDocument();
    expect(net.callsTo('PUT /api/refund_requests/decide/8')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Razlog/ }), 'Oglašivač je odgovorio.');
    await user.click(within(dialog).getByRole('button', { name: 'Odbij zahtjev' }));
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/refund_requests/decide/8')).toEqual({
        is_approved: false,
        reason: 'Oglašivač je odgovorio.',
        updated_at: WAITING.updated_at,
      }),
    );
    expect(await screen.findByText('Zahtjev je odbijen; član je obaviješten.')).toBeInTheDocument();
  });
});

const WAITING_STATUS: AdStatus = {
  id: 1,
  name: 'Čeka odobrenje',
  background_color: '#FFC107',
  is_reason_required: false,
};
const APPROVED: AdStatus = { id: 2, name: 'Odobren', background_color: '#4CAF50', is_reason_required: false };
const REJECTED: AdStatus = { id: 3, name: 'Odbijen', background_color: '#F44336', is_reason_required: true };

const PAID_AD: AdRow = {
  id: 15,
  title: 'Selidba stana',
  is_offer: true,
  posted_by_user_id: 22,
  user_name: 'Petar Petrović',
  price_from: 20,
  price_to: null,
  currency: { id: 1, short_name: 'EUR', sign: '€' },
  status: APPROVED,
  is_active: true,
  open_paid_leads: 2,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00.715Z',
};

async function openAds(extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    ...ADMIN_HOME_ANSWERS,
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/jobs/index': listAnswer([PAID_AD]),
    'POST /api/ad_statuses/statusOrder': { body: { status_order: [WAITING_STATUS, REJECTED] } },
    // A rejection offers the reason templates beside the comment.
    'POST /api/rejection_reasons/index_active': listAnswer([]),
    ...extra,
  });
  await renderApp('/ads', { isReset: false });
  await screen.findAllByText('Selidba stana');
  return { net, user: userEvent.setup() };
}

describe('removing an ad members paid to contact', () => {
  it('the status dialog offers, only for a rejection, to refund the open paid contacts and sends refund_leads', async () => {
    const { net, user } = await openAds({
      'PUT /api/jobs/changeStatus/15': { body: { ...PAID_AD, status: REJECTED, open_paid_leads: 0 } },
    });
    await user.click(
      within(rowOf('Selidba stana')).getByRole('button', { name: 'Promijeni status: Odobren' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Promjena statusa' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Čeka odobrenje' }));
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Odbijen' }));
    const refund = within(dialog).getByRole('checkbox', {
      name: 'Vrati kredite članovima za plaćene kontakte bez odgovora (2)',
    });
    expect(refund).not.toBeChecked();
    await user.click(refund);
    await user.type(within(dialog).getByRole('textbox', { name: /Razlog/ }), 'Lažan oglas.');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj status' }));
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/jobs/changeStatus/15')).toMatchObject({
        ad_status_id: 3,
        status_comment: 'Lažan oglas.',
        refund_leads: true,
      }),
    );
  });

  it('the deactivate confirmation offers a second button that deactivates with ?refund_leads=true', async () => {
    const { net, user } = await openAds({
      'DELETE /api/jobs/destroy/15': { body: { ...PAID_AD, is_active: false, open_paid_leads: 0 } },
    });
    await user.click(within(rowOf('Selidba stana')).getByRole('button', { name: /Deaktiviraj/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Deaktiviraj' })).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Deaktiviraj i vrati kredite (2 kontakata)' }),
    );
    await waitFor(() => expect(net.callsTo('DELETE /api/jobs/destroy/15')).toHaveLength(1));
    const url = String(
      net.fetchMock.mock.calls.find(([input]) => String(input).includes('/api/jobs/destroy/15'))?.[0],
    );
    const query = new URL(url, 'http://localhost').searchParams;
    expect(query.get('refund_leads')).toBe('true');
    expect(query.get('updated_at')).toBe(PAID_AD.updated_at);
  });
});
