import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditPriceRow, UserRow } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, listAnswer, type MockReply, mockFetch } from '../test/fetch-mock.ts';
import { ADMIN_USER } from '../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../test/render-app.tsx';

const STAFF = { ...ADMIN_USER, id: 42 };
const OTHER_STAFF = { ...ADMIN_USER, id: 43, name: 'Ivana', username: 'ivana' };
const COUNTRY = {
  id: 7,
  name: 'Crna Gora',
  code: 'ME',
  is_active: true,
  updated_at: '2026-11-25T17:00:00.123Z',
};
const SESSION_ENDED: MockReply = { status: 401, body: { message: 'Niste prijavljeni.' } };

type User = ReturnType<typeof userEvent.setup>;

function storedDrafts(): string[] {
  return Object.keys(window.localStorage).filter((key) => key.startsWith('draft.'));
}

async function openScreen(path: string, table: Parameters<typeof mockFetch>[0], text: string) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    ...ADMIN_HOME_ANSWERS,
    'GET /api/user': { body: STAFF },
    'GET /api/refresh-token-web': SESSION_ENDED,
    'POST /api/loginWeb': { body: { user: STAFF } },
    ...table,
  });
  const view = await renderApp(path, { isReset: false });
  await screen.findByText(text, {}, { timeout: 20_000 });
  return { ...view, net, user: userEvent.setup() };
}

async function signIn(user: User) {
  await user.type(await screen.findByLabelText(/Korisničko ime/), 'admin');
  await user.type(screen.getByLabelText(/^Lozinka/), 'tajna-lozinka{Enter}');
}

/** The offer above the screen, found by its text. */
function draftOffer(): Promise<HTMLElement> {
  return screen
    .findByText(/Imate nesačuvan nacrt/)
    .then((text) => text.closest('[role="status"]') as HTMLElement);
}

/** Edits the country, and the session ends on Save (signed out elsewhere): the login page. */
async function loseSessionWhileEditing(user: User, router: { state: { location: { pathname: string } } }) {
  const row = screen.getByText('Crna Gora').closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
  const dialog = await screen.findByRole('dialog', { name: 'Izmjena države' });
  const name = within(dialog).getByRole('textbox', { name: /Naziv države/ });
  await user.clear(name);
  await user.type(name, 'Crna Gora (nacrt)');
  await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
}

