import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdDetails, LeadRow, NotificationRow, UserRow } from '@usluge/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, listAnswer, mockFetch, type SeenRequest } from '../../test/fetch-mock.ts';
import { ADMIN_USER, MODERATOR_USER } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';

/** Issue 18 item 1: `/users/{id}` and `/ads/{id}`, each record at its own address. */

const MEMBER: UserRow = {
  id: 57,
  name: 'Jelena',
  last_name: 'Popović',
  full_name: 'Jelena Popović',
  email: 'jelena@primjer.me',
  username: 'jelena',
  phone: '+38267111222',
  details: 'Radim vikendom.',
  image_url: '/api/image/user_images/abc123.jpg',
  roles: [{ id: 2, name: 'Korisnik' }],
  address: null,
  pib: null,
  credit: 40,
  user_type_id: 2,
  user_types: { id: 2, name: 'Fizičko lice' },
  is_active: true,
  updated_at: '2026-05-01T10:00:00Z',
};

const AD: AdDetails = {
  id: 418,
  title: 'Popravka bojlera',
  is_offer: true,
  posted_by_user_id: 57,
  user_name: 'Jelena Popović',
  price_from: 20,
  price_to: null,
  currency: { id: 1, short_name: 'EUR', sign: '€' },
  status: { id: 2, name: 'Odobren', background_color: '#4CAF50', is_reason_required: false },
  is_active: true,
  open_paid_leads: 0,
  claimed_by: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  description: 'Servis i popravka bojlera.',
  status_comment: null,
  all_countries: true,
  all_working_days: true,
  services: [{ id: 4, name: 'Vodoinstalaterske usluge' }],
  places: [],
  ad_days: [],
  photos: [],
  status_history: [],
};

function lead(id: number, adId: number, adTitle: string, buyerId: number, name: string): LeadRow {
  return {
    id,
    ad_id: adId,
    ad_title: adTitle,
    service: null,
    user_id: buyerId,
    name,
    last_name: null,
    credit: 3,
    contact_time: '2026-11-03T09:00:00Z',
    is_accepted: null,
    response_time: null,
    refunded_at: null,
    refund_reason: null,
    updated_at: '2026-11-03T09:00:00Z',
  };
}

const BOUGHT = lead(901, 733, 'Krečenje stana', 57, 'Jelena');
const RECEIVED = lead(902, 418, 'Popravka bojlera', 64, 'Nikola');
const NOTIFICATION: NotificationRow = {
  id: 12,
  subject: 'Novi uslovi korišćenja',
  notification_text: 'Pročitajte nove uslove.',
  sender: 'Ana Marković',
  user_types: [],
  users: [],
  recipients_count: 40,
  updated_at: '2026-10-01T08:00:00Z',
};

/** A record page's section by its heading (the table inside it is named alike). */
function sectionOf(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name });
  return heading.closest('section') as HTMLElement;
}

/** The filters a list request sent, as `{key: value}`. */
function filtersOf(request: SeenRequest): Record<string, unknown> {
  const { filters } = request.body as { filters: Record<string, { value: unknown }> };
  return Object.fromEntries(Object.entries(filters).map(([key, filter]) => [key, filter.value]));
}

/** The leads list answers by its filter: the contacts bought, or those received. */
function leadsByFilter(request: SeenRequest): Response {
  const filters = filtersOf(request);
  const rows = filters.user_id === 57 ? [BOUGHT] : filters.poster_user_id === 57 ? [RECEIVED] : [];
  return jsonResponse(200, { result: rows, total_rows: rows.length, total_rows_exact: true });
}

async function open(path: string, user = ADMIN_USER, extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    'GET /api/user': { body: user },
    'POST /api/users/index': (request) => {
      const rows = filtersOf(request).id === 57 || !('id' in filtersOf(request)) ? [MEMBER] : [];
      return jsonResponse(200, { result: rows, total_rows: rows.length, total_rows_exact: true });
    },
    'POST /api/lead_transactions/index': listAnswer([]),
    // The users list's filter pickers.
    'POST /api/roles/index_active': listAnswer([]),
    'POST /api/user_types/index_active': listAnswer([]),
    'POST /api/jobs/index': listAnswer([{ ...AD }]),
    'POST /api/leads/index': leadsByFilter,
    'POST /api/notifications/index': listAnswer([NOTIFICATION]),
    'GET /api/jobs/show/418': { body: AD },
    'GET /api/jobs/show/999': { status: 404, body: { message: 'Zapis nije pronađen.' } },
    'GET /api/jobs/hints/418': {
      body: { similar_ads: [], same_poster_ads: [], same_photo_ads: [], shared_contact_users: [] },
    },
    'GET /api/jobs/revision-diff/418': { status: 404, body: {} },
    ...extra,
  });
  const view = await renderApp(path, { isReset: false });
  return { net, ...view };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/shell/admin-layout.tsx'),
    import('./users/user-page.tsx'),
    import('./ads/ad-page.tsx'),
    import('../../components/list/list-screen.tsx'),
    import('./users/users-resource.tsx'),
  ]);
}, 60_000);

