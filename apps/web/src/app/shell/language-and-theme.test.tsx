import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';

describe('admin shell: language and theme', () => {
  it('switches the whole panel to English and asks the server in English', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/os_countries/index': listAnswer([]),
    });
    const user = userEvent.setup();
    await renderApp('/countries', { isReset: false });
    expect(await screen.findByText('Nema podataka')).toBeInTheDocument();
    expect(net.callsTo('POST /api/os_countries/index')[0]?.headers['accept-language']).toBe('me');

    await user.click(screen.getByRole('button', { name: 'EN – English' }));
    expect(await screen.findByRole('heading', { name: 'Countries' })).toBeInTheDocument();
    expect(screen.getByText('No data')).toBeInTheDocument();
    expect(screen.getByText('Hello, Ana')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ads awaiting approval' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(net.callsTo('POST /api/os_countries/index').at(-1)?.headers['accept-language']).toBe('en'),
    );
  });

  it('toggles the theme and remembers it', async () => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({ 'GET /api/user': { body: ADMIN_USER } });
    const user = userEvent.setup();
    await renderApp('/dashboard', { isReset: false });
    await user.click(await screen.findByRole('button', { name: 'Uključi tamnu temu' }));
    expect(window.localStorage.getItem('theme-mode')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Uključi svijetlu temu' })).toBeInTheDocument();
  });

  it('collapses and opens the drawer', async () => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({ 'GET /api/user': { body: ADMIN_USER } });
    const user = userEvent.setup();
    await renderApp('/dashboard', { isReset: false });
    const toggle = await screen.findByRole('button', { name: 'Zatvori meni' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Otvori meni' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the not-found page with a link home', async () => {
    mockFetch({});
    await renderApp('/nema-ove-stranice');
    expect(await screen.findByRole('heading', { name: 'Stranica nije pronađena' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nazad na početnu' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/verify-account/abc', 'Verifikacija naloga'],
    ['/reset-password/abc', 'Nova lozinka'],
    ['/delete-account', 'Brisanje naloga'],
  ])('has the public account route %s', async (path, title) => {
    mockFetch({});
    await renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });
});
