import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Dashboard, formatDateTime } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { type MockReply, mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER, MODERATOR_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';
import { fullDay, membersTotals, shortDay } from './dashboard-format.ts';

/** Thirty days ending 30.11.2026, with members on three of them. */
function thirtyDays(): Dashboard['new_members_per_day'] {
  return Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 1 + index));
    const count = index === 0 ? 2 : index === 14 ? 5 : index === 29 ? 1 : 0;
    return { day: date.toISOString().slice(0, 10), count };
  });
}

const FIGURES: Dashboard = {
  ads_waiting: 12,
  queue_by_age: { under_1_hour: 5, from_1_to_24_hours: 4, over_24_hours: 3 },
  oldest_waiting: { id: 77, title: 'Selidba klavira', waiting_since: '2026-11-01T09:00:00.000Z' },
  ads_approved_7_days: 1234,
  ads_rejected_7_days: 3,
  new_members_per_day: thirtyDays(),
  credits_sold_this_month: [
    { currency: 'EUR', sign: '€', credits: 150, value: 1234.5 },
    { currency: 'USD', sign: null, credits: 20, value: 44 },
  ],
  top_services: [
    { id: 4, name: 'Košenje trave', contacts: 9 },
    { id: 7, name: 'Selidbe', contacts: 4 },
  ],
};

async function openDashboard(answer: MockReply | MockReply[] = { body: FIGURES }, user = ADMIN_USER) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({ 'GET /api/user': { body: user }, 'GET /api/dashboard': answer });
  await renderApp('/dashboard', { isReset: false });
  // The first opening loads the lazy screen, slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Kontrolna tabla' }, { timeout: 15_000 });
  return { net, user: userEvent.setup() };
}

