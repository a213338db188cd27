import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdDetails, AdRow, AdStatus } from '@usluge/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import {
  ADMIN_HOME_ANSWERS,
  jsonResponse,
  listAnswer,
  mockFetch,
  type SeenRequest,
} from '../../../test/fetch-mock.ts';
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
    // Versions with milliseconds, sent back exactly as read.
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
    services: [{ id: 4, name: 'Košenje trave' }],
    places: [],
    ad_days: [],
    photos: [],
    status_history: [],
  };
}

// The screens' modules (the ad form with its pickers among them) load once, before the first test.
beforeAll(async () => {
  await Promise.all([
    import('../../../app/shell/admin-layout.tsx'),
    import('../../../components/list/list-screen.tsx'),
    import('./ads-resource.tsx'),
    import('./ads-on-approval-screen.tsx'),
  ]);
}, 60_000);

const MOWING = adRow(5, 'Košenje dvorišta');
const MOVING = adRow(6, 'Selidba stana');

/** Review mode opened on the first waiting ad, R pressed: the reason field has the focus. */
async function startRejectingFirstAd(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Pregled jedan po jedan' }));
  const review = await screen.findByRole('dialog', { name: 'Pregled oglasa na odobrenju' });
  await within(review).findByRole('heading', { level: 3, name: 'Košenje dvorišta' });
  await user.keyboard('r');
  const reason = await within(review).findByRole('textbox', { name: /Razlog odbijanja/ });
  await waitFor(() => expect(reason).toHaveFocus());
  return { review, reason };
}

