import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedViewRow } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';
import { hasListState } from './list-views.ts';

const COUNTRIES = [
  { id: 4, name: 'Crna Gora', code: 'ME', is_active: true, updated_at: '2024-05-01T10:00:00Z' },
  { id: 9, name: 'Srbija', code: 'RS', is_active: false, updated_at: '2024-04-01T10:00:00Z' },
];

const view = (overrides: Partial<SavedViewRow>): SavedViewRow => ({
  id: 31,
  list: 'countries',
  name: 'Neaktivne po oznaci',
  state: {
    filters: { name: 'Sr' },
    sortBy: ['code'],
    sortDesc: [true],
    itemsPerPage: 20,
    show_only_active: false,
    columns: ['code', 'name'],
  },
  is_shared: false,
  is_default: false,
  user_id: ADMIN_USER.id,
  owner_name: 'Ana Marković',
  updated_at: '2026-11-20T08:00:00.000Z',
  ...overrides,
});

async function openCountries(
  path: string,
  {
    lists = {},
    views = [],
    storeReply = { status: 201, body: view({ id: 32 }) },
    defaultReply = { status: 200, body: view({ is_default: true }) },
    from,
  }: {
    lists?: Record<string, { columns: string[] }>;
    views?: SavedViewRow[];
    storeReply?: { status: number; body: unknown };
    defaultReply?: { status: number; body: unknown };
    /** A page opened first, so the browser's Back has somewhere to go. */
    from?: string;
  } = {},
) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    ...ADMIN_HOME_ANSWERS,
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/os_countries/index': listAnswer(COUNTRIES),
    'GET /api/preferences': { body: { lists } },
    'PUT /api/preferences': (request) =>
      new Response(JSON.stringify({ lists: { ...lists, ...(request.body as { lists: object }).lists } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    'POST /api/saved_views/index': listAnswer(views),
    'POST /api/saved_views/store': storeReply,
    'PUT /api/saved_views/default/40': defaultReply,
  });
  const app = await renderApp(from ?? path, { isReset: false });
  if (from !== undefined) {
    await screen.findByRole('heading', { name: 'Oglasi na odobrenju' }, { timeout: 15_000 });
    await act(() => app.router.navigate(path));
  }
  // The first render loads the lazy screen: on a busy machine that takes a while.
  await screen.findByRole('heading', { name: 'Države' }, { timeout: 15_000 });
  return { ...app, net, user: userEvent.setup() };
}

/** The titles of the table's columns (its first header row), without the actions column. */
const headers = () => {
  const [titles] = within(screen.getByRole('table', { name: 'Države' })).getAllByRole('row');
  return within(titles as HTMLElement)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
    .filter((text) => text !== '' && text !== 'Akcije');
};

