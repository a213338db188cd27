import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdDetails, AdRow, AdStatus, RejectionReasonRow } from '@usluge/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, jsonResponse, listAnswer, mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

const WAITING: AdStatus = {
  id: 1,
  name: 'Čeka odobrenje',
  background_color: '#FFC107',
  is_reason_required: false,
};
const APPROVED: AdStatus = { id: 2, name: 'Odobren', background_color: '#4CAF50', is_reason_required: false };
const REJECTED: AdStatus = { id: 3, name: 'Odbijen', background_color: '#F44336', is_reason_required: true };

function adRow(id: number, title: string, status: AdStatus = WAITING): AdRow {
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
    created_at: '2026-11-01T10:00:00Z',
    updated_at: `2026-11-02T10:00:00.${id}12Z`,
  };
}

function adDetails(row: AdRow): AdDetails {
  return {
    ...row,
    description: `Opis oglasa ${row.title}`,
    status_comment: null,
    all_countries: true,
    all_working_days: true,
    services: [],
    places: [],
    ad_days: [],
    photos: [],
    status_history: [],
  };
}

const reason = (id: number, me: string, en: string): RejectionReasonRow => ({
  id,
  title_me: me,
  title_en: en,
  text_me: `Tekst: ${me}`,
  text_en: `Text: ${en}`,
  is_active: true,
  updated_at: '2026-11-01T10:00:00Z',
});
// Ids unlike the ads' and the statuses', so that a mix-up shows.
const REASONS = [
  reason(41, 'Nepotpun opis', 'Incomplete description'),
  reason(43, 'Pogrešna kategorija', 'Wrong category'),
  reason(47, 'Kontakt podaci u tekstu', 'Contact details in the text'),
];

const MOWING = adRow(5, 'Košenje dvorišta');
const MOVING = adRow(6, 'Selidba stana');

beforeAll(async () => {
  await Promise.all([
    import('../../../app/shell/admin-layout.tsx'),
    import('../../../components/list/list-screen.tsx'),
    import('./ads-resource.tsx'),
    import('./ads-on-approval-screen.tsx'),
  ]);
}, 60_000);