async function openScreen(path: string, extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    ...ADMIN_HOME_ANSWERS,
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/jobs/index': listAnswer([MOWING, MOVING]),
    // The review queue's own list (/ads-on-approval and its review mode).
    'POST /api/jobs_queue/index': listAnswer([MOWING, MOVING]),
    'GET /api/jobs/show/5': { body: adDetails(MOWING) },
    'GET /api/jobs/show/6': { body: adDetails(MOVING) },
    'POST /api/ad_statuses/statusOrder': { body: { status_order: [APPROVED, REJECTED] } },
    'POST /api/currencies/index_active': listAnswer([{ id: 1, name: 'Euro', short_name: 'EUR', sign: '€' }]),
    'POST /api/rejection_reasons/index_active': listAnswer([]),
    ...extra,
  });
  const { router } = await renderApp(path, { isReset: false });
  await screen.findAllByText('Košenje dvorišta');
  return { net, router, user: userEvent.setup() };
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('the status dialog', () => {
  it('offers the status order, requires a status and, for Odbijen, a reason; sends the status seen', async () => {
    const { net, user } = await openScreen('/ads', {
      'PUT /api/jobs/changeStatus/5': { body: adRow(5, 'Košenje dvorišta', REJECTED) },
    });
    await user.click(
      within(rowOf('Košenje dvorišta')).getByRole('button', { name: 'Promijeni status: Čeka odobrenje' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Promjena statusa' });
    expect(net.lastBodyOf('POST /api/ad_statuses/statusOrder')).toMatchObject({ status_id: 1 });
    const choices = await within(dialog).findAllByRole('radio');
    expect(choices.map((radio) => radio.closest('label')?.textContent)).toEqual(['Odobren', 'Odbijen']);

    // Nothing chosen: 'Obavezno polje'.
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj status' }));
    expect(await within(dialog).findByText('Obavezno polje')).toBeInTheDocument();

    // Odobren needs no reason; Odbijen does.
    await user.click(within(dialog).getByRole('radio', { name: 'Odobren' }));
    expect(within(dialog).queryByRole('textbox', { name: /Razlog/ })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Odbijen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj status' }));
    expect(await within(dialog).findByText('Obavezno polje.')).toBeInTheDocument();
    expect(net.callsTo('PUT /api/jobs/changeStatus/5')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Razlog/ }), 'Nedostaje opis.');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj status' }));
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/jobs/changeStatus/5')).toEqual({
        ad_status_id: 3,
        status_comment: 'Nedostaje opis.',
        reason_ids: [],
        from_status_id: 1,
        updated_at: '2026-11-02T10:00:00.512Z',
      }),
    );
    // The decision is sent once, with the Idempotency-Key of this opening of the dialog.
    expect(net.callsTo('PUT /api/jobs/changeStatus/5')).toHaveLength(1);
    expect(net.callsTo('PUT /api/jobs/changeStatus/5')[0]?.headers['idempotency-key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(await screen.findByText('Status oglasa „Košenje dvorišta“ je sada: Odbijen.')).toBeInTheDocument();
  });

  it("shows the server's message when someone decided first (409) and reloads the list", async () => {
    const stale = 'Oglas je u međuvremenu dobio status „Odobren“. Osvježite prikaz i odlučite ponovo.';
    const { net, user } = await openScreen('/ads', {
      'PUT /api/jobs/changeStatus/5': { status: 409, body: { message: stale } },
    });
    const listCalls = net.callsTo('POST /api/jobs/index').length;
    await user.click(
      within(rowOf('Košenje dvorišta')).getByRole('button', { name: 'Promijeni status: Čeka odobrenje' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Promjena statusa' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Odobren' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj status' }));
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(within(error).getByText(stale)).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('POST /api/jobs/index').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Promjena statusa' })).toBeNull());
  });
});

describe('the ads list filters', () => {
  it('filters by a service, a country and a city the rows do not show, and keeps them in the URL', async () => {
    const { net, router, user } = await openScreen('/ads', {
      'POST /api/service_choices/index_active': listAnswer([{ id: 31, name: 'Košenje trave' }]),
      'POST /api/os_countries/index_active': listAnswer([{ id: 4, name: 'Crna Gora', code: 'ME' }]),
      'POST /api/os_cities/index_active': listAnswer([{ id: 17, name: 'Nikšić', os_country_id: 4 }]),
    });
    for (const [filter, choice] of [
      ['Usluge', 'Košenje trave'],
      ['Država', 'Crna Gora'],
      ['Grad', 'Nikšić'],
    ] as const) {
      await user.click(screen.getByRole('combobox', { name: new RegExp(`^(Filter: )?${filter}$`) }));
      await user.click(await screen.findByRole('option', { name: choice }));
    }
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/jobs/index')).toMatchObject({
        filters: {
          services: { operator: 'equals', value: 31 },
          os_country_id: { operator: 'equals', value: 4 },
          os_city_id: { operator: 'equals', value: 17 },
        },
      }),
    );
    expect(router.state.location.search).toContain('f.os_city_id=17');
  });
});

describe('the ads list in English', () => {
  it("filters by the ad_statuses picker's statuses, named in the interface language", async () => {
    const FINISHED: AdStatus = {
      id: 4,
      name: 'Završen',
      background_color: '#9E9E9E',
      is_reason_required: false,
    };
    const { net, router, user } = await openScreen('/ads', {
      'POST /api/ad_statuses/index_active': listAnswer([WAITING, APPROVED, REJECTED, FINISHED]),
    });
    await changeLanguage('en');
    await user.click(await screen.findByRole('combobox', { name: /^(Filter: )?Ad status$/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Any',
      'Awaiting approval',
      'Approved',
      'Rejected',
      'Finished',
    ]);
    expect(net.lastBodyOf('POST /api/ad_statuses/index_active')).toMatchObject({
      options: { sortBy: ['id'] },
      show_only_active: true,
    });
    await user.click(screen.getByRole('option', { name: 'Finished' }));
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/jobs/index')).toMatchObject({
        filters: { status: { operator: 'equals', value: 4 } },
      }),
    );
    expect(router.state.location.search).toContain('f.status=4');
  });

  it('names the working days of the details in English, whatever names the server sent', async () => {
    const withDays: AdDetails = {
      ...adDetails(MOWING),
      all_working_days: false,
      ad_days: [
        { day_id: 2, name: 'Utorak', is_active: true, times: [{ start_at: '08:00', stop_at: '12:00' }] },
        { day_id: 6, name: 'Subota', is_active: true, times: [] },
      ],
    };
    const { user } = await openScreen('/ads', { 'GET /api/jobs/show/5': { body: withDays } });
    await changeLanguage('en');
    await user.click(within(rowOf('Košenje dvorišta')).getByRole('button', { name: 'Ad details' }));
    const dialog = await screen.findByRole('dialog', { name: /Ad details|Košenje dvorišta/ });
    expect(await within(dialog).findByText('Tuesday')).toBeInTheDocument();
    expect(within(dialog).getByText('Saturday')).toBeInTheDocument();
    expect(within(dialog).queryByText('Utorak')).not.toBeInTheDocument();
  });
});