describe('a form open when the session ends', () => {
  it('keeps its draft, returns to the page after signing in and restores it there', async () => {
    const { router, net, user } = await openScreen(
      '/countries',
      {
        'POST /api/os_countries/index': listAnswer([COUNTRY]),
        'PUT /api/os_countries/update/7': [
          SESSION_ENDED,
          { body: { ...COUNTRY, name: 'Crna Gora (nacrt)' } },
        ],
      },
      'Crna Gora',
    );
    await loseSessionWhileEditing(user, router);
    expect(router.state.location.search).toBe('?returnTo=%2Fcountries');
    expect(storedDrafts()).toEqual(['draft.v1:42:/countries:os_countries:form#7']);
    expect(net.callsTo('PUT /api/os_countries/update/7')).toHaveLength(1);

    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/countries'));
    const offer = await draftOffer();
    expect(offer).toHaveTextContent('Imate nesačuvan nacrt: „Izmjena države“');
    await user.click(within(offer).getByRole('button', { name: 'Vrati' }));

    const dialog = await screen.findByRole('dialog', { name: 'Izmjena države' });
    expect(within(dialog).getByRole('textbox', { name: /Naziv države/ })).toHaveValue('Crna Gora (nacrt)');
    expect(within(dialog).getByRole('textbox', { name: /Oznaka/ })).toHaveValue('ME');
    // Restored: it is the form's unsaved changes now, no longer an offer.
    await waitFor(() => expect(screen.queryByText(/Imate nesačuvan nacrt/)).not.toBeInTheDocument());
    expect(storedDrafts()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('PUT /api/os_countries/update/7')).toHaveLength(2));
    expect(net.lastBodyOf('PUT /api/os_countries/update/7')).toMatchObject({
      name: 'Crna Gora (nacrt)',
      code: 'ME',
    });
  });

  it('drops the draft with Odbaci', async () => {
    const { router, user } = await openScreen(
      '/countries',
      {
        'POST /api/os_countries/index': listAnswer([COUNTRY]),
        'PUT /api/os_countries/update/7': SESSION_ENDED,
      },
      'Crna Gora',
    );
    await loseSessionWhileEditing(user, router);
    await signIn(user);
    const offer = await draftOffer();
    await user.click(within(offer).getByRole('button', { name: 'Odbaci' }));
    await waitFor(() => expect(screen.queryByText(/Imate nesačuvan nacrt/)).not.toBeInTheDocument());
    expect(storedDrafts()).toEqual([]);
  });

  it('offers the draft to the user who left it only', async () => {
    const { router, net, user } = await openScreen(
      '/countries',
      {
        'POST /api/os_countries/index': listAnswer([COUNTRY]),
        'PUT /api/os_countries/update/7': SESSION_ENDED,
      },
      'Crna Gora',
    );
    await loseSessionWhileEditing(user, router);
    net.fetchMock.mockClear();
    mockFetch({
      'POST /api/loginWeb': { body: { user: OTHER_STAFF } },
      'POST /api/os_countries/index': listAnswer([COUNTRY]),
    });
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/countries'));
    await screen.findByText('Crna Gora');
    expect(screen.queryByText(/Imate nesačuvan nacrt/)).not.toBeInTheDocument();
    expect(storedDrafts()).toHaveLength(1);
  });

  it('keeps no password in a draft', async () => {
    const MEMBER = {
      id: 57,
      name: 'Jelena',
      last_name: 'Popović',
      full_name: 'Jelena Popović',
      email: 'jelena@primjer.me',
      username: 'jelena',
      phone: '+38267111222',
      details: null,
      image_url: null,
      roles: [{ id: 2, name: 'Korisnik' }],
      address: null,
      pib: null,
      credit: 40,
      user_type_id: 2,
      user_types: { id: 2, name: 'Fizičko lice' },
      is_active: true,
      updated_at: '2026-05-01T10:00:00.000Z',
    } satisfies UserRow;
    const { router, user } = await openScreen(
      '/users',
      {
        'POST /api/users/index': listAnswer([MEMBER]),
        'POST /api/roles/index_active': listAnswer([{ id: 2, name: 'Korisnik', is_active: true }]),
        'POST /api/user_types/index_active': listAnswer([{ id: 2, name: 'Fizičko lice', is_active: true }]),
        'POST /api/users/update/57': SESSION_ENDED,
      },
      // The row by its e-mail: the username is not among the users list's default columns.
      'jelena@primjer.me',
    );
    const row = screen.getByText('jelena@primjer.me', { exact: true }).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: /Izmjena korisnika/ });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Promijeni lozinku' }));
    await user.type(within(dialog).getByLabelText(/^Lozinka/), 'Tajna-lozinka-1');
    await user.type(within(dialog).getByLabelText(/^Potvrda lozinke/), 'Tajna-lozinka-1');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Ime/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Ime/ }), 'Jela');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [key] = storedDrafts();
    const stored = window.localStorage.getItem(key ?? '') ?? '';
    expect(stored).toContain('Jela');
    expect(stored).not.toContain('Tajna-lozinka-1');
  });

  it('reopens a form inside a row action (add credits under the credits dialog) with its values', async () => {
    const MEMBER_ROW = { id: 57, full_name: 'Jelena Popović', username: 'jelena', credit: 40 };
    const PRICE: CreditPriceRow = {
      id: 14,
      os_country_id: 6,
      currency_id: 9,
      price_per_credit: 0.35,
      os_countries: { name: 'Crna Gora' },
      currencies: { name: 'Euro', short_name: 'EUR', sign: '€' },
      is_active: true,
      updated_at: '2026-01-01T00:00:00Z',
    };
    const { router, user } = await openScreen(
      '/users',
      {
        'POST /api/users/index': listAnswer([
          {
            ...MEMBER_ROW,
            name: 'Jelena',
            last_name: 'Popović',
            email: 'jelena@primjer.me',
            phone: null,
            details: null,
            image_url: null,
            roles: [{ id: 2, name: 'Korisnik' }],
            address: null,
            pib: null,
            user_type_id: 2,
            user_types: { id: 2, name: 'Fizičko lice' },
            is_active: true,
            updated_at: '2026-05-01T10:00:00.000Z',
          },
        ]),
        'POST /api/roles/index_active': listAnswer([]),
        'POST /api/user_types/index_active': listAnswer([]),
        'POST /api/credit_prices/index_active': listAnswer([PRICE]),
        'POST /api/lead_transactions/index': listAnswer([]),
        'POST /api/lead_transactions/store': SESSION_ENDED,
      },
      // The row by its e-mail: the username is not among the users list's default columns.
      'jelena@primjer.me',
    );
    const row = screen.getByText('jelena@primjer.me', { exact: true }).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Krediti' }));
    const credits = await screen.findByRole('dialog', { name: 'Krediti: Jelena Popović' });
    await user.click(within(credits).getByRole('button', { name: 'Dodaj kredite' }));
    const add = await screen.findByRole('dialog', { name: 'Dodavanje kredita' });
    await user.click(within(add).getByRole('combobox', { name: /^Cijena kredita/ }));
    await user.click(await screen.findByRole('option', { name: 'Crna Gora · 0,35 €' }));
    await user.type(within(add).getByRole('textbox', { name: /^Količina/ }), '500');
    await user.click(within(add).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storedDrafts()).toEqual([
      'draft.v1:42:/users:lead_transactions:action:credits#57/add-credits#new',
    ]);

    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    await user.click(within(await draftOffer()).getByRole('button', { name: 'Vrati' }));
    const restored = await screen.findByRole('dialog', { name: 'Dodavanje kredita' });
    expect(screen.getByRole('dialog', { name: 'Krediti: Jelena Popović', hidden: true })).toBeInTheDocument();
    expect(within(restored).getByRole('textbox', { name: /^Količina/ })).toHaveValue('500');
    expect(within(restored).getByRole('combobox', { name: /^Cijena kredita/ })).toHaveTextContent(
      'Crna Gora · 0,35 €',
    );
  });
});