describe('the user page', { timeout: 60_000 }, () => {
  it("shows the profile and reads the ledger, ads, contacts and notifications by the user's id", async () => {
    const { net } = await open('/users/57');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Jelena Popović/ }, { timeout: 20_000 }),
    ).toBeVisible();
    const profile = sectionOf('Profil');
    expect(within(profile).getByText('jelena@primjer.me')).toBeInTheDocument();
    expect(within(profile).getByText('Fizičko lice')).toBeInTheDocument();
    expect(within(profile).getByText('Korisnik')).toBeInTheDocument();
    expect(within(profile).getByText('Aktivan')).toBeInTheDocument();
    expect(within(profile).getByRole('img', { name: 'Slika korisnika Jelena Popović' })).toBeInTheDocument();
    expect(screen.getByText('Stanje kredita: 40')).toBeInTheDocument();

    const bought = sectionOf('Kupljeni kontakti');
    expect(await within(bought).findByRole('link', { name: 'Krečenje stana' })).toHaveAttribute(
      'href',
      '/ads/733',
    );
    const received = sectionOf('Primljeni kontakti');
    expect(await within(received).findByRole('link', { name: 'Nikola' })).toHaveAttribute(
      'href',
      '/users/64',
    );
    expect(within(received).getByRole('link', { name: 'Popravka bojlera' })).toHaveAttribute(
      'href',
      '/ads/418',
    );
    const ads = sectionOf('Oglasi korisnika');
    expect(await within(ads).findByRole('link', { name: 'Popravka bojlera' })).toHaveAttribute(
      'href',
      '/ads/418',
    );
    const notifications = sectionOf('Primljene notifikacije');
    expect(await within(notifications).findByText('Novi uslovi korišćenja')).toBeInTheDocument();

    expect(net.callsTo('POST /api/users/index').map(filtersOf)).toContainEqual({ id: 57 });
    expect(net.callsTo('POST /api/lead_transactions/index').map(filtersOf)).toEqual([
      { credit_for_user_id: 57 },
    ]);
    expect(net.callsTo('POST /api/jobs/index').map(filtersOf)).toEqual([{ posted_by_user_id: 57 }]);
    expect(net.callsTo('POST /api/leads/index').map(filtersOf)).toEqual(
      expect.arrayContaining([{ user_id: 57 }, { poster_user_id: 57 }]),
    );
    expect(net.callsTo('POST /api/notifications/index').map(filtersOf)).toEqual([{ recipient_user_id: 57 }]);
  });

  it('says the user is not found for an unknown id, and for an address that is no id, without asking', async () => {
    const missing = await open('/users/4040');
    expect(await screen.findByText('Zapis nije pronađen', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    missing.unmount();

    const { net } = await open('/users/abc');
    expect(await screen.findByText('Zapis nije pronađen', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(net.callsTo('POST /api/users/index')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Nazad na listu' })).toHaveAttribute('href', '/users');
  });

  it('is not for a moderator: the no-access screen, and nothing about the user is read', async () => {
    const { net } = await open('/users/57', MODERATOR_USER);
    expect(
      await screen.findByText('Vaša uloga nema pravo da otvori ovaj ekran.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(net.callsTo('POST /api/users/index')).toHaveLength(0);
  });

  it('opens from the users list by the name link, and Back returns to the list with its filters', async () => {
    const { router } = await open('/users?f.full_name=Jel');
    const link = await screen.findByRole('link', { name: 'Jelena Popović' }, { timeout: 20_000 });
    expect(link).toHaveAttribute('href', '/users/57');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { level: 1, name: /Jelena Popović/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/57');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Nazad na listu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(router.state.location.search).toBe('?f.full_name=Jel');
  });
});

describe('the ad page', { timeout: 60_000 }, () => {
  it('shows the details, the poster as a link to their page (administrator) and the contact history', async () => {
    const { net } = await open('/ads/418');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Popravka bojlera/ }, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.getByText('Servis i popravka bojlera.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jelena Popović' })).toHaveAttribute('href', '/users/57');
    const contacts = sectionOf('Istorija kontakata');
    await waitFor(() =>
      expect(net.callsTo('POST /api/leads/index').map(filtersOf)).toEqual([{ ad_id: 418 }]),
    );
    expect(within(contacts).getByRole('table', { name: 'Istorija kontakata' })).toBeInTheDocument();
  });

  it("shows a moderator the poster's name as text: their page is not the moderator's", async () => {
    await open('/ads/418', MODERATOR_USER);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Popravka bojlera/ }, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.getByText('Jelena Popović')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Jelena Popović' })).toBeNull();
  });

  it('says a missing ad is not found, without the error dialog', async () => {
    await open('/ads/999');
    expect(await screen.findByText('Zapis nije pronađen', {}, { timeout: 20_000 })).toBeInTheDocument();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