describe('the ads on approval list', () => {
  it('is fixed to the waiting status before its first request, and stays so when the filters are cleared', async () => {
    const { net, router, user } = await openScreen('/ads-on-approval');
    expect(router.state.location.search).toContain('status');
    for (const call of net.callsTo('POST /api/jobs_queue/index'))
      expect(call.body).toMatchObject({ filters: { status: { operator: 'equals', value: 1 } } });
    await user.type(screen.getByRole('textbox', { name: /^Filter: Naslov/ }), 'dvoriš{Enter}');
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/jobs_queue/index')).toMatchObject({
        filters: { title: { value: 'dvoriš' } },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Očisti filtere' }));
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/jobs_queue/index')).not.toHaveProperty('filters.title'),
    );
    expect(net.lastBodyOf('POST /api/jobs_queue/index')).toMatchObject({
      filters: { status: { operator: 'equals', value: 1 } },
    });
    expect(router.state.location.search).toContain('status');
  });

  it('reads the review queue, the ad that has waited longest first, without an activity choice', async () => {
    const { net } = await openScreen('/ads-on-approval');
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/jobs_queue/index')).toMatchObject({
        options: { sortBy: ['updated_at'], sortDesc: [false] },
        show_only_active: null,
      }),
    );
    expect(net.callsTo('POST /api/jobs/index')).toHaveLength(0);
    expect(screen.getByRole('columnheader', { name: /Čeka/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.queryByRole('button', { name: 'Neaktivni' })).not.toBeInTheDocument();
  });

  it("reviews what the list shows: review mode asks for the waiting ads with the list's filters, oldest first", async () => {
    const { net, user } = await openScreen('/ads-on-approval?f.status=1&f.title=dvori%C5%A1');
    await user.click(screen.getByRole('button', { name: 'Pregled jedan po jedan' }));
    await screen.findByRole('dialog', { name: 'Pregled oglasa na odobrenju' });
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/jobs_queue/index')).toMatchObject({
        filters: { title: { value: 'dvoriš' }, status: { operator: 'equals', value: 1 } },
        options: { sortBy: ['updated_at'], sortDesc: [false] },
      }),
    );
  });
});