describe('column chooser', () => {
  it("shows the member's stored columns in their order", async () => {
    await openCountries('/countries', { lists: { countries: { columns: ['code', 'name'] } } });
    await waitFor(() => expect(headers()).toEqual(['Oznaka', 'Naziv države']));
  });

  it('hides and reorders columns by keyboard and keeps the choice on the server', async () => {
    const { user, net } = await openCountries('/countries');
    await waitFor(() => expect(headers()).toEqual(['Ažurirano', 'Naziv države', 'Oznaka', 'Status']));
    await user.click(screen.getByRole('button', { name: 'Kolone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kolone liste' });
    // Keyboard only: untick 'Ažurirano', move 'Oznaka' above 'Naziv države'.
    within(dialog).getByRole('checkbox', { name: 'Ažurirano' }).focus();
    await user.keyboard(' ');
    within(dialog).getByRole('button', { name: 'Pomjeri gore: Oznaka' }).focus();
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('PUT /api/preferences')).toHaveLength(1));
    expect(net.lastBodyOf('PUT /api/preferences')).toEqual({
      lists: { countries: { columns: ['code', 'name', 'is_active'] } },
    });
    expect(net.callsTo('PUT /api/preferences')[0]?.headers['idempotency-key']).toMatch(/.+/);
    await waitFor(() => expect(headers()).toEqual(['Oznaka', 'Naziv države', 'Status']));
  });

  it('resets to the default columns and refuses to hide every column', async () => {
    const { user } = await openCountries('/countries', { lists: { countries: { columns: ['code'] } } });
    await user.click(screen.getByRole('button', { name: 'Kolone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kolone liste' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Oznaka' }));
    expect(within(dialog).getByText('Izaberite bar jednu kolonu.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sačuvaj' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Vrati podrazumijevane' }));
    const ticked = within(dialog)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.closest('label')?.textContent);
    expect(ticked).toEqual(['Ažurirano', 'Naziv države', 'Oznaka', 'Status']);
  });
});

describe('saved views menu', () => {
  it("applies a picked view's filters, sort, page size, activity and columns", async () => {
    const { user, router, net } = await openCountries('/countries', { views: [view({})] });
    await user.click(screen.getByRole('button', { name: 'Pogledi' }));
    await user.click(await screen.findByRole('menuitem', { name: /Neaktivne po oznaci/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?size=20&sort=code&desc=1&active=inactive&f.name=Sr'),
    );
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/os_countries/index')).toEqual({
        filters: { name: { operator: 'contains', value: 'Sr' } },
        options: { page: 1, itemsPerPage: 20, sortBy: ['code'], sortDesc: [true] },
        show_only_active: false,
      }),
    );
    expect(headers()).toEqual(['Oznaka', 'Naziv države']);
  });

  it('opens with the default view when the address carries no list state', async () => {
    const { router } = await openCountries('/countries', { views: [view({ is_default: true })] });
    await waitFor(() => expect(router.state.location.search).toContain('f.name=Sr'));
    expect(headers()).toEqual(['Oznaka', 'Naziv države']);
  });

  it("keeps the address's own list state over the default view", async () => {
    const { router, net } = await openCountries('/countries?f.code=ME', {
      views: [view({ is_default: true })],
    });
    await waitFor(() => expect(net.callsTo('POST /api/saved_views/index').length).toBeGreaterThan(0));
    await screen.findByText('Crna Gora');
    expect(router.state.location.search).toBe('?f.code=ME');
  });

  it("saves the current list as a shared default view, and names another's shared view by its owner", async () => {
    const shared = view({
      id: 40,
      name: 'Čeka više od 3 dana',
      user_id: 77,
      is_shared: true,
      owner_name: 'Marko M',
    });
    const { user, net } = await openCountries('/countries?f.code=ME', { views: [shared] });
    await user.click(screen.getByRole('button', { name: 'Pogledi' }));
    expect(
      await screen.findByRole('menuitem', { name: /Čeka više od 3 dana.*Dijeli: Marko M/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Sačuvaj trenutni prikaz…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sačuvaj prikaz kao pogled' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Naziv pogleda' }), 'Samo ME');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Podijeli sa svim zaposlenima' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Podrazumijevani pogled ove liste' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/saved_views/store')).toHaveLength(1));
    expect(net.lastBodyOf('POST /api/saved_views/store')).toEqual({
      list: 'countries',
      name: 'Samo ME',
      is_shared: true,
      is_default: true,
      state: {
        filters: { code: 'ME' },
        sortBy: ['updated_at'],
        sortDesc: [true],
        itemsPerPage: 10,
        show_only_active: null,
        columns: ['updated_at', 'name', 'code', 'is_active'],
      },
    });
  });

  it("makes another's shared view the member's default, by keyboard, from the views dialog", async () => {
    const shared = view({
      id: 40,
      name: 'Čeka više od 3 dana',
      user_id: 77,
      is_shared: true,
      owner_name: 'Marko M',
    });
    const { user, net } = await openCountries('/countries?f.code=ME', {
      views: [shared],
      defaultReply: { status: 200, body: { ...shared, is_default: true } },
    });
    screen.getByRole('button', { name: 'Pogledi' }).focus();
    await user.keyboard('{Enter}');
    (await screen.findByRole('menuitem', { name: 'Upravljaj pogledima…' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Pogledi ove liste' });
    expect(within(dialog).getByText(/Dijeli: Marko M/)).toBeInTheDocument();
    // Another's view: the default button only, no edit or delete.
    expect(within(dialog).queryByRole('button', { name: /Izmijeni/ })).toBeNull();
    within(dialog).getByRole('button', { name: 'Postavi Čeka više od 3 dana kao podrazumijevani' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(net.callsTo('PUT /api/saved_views/default/40')).toHaveLength(1));
    expect(net.lastBodyOf('PUT /api/saved_views/default/40')).toEqual({ is_default: true });
  });

  it('shows a duplicate name under the name field', async () => {
    const { user } = await openCountries('/countries', {
      storeReply: {
        status: 422,
        body: {
          message: 'Podaci nisu ispravni.',
          errors: { name: ['Već imate pogled sa ovim imenom na ovoj listi.'] },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Pogledi' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sačuvaj trenutni prikaz…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sačuvaj prikaz kao pogled' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Naziv pogleda' }), 'Dupli{Enter}');
    expect(
      await within(dialog).findByText('Već imate pogled sa ovim imenom na ovoj listi.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Greška' })).toBeNull();
  });
});

describe("the browser's Back inside the list's own dialogs", () => {
  /** The browser's Back button (or a phone's back gesture). */
  const pressBack = (router: { navigate: (delta: number) => Promise<void> }) =>
    act(() => router.navigate(-1));
  const discardQuestion = () => screen.queryByRole('dialog', { name: 'Odbaciti izmjene?' });

  it('closes the save-view dialog and the list stays; with a typed name it asks first', async () => {
    const { user, router } = await openCountries('/countries?f.code=ME', { from: '/ads-on-approval' });
    const openSave = async () => {
      await user.click(screen.getByRole('button', { name: 'Pogledi' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Sačuvaj trenutni prikaz…' }));
      return screen.findByRole('dialog', { name: 'Sačuvaj prikaz kao pogled' });
    };

    await openSave();
    await pressBack(router);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/countries');
    expect(router.state.location.search).toBe('?f.code=ME');

    const dialog = await openSave();
    const name = within(dialog).getByRole('textbox', { name: 'Naziv pogleda' });
    await user.type(name, 'Samo ME');
    await pressBack(router);
    const ask = await screen.findByRole('dialog', { name: 'Odbaciti izmjene?' });
    expect(router.state.location.pathname).toBe('/countries');
    await user.click(within(ask).getByRole('button', { name: 'Nastavi uređivanje' }));
    await waitFor(() => expect(discardQuestion()).toBeNull());
    expect(name).toHaveValue('Samo ME');

    // Another page asks too, and staying keeps the name.
    await act(() => router.navigate('/cities'));
    const leave = await screen.findByRole('dialog', { name: 'Napustiti stranicu?' });
    await user.click(within(leave).getByRole('button', { name: 'Nastavi uređivanje' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Napustiti stranicu?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/countries');
    expect(name).toHaveValue('Samo ME');

    await pressBack(router);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Odbaciti izmjene?' })).getByRole('button', {
        name: 'Odbaci izmjene',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/countries');
    // No history entry was added or lost: the next Back goes where it always would.
    await pressBack(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ads-on-approval'));
  });

  it('closes the column chooser and the views dialog, and the list stays; changed columns ask first', async () => {
    const { user, router } = await openCountries('/countries', {
      from: '/ads-on-approval',
      views: [view({})],
    });
    await user.click(screen.getByRole('button', { name: 'Pogledi' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upravljaj pogledima…' }));
    await screen.findByRole('dialog', { name: 'Pogledi ove liste' });
    await pressBack(router);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/countries');

    await user.click(screen.getByRole('button', { name: 'Kolone' }));
    const chooser = await screen.findByRole('dialog', { name: 'Kolone liste' });
    await pressBack(router);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/countries');

    await user.click(screen.getByRole('button', { name: 'Kolone' }));
    const again = await screen.findByRole('dialog', { name: 'Kolone liste' });
    expect(again).not.toBe(chooser);
    await user.click(within(again).getByRole('checkbox', { name: 'Oznaka' }));
    await pressBack(router);
    const ask = await screen.findByRole('dialog', { name: 'Odbaciti izmjene?' });
    await user.click(within(ask).getByRole('button', { name: 'Nastavi uređivanje' }));
    await waitFor(() => expect(discardQuestion()).toBeNull());
    expect(within(again).getByRole('checkbox', { name: 'Oznaka' })).not.toBeChecked();
    expect(router.state.location.pathname).toBe('/countries');
  });
});

describe('a list state in the address', () => {
  it("is none for a filter the screen always carries (the review queue's status): the default view applies", () => {
    const fixed = { status: '1' };
    expect(hasListState(new URLSearchParams('f.status=1'), fixed)).toBe(false);
    expect(hasListState(new URLSearchParams('f.status=1&f.title=kos'), fixed)).toBe(true);
    expect(hasListState(new URLSearchParams('f.status=1&sort=title'), fixed)).toBe(true);
    expect(hasListState(new URLSearchParams('f.status=3'), fixed)).toBe(true);
    expect(hasListState(new URLSearchParams('f.status=1'))).toBe(true);
    expect(hasListState(new URLSearchParams('utm=x'))).toBe(false);
  });
});