async function openAds(extra: Parameters<typeof mockFetch>[0] = {}, path = '/ads') {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    ...ADMIN_HOME_ANSWERS,
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/jobs/index': listAnswer([MOWING, MOVING]),
    // The review queue's own list (/ads-on-approval and its review mode).
    'POST /api/jobs_queue/index': listAnswer([MOWING, MOVING]),
    'GET /api/jobs/show/5': { body: adDetails(MOWING) },
    'POST /api/ad_statuses/statusOrder': { body: { status_order: [APPROVED, REJECTED] } },
    'POST /api/rejection_reasons/index_active': listAnswer(REASONS),
    ...extra,
  });
  await renderApp(path, { isReset: false });
  await screen.findAllByText('Košenje dvorišta');
  return { net, user: userEvent.setup() };
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('the rejection reason picker', () => {
  it('in the status dialog: offered only for Odbijen, picked by keyboard, a template alone is a reason; the ids are sent', async () => {
    const { net, user } = await openAds({
      'PUT /api/jobs/changeStatus/5': { body: adRow(5, 'Košenje dvorišta', REJECTED) },
    });
    await user.click(
      within(rowOf('Košenje dvorišta')).getByRole('button', { name: 'Promijeni status: Čeka odobrenje' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Promjena statusa' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Odobren' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Razlozi iz predložaka' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Odbijen' }));

    const picker = within(dialog).getByRole('combobox', { name: 'Razlozi iz predložaka' });
    await user.click(picker);
    // The titles in the interface language, each with the start of its text.
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Nepotpun opisTekst: Nepotpun opis',
      'Pogrešna kategorijaTekst: Pogrešna kategorija',
      'Kontakt podaci u tekstuTekst: Kontakt podaci u tekstu',
    ]);
    // By keyboard: type to filter, Enter picks; the list stays open for a second one.
    await user.type(picker, 'kontakt');
    await user.keyboard('{Enter}');
    await user.clear(picker);
    await user.keyboard('{ArrowDown}{Enter}{Escape}');
    expect(
      within(dialog).getAllByRole('button', { name: /Kontakt podaci u tekstu|Nepotpun opis/ }),
    ).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj status' }));
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/jobs/changeStatus/5')).toEqual({
        ad_status_id: 3,
        status_comment: null,
        reason_ids: [47, 41],
        from_status_id: 1,
        updated_at: MOWING.updated_at,
      }),
    );
  });

  it('in the status dialog: neither a template nor a comment is refused before sending; a 422 on reason_ids shows under the picker', async () => {
    const message = 'Izabrani razlog odbijanja ne postoji ili nije aktivan.';
    const { net, user } = await openAds({
      'PUT /api/jobs/changeStatus/5': () => jsonResponse(422, { message, errors: { reason_ids: [message] } }),
    });
    await user.click(
      within(rowOf('Košenje dvorišta')).getByRole('button', { name: 'Promijeni status: Čeka odobrenje' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Promjena statusa' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Odbijen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj status' }));
    expect(await within(dialog).findByText('Obavezno polje.')).toBeInTheDocument();
    expect(net.callsTo('PUT /api/jobs/changeStatus/5')).toHaveLength(0);

    const picker = within(dialog).getByRole('combobox', { name: 'Razlozi iz predložaka' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /Pogrešna kategorija/ }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj status' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(net.lastBodyOf('PUT /api/jobs/changeStatus/5')).toMatchObject({ reason_ids: [43] });
  });

  it('in the bulk rejection: the picked templates go with the chosen ads', async () => {
    // Bulk decisions are offered on the queue of ads awaiting approval.
    const { net, user } = await openAds(
      {
        'PUT /api/jobs/changeStatus': {
          body: { changed: [5, 6], unchanged: [], refused: [], next_after_id: null, remaining: 0 },
        },
      },
      '/ads-on-approval',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Izaberi sve na stranici' }));
    await user.click(screen.getByRole('button', { name: 'Odbij izabrane' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odbiti izabrane oglase (2)?' });
    const picker = within(dialog).getByRole('combobox', { name: 'Razlozi iz predložaka' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /Nepotpun opis/ }));
    await user.click(await screen.findByRole('option', { name: /Pogrešna kategorija/ }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Odbij' }));
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/jobs/changeStatus')).toMatchObject({
        ids: [5, 6],
        ad_status_id: 3,
        status_comment: null,
        reason_ids: [41, 43],
      }),
    );
  });
});

describe('a bulk decision on all the queue matches', () => {
  it("names the count, sends the queue's filters chunk by chunk as the queue's, and says what was decided", async () => {
    const { net, user } = await openAds(
      {
        'POST /api/jobs_queue/index': listAnswer([MOWING, MOVING], 1234),
        'PUT /api/jobs/changeStatus': [
          { body: { changed: [5, 6], unchanged: [], refused: [], next_after_id: 6, remaining: 1232 } },
          {
            body: {
              changed: Array.from({ length: 1231 }, (_, n) => 100 + n),
              unchanged: [],
              refused: [{ id: 99, message: 'Oglas je u međuvremenu dobio status „Odobren“.' }],
              next_after_id: null,
              remaining: 0,
            },
          },
        ],
      },
      '/ads-on-approval',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Izaberi sve na stranici' }));
    await user.click(screen.getByRole('button', { name: 'Izaberi svih 1.234 koji odgovaraju filteru' }));
    await user.click(screen.getByRole('button', { name: 'Odobri izabrane' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odobriti izabrane oglase (1.234)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Odobri' }));
    expect(await within(dialog).findByText('Promijenjeno (1.233)')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('#99: Oglas je u međuvremenu dobio status „Odobren“.');
    const bodies = net
      .callsTo('PUT /api/jobs/changeStatus')
      .map((call) => call.body as Record<string, unknown>);
    expect(bodies.map((body) => [body.list, body.after_id, body.ids])).toEqual([
      ['jobs_queue', 0, undefined],
      ['jobs_queue', 6, undefined],
    ]);
    expect(bodies[0]).toMatchObject({ ad_status_id: 2, filters: expect.any(Object) });
  });
});