describe('signing in again after the session ended', () => {
  it('returns to the page the user was on, with its query, when no form was open', async () => {
    const { router, user } = await openScreen(
      '/countries?page=1',
      { 'POST /api/os_countries/index': [listAnswer([COUNTRY]), SESSION_ENDED, listAnswer([COUNTRY])] },
      'Crna Gora',
    );
    await user.click(screen.getByRole('button', { name: 'Osvježi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/countries'));
    expect(router.state.location.search).toBe('?page=1');
    expect(screen.queryByText(/Imate nesačuvan nacrt/)).not.toBeInTheDocument();
  });

  it('sends a visitor who opens a page without a session to the login page and back to that page', async () => {
    mockFetch({
      ...ADMIN_HOME_ANSWERS,
      'POST /api/loginWeb': { body: { user: STAFF } },
      'POST /api/os_cities/index': listAnswer([]),
    });
    const { router } = await renderApp('/cities');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnTo=%2Fcities');
    await signIn(userEvent.setup());
    await waitFor(() => expect(router.state.location.pathname).toBe('/cities'));
  });

  it.each(['//evil.example', 'https://evil.example/countries', '/\\evil.example'])(
    'refuses to return to %s and goes to the admin home',
    async (returnTo) => {
      mockFetch({ ...ADMIN_HOME_ANSWERS, 'POST /api/loginWeb': { body: { user: STAFF } } });
      const { router } = await renderApp(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await signIn(userEvent.setup());
      await waitFor(() => expect(router.state.location.pathname).toBe('/ads-on-approval'));
    },
  );
});