function panel(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('dashboard figures', () => {
  it('writes days as the product does and sums the members', () => {
    expect(shortDay('2026-11-07')).toBe('07.11.');
    expect(fullDay('2026-11-07')).toBe('07.11.2026');
    expect(membersTotals(thirtyDays())).toEqual({ total: 8, max: 5 });
    expect(membersTotals([])).toEqual({ total: 0, max: 0 });
  });
});

/** A link's address as its path and parameters. */
function target(link: HTMLElement): { path: string; params: Record<string, string> } {
  const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
}

describe('dashboard screen', () => {
  it('shows every figure of GET /api/dashboard, the waiting count linking to the queue', async () => {
    const { net } = await openDashboard();
    const waiting = await screen.findByRole('region', { name: 'Oglasi na odobrenju' });
    expect(within(waiting).getByText('12')).toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: 'Pregledaj oglase' })).toHaveAttribute(
      'href',
      '/ads-on-approval',
    );
    expect(within(panel('Odobreni oglasi')).getByText('1.234')).toBeInTheDocument();
    expect(within(panel('Odobreni oglasi')).getByText('posljednjih 7 dana')).toBeInTheDocument();
    expect(within(panel('Odbijeni oglasi')).getByText('3')).toBeInTheDocument();
    expect(within(panel('Novi članovi')).getByText('8')).toBeInTheDocument();

    const credits = within(panel('Krediti prodati ovog mjeseca'));
    const eur = credits.getByRole('row', { name: /EUR/ });
    expect(eur).toHaveTextContent('150');
    expect(eur).toHaveTextContent('1.234,50 €');
    expect(credits.getByRole('row', { name: /USD/ })).toHaveTextContent('44,00 USD');

    const services = within(panel('Najtraženije usluge, posljednjih 30 dana'));
    const rows = services.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Košenje trave9', 'Selidbe4']);
    expect(net.callsTo('GET /api/dashboard')).toHaveLength(1);
  });

  it('shows the queue by age and links the oldest waiting ad (the queue filtered to it, oldest first)', async () => {
    await openDashboard();
    const ages = await screen.findByRole('region', { name: 'Red čekanja po starosti' });
    expect(ages).toHaveTextContent('5Kraće od 1 h');
    expect(ages).toHaveTextContent('41–24 h');
    expect(ages).toHaveTextContent('3Duže od 24 h');
    const link = within(ages).getByRole('link', { name: /„Selidba klavira“, \d+ (min|h|d)/ });
    const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/ads-on-approval');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: 'updated_at',
      'f.status': '1',
      'f.title': 'Selidba klavira',
    });
  });

  it('says so when no ad waits', async () => {
    await openDashboard({
      body: {
        ...FIGURES,
        queue_by_age: { under_1_hour: 0, from_1_to_24_hours: 0, over_24_hours: 0 },
        oldest_waiting: null,
      },
    });
    expect(await screen.findByText('Nijedan oglas ne čeka odobrenje.')).toBeInTheDocument();
  });

  it('gives the chart a title, a summary and a table of the thirty days', async () => {
    await openDashboard();
    const chart = await screen.findByRole('region', { name: 'Novi članovi po danu, posljednjih 30 dana' });
    expect(within(chart).getByText('Ukupno 8, najviše 5 u jednom danu.')).toBeVisible();
    // The chart carries the same title and summary, and one bar a day.
    await waitFor(() => expect(chart.querySelectorAll('svg .MuiBarChart-element')).toHaveLength(30));
    expect(
      within(chart).getByRole('figure', { name: 'Novi članovi po danu, posljednjih 30 dana' }),
    ).toHaveAccessibleDescription('Ukupno 8, najviše 5 u jednom danu.');
    const table = within(chart).getByRole('table', { name: 'Novi članovi po danu, posljednjih 30 dana' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toHaveTextContent('01.11.20262');
    expect(rows[14]).toHaveTextContent('15.11.20265');
    expect(rows[29]).toHaveTextContent('30.11.20261');
  });

  it('says so when nothing was sold or contacted', async () => {
    const quiet = FIGURES.new_members_per_day.map((d) => ({ ...d, count: 0 }));
    await openDashboard({
      body: { ...FIGURES, new_members_per_day: quiet, credits_sold_this_month: [], top_services: [] },
    });
    expect(await screen.findByText('U posljednjih 30 dana nije bilo novih članova.')).toBeInTheDocument();
    expect(await screen.findByText('Ovog mjeseca nije prodat nijedan kredit.')).toBeInTheDocument();
    expect(screen.getByText('U posljednjih 30 dana nije bilo kontakata.')).toBeInTheDocument();
  });

  it('asks the server again on refresh and shows the new figures', async () => {
    const { net, user } = await openDashboard([{ body: FIGURES }, { body: { ...FIGURES, ads_waiting: 13 } }]);
    await screen.findByRole('region', { name: 'Oglasi na odobrenju' });
    await user.click(screen.getByRole('button', { name: 'Osvježi' }));
    await waitFor(() => expect(within(panel('Oglasi na odobrenju')).getByText('13')).toBeInTheDocument());
    expect(net.callsTo('GET /api/dashboard')).toHaveLength(2);
  });

  it('shows a failed load on the screen, without the error dialog, and tries again', async () => {
    const { net, user } = await openDashboard([
      { status: 500, body: { message: 'Server nije dostupan.' } },
      { body: FIGURES },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Podaci kontrolne table nisu učitani. Server nije dostupan.');
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await screen.findByRole('region', { name: 'Oglasi na odobrenju' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(net.callsTo('GET /api/dashboard')).toHaveLength(2);
  });

  it('is open to moderators and speaks English', async () => {
    await openDashboard({ body: FIGURES }, MODERATOR_USER);
    await changeLanguage('en');
    expect(await screen.findByRole('region', { name: 'Ads awaiting approval' })).toBeInTheDocument();
    expect(within(panel('Ads approved')).getByText('1,234')).toBeInTheDocument();
    expect(within(panel('Credits sold this month')).getByRole('row', { name: /EUR/ })).toHaveTextContent(
      '€1,234.50',
    );
    // A currency without a sign goes by its short name, first in English.
    expect(within(panel('Credits sold this month')).getByRole('row', { name: /USD/ })).toHaveTextContent(
      'USD 44.00',
    );
  });
});

describe('dashboard cards and menu', () => {
  it('links each card to the list it counts, filtered as the list reads its URL', async () => {
    await openDashboard();
    await screen.findByRole('region', { name: 'Odobreni oglasi' });
    const weekAgo = formatDateTime(new Date(Date.now() - 7 * 24 * 3600 * 1000)).slice(0, 10);
    const today = formatDateTime(new Date()).slice(0, 10);
    const cardLink = (name: string) => within(panel(name)).getByRole('link', { name });
    expect(target(cardLink('Odobreni oglasi'))).toEqual({
      path: '/ads',
      params: { 'f.status': '2', 'f.updated_at': `${weekAgo}~` },
    });
    expect(target(cardLink('Odbijeni oglasi'))).toEqual({
      path: '/ads',
      params: { 'f.status': '3', 'f.updated_at': `${weekAgo}~` },
    });
    expect(target(cardLink('Novi članovi'))).toEqual({ path: '/users', params: { 'f.roles': '2' } });
    expect(target(cardLink('Krediti prodati ovog mjeseca'))).toEqual({
      path: '/reports',
      params: { 'f.updated_at': `01${today.slice(2)}~` },
    });
    // The waiting count leads to the queue itself (the review queue's own list).
    expect(
      target(within(panel('Oglasi na odobrenju')).getByRole('link', { name: 'Pregledaj oglase' })),
    ).toEqual({ path: '/ads-on-approval', params: {} });
  });

  it('shows a moderator no credit sales (the server leaves them out) and no link to lists they cannot open', async () => {
    const { credits_sold_this_month: _sold, ...withoutSales } = FIGURES;
    await openDashboard({ body: withoutSales }, MODERATOR_USER);
    await screen.findByRole('region', { name: 'Odobreni oglasi' });
    expect(screen.queryByRole('region', { name: 'Krediti prodati ovog mjeseca' })).not.toBeInTheDocument();
    expect(within(panel('Novi članovi')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(panel('Odobreni oglasi')).getByRole('link', { name: 'Odobreni oglasi' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/ads\?/),
    );
  });

  it.each([
    ['an administrator', ADMIN_USER],
    ['a moderator', MODERATOR_USER],
  ])('is in the menu of %s, after the queue (still the first item)', async (_who, user) => {
    await openDashboard({ body: FIGURES }, user);
    const menu = screen.getByRole('navigation', { name: 'Meni administracije' });
    const links = within(menu).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/ads-on-approval');
    expect(links[1]).toHaveAccessibleName('Kontrolna tabla');
    expect(links[1]).toHaveAttribute('href', '/dashboard');
    expect(links[1]).toHaveAttribute('aria-current', 'page');
  });
});