describe('the edited mark', () => {
  it("marks an ad its poster changed after a decision in the queue's row and in review mode's header, saying when", async () => {
    // Changed by its poster at 10:30 in Montenegro (09:30 UTC in November).
    const edited = { ...MOWING, edited_at: '2026-11-02T09:30:00Z' };
    const { user } = await openScreen('/ads-on-approval', {
      'POST /api/jobs_queue/index': listAnswer([edited, MOVING]),
      'GET /api/jobs/show/5': { body: adDetails(edited) },
    });
    const mark = within(rowOf('Košenje dvorišta')).getByText('Izmijenjen');
    expect(mark.closest('.MuiChip-root')).toHaveAttribute(
      'title',
      'Oglašivač je izmijenio oglas 02.11.2026 10:30, nakon odluke moderatora.',
    );
    // An ad nobody had decided on carries no mark.
    expect(within(rowOf('Selidba stana')).queryByText('Izmijenjen')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pregled jedan po jedan' }));
    const review = await screen.findByRole('dialog', { name: 'Pregled oglasa na odobrenju' });
    // The mark sits beside the heading, whose name stays the ad's title.
    await within(review).findByRole('heading', { level: 3, name: 'Košenje dvorišta' });
    expect(within(review).getByText('Izmijenjen 02.11.2026 10:30')).toBeInTheDocument();
    await user.keyboard('s');
    await within(review).findByRole('heading', { level: 3, name: 'Selidba stana' });
    expect(within(review).queryByText(/^Izmijenjen/)).toBeNull();
  });

  it('reads "Edited" in English', async () => {
    const edited = { ...MOWING, edited_at: '2026-11-02T09:30:00Z' };
    await openScreen('/ads-on-approval', { 'POST /api/jobs_queue/index': listAnswer([edited]) });
    await changeLanguage('en');
    const mark = await within(rowOf('Košenje dvorišta')).findByText('Edited');
    expect(mark.closest('.MuiChip-root')).toHaveAttribute(
      'title',
      'The poster changed the ad on 02.11.2026 10:30, after a moderator had decided on it.',
    );
  });
});

describe('the review mode', () => {
  it('decides by keys A, R (reason) and S, not while typing the reason, and moves to the next ad', async () => {
    const { net, user } = await openScreen('/ads-on-approval', {
      'PUT /api/jobs/changeStatus/5': { body: adRow(5, 'Košenje dvorišta', APPROVED) },
      'PUT /api/jobs/changeStatus/6': (request: SeenRequest) =>
        jsonResponse(200, adRow(6, 'Selidba stana', request.body ? REJECTED : WAITING)),
    });
    // The list is fixed to the waiting status.
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/jobs_queue/index')).toMatchObject({
        filters: { status: { operator: 'equals', value: 1 } },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Pregled jedan po jedan' }));
    const review = await screen.findByRole('dialog', { name: 'Pregled oglasa na odobrenju' });
    expect(
      await within(review).findByRole('heading', { level: 3, name: 'Košenje dvorišta' }),
    ).toBeInTheDocument();
    // The keys are shown on the buttons.
    expect(within(review).getByRole('button', { name: 'Odobri' })).toHaveAttribute('aria-keyshortcuts', 'A');
    expect(within(review).getByRole('button', { name: 'Odbij' })).toHaveAttribute('aria-keyshortcuts', 'R');
    expect(within(review).getByRole('button', { name: 'Preskoči' })).toHaveAttribute(
      'aria-keyshortcuts',
      'S',
    );

    // A approves what the moderator saw, then the next ad comes.
    await user.keyboard('a');
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/jobs/changeStatus/5')).toEqual({
        ad_status_id: 2,
        status_comment: null,
        from_status_id: 1,
        updated_at: '2026-11-02T10:00:00.512Z',
      }),
    );
    expect(
      await within(review).findByRole('heading', { level: 3, name: 'Selidba stana' }),
    ).toBeInTheDocument();
    expect(within(review).getByRole('status')).toHaveTextContent('Oglas „Košenje dvorišta“ je odobren.');

    // R opens the reason; typing a, s, r there is text.
    await user.keyboard('r');
    const reason = await within(review).findByRole('textbox', { name: /Razlog odbijanja/ });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.click(within(review).getByRole('button', { name: 'Potvrdi odbijanje' }));
    expect(await within(review).findByText('Obavezno polje.')).toBeInTheDocument();
    await user.type(reason, 'asr');
    expect(reason).toHaveValue('asr');
    expect(net.callsTo('PUT /api/jobs/changeStatus/6')).toHaveLength(0);
    expect(within(review).getByRole('heading', { level: 3, name: 'Selidba stana' })).toBeInTheDocument();

    // Back: the reason goes, the keys work again; S skips to the end of the queue.
    await user.click(within(review).getByRole('button', { name: 'Nazad' }));
    expect(within(review).queryByRole('textbox', { name: /Razlog odbijanja/ })).toBeNull();
    expect(within(review).getByRole('heading', { level: 3, name: 'Selidba stana' })).toHaveFocus();
    await user.keyboard('s');
    expect(await within(review).findByText('Nema više oglasa na čekanju.')).toBeInTheDocument();
    expect(net.callsTo('PUT /api/jobs/changeStatus/6')).toHaveLength(0);
  });

  it('confirms a rejection with Ctrl+Enter from the reason, as its button does', async () => {
    const { net, user } = await openScreen('/ads-on-approval', {
      'PUT /api/jobs/changeStatus/5': { body: adRow(5, 'Košenje dvorišta', REJECTED) },
    });
    const { review, reason } = await startRejectingFirstAd(user);
    expect(within(review).getByRole('button', { name: 'Potvrdi odbijanje' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+Enter',
    );
    await user.type(reason, 'Nejasan opis');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/jobs/changeStatus/5')).toEqual({
        ad_status_id: 3,
        status_comment: 'Nejasan opis',
        reason_ids: [],
        from_status_id: 1,
        updated_at: '2026-11-02T10:00:00.512Z',
      }),
    );
    expect(net.callsTo('PUT /api/jobs/changeStatus/5')).toHaveLength(1);
    expect(
      await within(review).findByRole('heading', { level: 3, name: 'Selidba stana' }),
    ).toBeInTheDocument();
  });

  it('keeps the focus inside the review while the next ad loads after a decision, so Escape still closes it', async () => {
    // The next ad's details come only when released: the review shows its spinner meanwhile.
    let releaseNextAd = () => {};
    const { user } = await openScreen('/ads-on-approval', {
      'PUT /api/jobs/changeStatus/5': { body: adRow(5, 'Košenje dvorišta', REJECTED) },
      'GET /api/jobs/show/6': () =>
        new Promise<Response>((resolve) => {
          releaseNextAd = () => resolve(jsonResponse(200, adDetails(MOVING)));
        }),
    });
    const { review, reason } = await startRejectingFirstAd(user);
    await user.type(reason, 'Nejasan opis');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await within(review).findByText('Oglas „Košenje dvorišta“ je odbijen.');
    // The reason field that had the focus is gone and the next ad is loading: the focus did not
    // fall to the page's body, where the review would not hear Escape.
    expect(review.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Pregled oglasa na odobrenju' })).toBeNull(),
    );
    releaseNextAd();
  });

  it('sends each decision once, with a key of its own ad', async () => {
    const { net, user } = await openScreen('/ads-on-approval', {
      'PUT /api/jobs/changeStatus/5': { body: adRow(5, 'Košenje dvorišta', APPROVED) },
      'PUT /api/jobs/changeStatus/6': { body: adRow(6, 'Selidba stana', APPROVED) },
    });
    await user.click(await screen.findByRole('button', { name: 'Pregled jedan po jedan' }));
    const review = await screen.findByRole('dialog', { name: 'Pregled oglasa na odobrenju' });
    const heading = await within(review).findByRole('heading', { level: 3, name: 'Košenje dvorišta' });
    // A twice before the first decision's answer: one decision.
    fireEvent.keyDown(heading, { key: 'a' });
    fireEvent.keyDown(heading, { key: 'a' });
    await within(review).findByRole('heading', { level: 3, name: 'Selidba stana' });
    await user.click(within(review).getByRole('button', { name: 'Odobri' }));
    await waitFor(() => expect(net.callsTo('PUT /api/jobs/changeStatus/6')).toHaveLength(1));
    expect(net.callsTo('PUT /api/jobs/changeStatus/5')).toHaveLength(1);
    const keys = ['PUT /api/jobs/changeStatus/5', 'PUT /api/jobs/changeStatus/6'].map(
      (call) => net.callsTo(call)[0]?.headers['idempotency-key'],
    );
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(net.lastBodyOf('PUT /api/jobs/changeStatus/6')).toMatchObject({
      updated_at: '2026-11-02T10:00:00.612Z',
    });
  });
});
