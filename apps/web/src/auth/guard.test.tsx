import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, listAnswer, mockFetch } from '../test/fetch-mock.ts';
import { ADMIN_USER, MODERATOR_USER } from '../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../test/render-app.tsx';

describe('route guard', () => {
  it('sends a visitor without the stored flag to /login without asking the server', async () => {
    const net = mockFetch({});
    const { router } = await renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(net.requests).toHaveLength(0);
  });

  it.each(['/credits', '/reports'])('guards %s too (the spec forgot it)', async (path) => {
    mockFetch({});
    const { router } = await renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('with the flag but no user loaded, fetches the profile and opens the screen', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({ 'GET /api/user': { body: ADMIN_USER } });
    await renderApp('/dashboard', { isReset: false });
    expect(await screen.findByRole('heading', { name: 'Kontrolna tabla' })).toBeInTheDocument();
    expect(screen.getByText('Zdravo, Ana')).toBeInTheDocument();
    expect(net.callsTo('GET /api/user')).toHaveLength(1);
  });

  it('when the profile cannot be loaded, clears the flag and goes to /login', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({
      'GET /api/user': { status: 401, body: { message: 'Niste prijavljeni.' } },
      'GET /api/refresh-token-web': { status: 401, body: { message: 'Sesija je istekla.' } },
    });
    const { router } = await renderApp('/users', { isReset: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('isAuthenticated')).toBe('false');
    expect(net.callsTo('GET /api/refresh-token-web')).toHaveLength(1);
    // A lost session is not an error to report.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('admin shell', () => {
  it('shows an administrator the whole menu, in the order of the spec', async () => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({ ...ADMIN_HOME_ANSWERS, 'GET /api/user': { body: ADMIN_USER } });
    await renderApp('/ads-on-approval', { isReset: false });
    const nav = await screen.findByRole('navigation', { name: 'Meni administracije' });
    const items = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(items).toEqual([
      'Oglasi na odobrenju',
      // The dashboard (issue 18), for staff, after the queue they land on.
      'Kontrolna tabla',
      'Oglasi',
      // The reports queue (issue 19), beside the ads.
      'Prijave',
      'Notifikacije',
      'Tipovi korisnika',
      'Korisnici',
      'Države',
      'Gradovi',
      'Usluge',
      'Valute',
      // The rejection reason templates (issue 19), beside the reference data.
      'Razlozi odbijanja',
      'Krediti',
      'Izvještaji',
      // The refund desk, after the spec's items (issue 20).
      'Povrati',
      'Revizija',
      'Generator sidera',
    ]);
  });

  it('shows a moderator only what a moderator may open, and refuses the rest', async () => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({ 'GET /api/user': { body: MODERATOR_USER } });
    const { router } = await renderApp('/users', { isReset: false });
    expect(await screen.findByText('Vaša uloga nema pravo da otvori ovaj ekran.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Meni administracije' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Oglasi na odobrenju', 'Kontrolna tabla', 'Oglasi', 'Prijave', 'Notifikacije']);
    expect(router.state.location.pathname).toBe('/users');
  });

  it('signs out: calls the server, clears the flag and goes to /login', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'GET /api/logout': { body: { message: 'Odjavljeni ste.' } },
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/test', { isReset: false });
    await user.click(await screen.findByRole('button', { name: 'Odjava' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(net.callsTo('GET /api/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('isAuthenticated')).toBe('false');
  });

  it('opens a list screen from the menu', async () => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({
      ...ADMIN_HOME_ANSWERS,
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/os_countries/index': listAnswer([
        { id: 1, name: 'Crna Gora', code: 'ME', is_active: true, updated_at: '2024-05-01T10:00:00Z' },
      ]),
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/ads-on-approval', { isReset: false });
    await user.click(await screen.findByRole('link', { name: 'Države' }));
    expect(await screen.findByText('Crna Gora')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/countries');
  });
});
