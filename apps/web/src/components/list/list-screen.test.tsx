import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { msg } from '@usluge/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { wireHttpClient } from '../../app/http-wiring.ts';
import { MuiRoot } from '../../app/mui-root.tsx';
import { registerRouter } from '../../app/navigator.ts';
import { listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { ADMIN_USER, TEST_ENTITY } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';
import { fakeScreen } from '../../test/setup.ts';
import { defineForm } from '../form/define-form.tsx';
import { ListScreen } from './list-screen.tsx';
import { defineResource } from './resource-types.ts';

const COUNTRIES = [
  { id: 1, name: 'Crna Gora', code: 'ME', is_active: true, updated_at: '2024-05-01T10:00:00Z' },
  { id: 2, name: 'Srbija', code: 'RS', is_active: false, updated_at: '2024-04-01T10:00:00Z' },
];

const FIRST_REQUEST = {
  filters: {},
  options: { page: 1, itemsPerPage: 10, sortBy: ['updated_at'], sortDesc: [true] },
  show_only_active: null,
};

/** Signs in (stored flag + profile) and opens the countries list at `path`. */
async function openCountries(path = '/countries', answer = listAnswer(COUNTRIES)) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({ 'GET /api/user': { body: ADMIN_USER }, 'POST /api/os_countries/index': answer });
  const app = await renderApp(path, { isReset: false });
  await screen.findByRole('heading', { name: 'Države' });
  await waitFor(() => expect(net.callsTo('POST /api/os_countries/index').length).toBeGreaterThan(0));
  const lastBody = () => net.lastBodyOf('POST /api/os_countries/index');
  return { ...app, net, lastBody, user: userEvent.setup() };
}

describe('list screen: reading', () => {
  it('asks for page 1 of 10, newest first, active and inactive', async () => {
    const { lastBody } = await openCountries();
    expect(lastBody()).toEqual(FIRST_REQUEST);
    expect(await screen.findByText('Crna Gora')).toBeInTheDocument();
    expect(screen.getByText('Neaktivan')).toBeInTheDocument();
  });

  it("shows 'Nema podataka' for an empty list", async () => {
    await openCountries('/countries', listAnswer([]));
    expect(await screen.findByText('Nema podataka')).toBeInTheDocument();
  });

  it('words an estimated total as "more than 10 000"', async () => {
    await openCountries('/countries', listAnswer(COUNTRIES, 1_234_567, false));
    expect(await screen.findByText(/1–10 od više od 10\.000/)).toBeInTheDocument();
  });
});

describe('list screen: filters', () => {
  it('applies a text filter with Enter, back on page 1 with the first page size', async () => {
    const { lastBody, user, router, net } = await openCountries('/countries?page=3&size=20');
    const before = net.callsTo('POST /api/os_countries/index').length;
    const input = screen.getByRole('textbox', { name: 'Filter: Naziv države' });
    await user.type(input, 'Crna');
    // Typing alone does not ask the server.
    expect(net.callsTo('POST /api/os_countries/index')).toHaveLength(before);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(lastBody()).toEqual({
        ...FIRST_REQUEST,
        filters: { name: { operator: 'contains', value: 'Crna' } },
      }),
    );
    expect(router.state.location.search).toBe('?f.name=Crna');
  });

  it('applies every typed filter with the search button', async () => {
    const { lastBody, user } = await openCountries();
    await user.type(screen.getByRole('textbox', { name: 'Filter: Naziv države' }), 'Gora');
    await user.type(screen.getByRole('textbox', { name: 'Filter: Oznaka' }), 'ME');
    await user.click(screen.getByRole('button', { name: 'Pretraži' }));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({
        filters: {
          name: { operator: 'contains', value: 'Gora' },
          code: { operator: 'contains', value: 'ME' },
        },
      }),
    );
  });

  it('reads a date filter typed as dd.mm.yyyy and sends whole days', async () => {
    const { lastBody, user, router } = await openCountries();
    const from = screen.getByRole('textbox', { name: 'Filter: Ažurirano (Od)' });
    expect(from).toHaveAttribute('placeholder', 'dd.mm.gggg');
    await user.type(from, '01.05.2024');
    await user.type(screen.getByRole('textbox', { name: 'Filter: Ažurirano (Do)' }), '31.05.2024{Enter}');
    await waitFor(() =>
      expect(lastBody()).toMatchObject({
        filters: { updated_at: { operator: 'between', value: ['2024-05-01', '2024-05-31'] } },
      }),
    );
    expect(router.state.location.search).toBe('?f.updated_at=01.05.2024%7E31.05.2024');
  });

  it('marks a date that is no day, and leaves it out of the request', async () => {
    const { lastBody, user } = await openCountries();
    const from = screen.getByRole('textbox', { name: 'Filter: Ažurirano (Od)' });
    await user.type(from, '31.02.2024{Enter}');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('Unesite postojeći datum, dd.mm.gggg');
    expect(lastBody()).toEqual(FIRST_REQUEST);
  });

  it("shows times in Montenegro's zone, whatever the browser's, and says so on the date column", async () => {
    vi.stubEnv('TZ', 'America/New_York');
    try {
      await openCountries();
      // 10:00 UTC on 1 May is 12:00 in Podgorica (summer time) and 06:00 in New York.
      const cell = await screen.findByText('01.05.2024 12:00');
      expect(cell.tagName).toBe('TIME');
      expect(cell).toHaveAttribute('datetime', '2024-05-01T10:00:00.000Z');
      expect(screen.getByRole('button', { name: /^Ažurirano/ })).toHaveAccessibleDescription(
        'vrijeme u Crnoj Gori',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('clears the filters', async () => {
    const { lastBody, user, router } = await openCountries(
      '/countries?f.name=Crna&f.code=ME&page=2&active=active',
    );
    expect(screen.getByRole('textbox', { name: 'Filter: Naziv države' })).toHaveValue('Crna');
    await user.click(screen.getByRole('button', { name: 'Očisti filtere' }));
    await waitFor(() => expect(lastBody()).toEqual(FIRST_REQUEST));
    expect(screen.getByRole('textbox', { name: 'Filter: Naziv države' })).toHaveValue('');
    expect(router.state.location.search).toBe('');
  });

  it('filters active, inactive or all', async () => {
    const { lastBody, user, router } = await openCountries('/countries?page=2');
    await user.click(screen.getByRole('button', { name: 'Aktivni' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ show_only_active: true, options: { page: 1 } }));
    expect(router.state.location.search).toBe('?active=active');
    await user.click(screen.getByRole('button', { name: 'Neaktivni' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ show_only_active: false }));
    await user.click(screen.getByRole('button', { name: 'Svi' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ show_only_active: null }));
  });
});

describe('list screen: paging and sorting', () => {
  it('goes back to page 1 when the page size changes', async () => {
    const { lastBody, user, router } = await openCountries('/countries?page=4', listAnswer(COUNTRIES, 95));
    expect(lastBody()).toMatchObject({ options: { page: 4, itemsPerPage: 10 } });
    await user.click(screen.getByRole('combobox', { name: /Redova po stranici/ }));
    await user.click(await screen.findByRole('option', { name: '20' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ options: { page: 1, itemsPerPage: 20 } }));
    expect(router.state.location.search).toBe('?size=20');
  });

  it('offers the page sizes 10, 20, 30, 50 and 100', async () => {
    const { user } = await openCountries();
    await user.click(screen.getByRole('combobox', { name: /Redova po stranici/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '20', '30', '50', '100']);
  });

  it('moves to the next page keeping the size', async () => {
    const { lastBody, user } = await openCountries('/countries?size=30', listAnswer(COUNTRIES, 95));
    await user.click(screen.getByRole('button', { name: 'Sljedeća stranica' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ options: { page: 2, itemsPerPage: 30 } }));
  });

  it('sorts by a column, then the other way', async () => {
    const { lastBody, user, router } = await openCountries('/countries?page=2');
    await user.click(screen.getByRole('button', { name: 'Oznaka' }));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ options: { page: 1, sortBy: ['code'], sortDesc: [false] } }),
    );
    await user.click(screen.getByRole('button', { name: 'Oznaka' }));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ options: { sortBy: ['code'], sortDesc: [true] } }),
    );
    expect(router.state.location.search).toBe('?sort=code&desc=1');
  });

  it('rebuilds the same list from a shared link', async () => {
    const { lastBody } = await openCountries(
      '/countries?f.name=Crna&sort=name&desc=1&page=2&size=20&active=inactive',
    );
    expect(lastBody()).toEqual({
      filters: { name: { operator: 'contains', value: 'Crna' } },
      options: { page: 2, itemsPerPage: 20, sortBy: ['name'], sortDesc: [true] },
      show_only_active: false,
    });
    expect(screen.getByRole('textbox', { name: 'Filter: Naziv države' })).toHaveValue('Crna');
    expect(screen.getByRole('button', { name: 'Neaktivni' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores a link with values it does not know', async () => {
    const { lastBody } = await openCountries(
      '/countries?sort=password&size=7&page=-1&f.secret=1&active=maybe',
    );
    expect(lastBody()).toEqual(FIRST_REQUEST);
  });
});

describe('users list', () => {
  const USERS = [
    {
      id: 1,
      name: 'Ana',
      last_name: 'Marković',
      full_name: 'Ana Marković',
      email: 'ana@x.me',
      username: 'admin',
      phone: null,
      details: null,
      credit: 50,
      roles: [{ id: 1, name: 'Administrator' }],
      is_active: true,
      updated_at: '2024-05-01T10:00:00Z',
    },
    {
      id: 2,
      name: 'Ivo',
      last_name: 'Ivić',
      full_name: 'Ivo Ivić',
      email: 'ivo@x.me',
      username: 'ivo',
      phone: '067',
      details: null,
      credit: null,
      roles: [{ id: 2, name: 'Korisnik' }],
      is_active: true,
      updated_at: '2024-05-01T10:00:00Z',
    },
  ];

  it('filters by role from the roles picker (page 1 of 1000, oldest first)', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/users/index': listAnswer(USERS),
      'POST /api/roles/index_active': listAnswer([
        { id: 1, name: 'Administrator' },
        { id: 3, name: 'Moderator' },
      ]),
    });
    const user = userEvent.setup();
    await renderApp('/users', { isReset: false });
    expect(await screen.findByText('Ana Marković')).toBeInTheDocument();
    expect(net.lastBodyOf('POST /api/roles/index_active')).toEqual({
      filters: {},
      options: { page: 1, itemsPerPage: 1000, sortBy: ['updated_at'], sortDesc: [false] },
      show_only_active: true,
    });
    await user.click(screen.getByRole('combobox', { name: 'Filter: Uloge' }));
    await user.click(await screen.findByRole('option', { name: 'Moderator' }));
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/users/index')).toMatchObject({
        filters: { roles: { operator: 'equals', value: 3 } },
      }),
    );
  });

  it('shows credit only for users with a role other than administrator, null as 0', async () => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/users/index': listAnswer(USERS),
      'POST /api/roles/index_active': listAnswer([]),
    });
    await renderApp('/users', { isReset: false });
    const anaRow = (await screen.findByText('Ana Marković')).closest('tr') as HTMLElement;
    const ivoRow = screen.getByText('Ivo Ivić').closest('tr') as HTMLElement;
    expect(within(anaRow).queryByText('50')).not.toBeInTheDocument();
    expect(within(ivoRow).getByText('0')).toBeInTheDocument();
  });
});

// A resource with every action on, as the reference-data screens will have.
type ThingRow = { id: number; name: string; is_active: boolean; updated_at: string };
const thingSchema = z.object({ name: z.string().trim().min(1, msg('required')) });
const thingsResource = defineResource<ThingRow>({
  entity: TEST_ENTITY,
  titleKey: 'pages.test',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  columns: [
    { key: 'name', titleKey: 'columns.name', filter: { kind: 'text' }, isSortable: true },
    { key: 'is_active', titleKey: 'columns.is_active' },
  ],
  form: defineForm({
    schema: thingSchema,
    fields: [{ name: 'name', labelKey: 'columns.name', kind: 'text', isRequired: true }],
    emptyValues: { name: '' },
    fromRow: (row: ThingRow) => ({ name: row.name }),
  }),
});
const THINGS: ThingRow[] = [
  { id: 1, name: 'Prva', is_active: true, updated_at: '2024-05-01T10:00:00.123Z' },
  { id: 2, name: 'Druga', is_active: false, updated_at: '2024-04-02T08:30:00.456Z' },
];

async function openThings(extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  wireHttpClient();
  const net = mockFetch({ 'POST /api/things/index': listAnswer(THINGS), ...extra });
  const router = createMemoryRouter(
    [
      {
        Component: MuiRoot,
        children: [{ path: '/things', element: <ListScreen resource={thingsResource} /> }],
      },
    ],
    { initialEntries: ['/things'] },
  );
  registerRouter(router);
  render(<RouterProvider router={router} />);
  await screen.findByText('Prva');
  return { net, user: userEvent.setup(), listCalls: () => net.callsTo('POST /api/things/index').length };
}

describe('list screen: row actions and the form dialog', () => {
  it('deactivates an active row after a confirmation naming it, and reloads the list', async () => {
    const { net, user, listCalls } = await openThings({
      'DELETE /api/things/destroy/1': { body: { message: 'ok' } },
    });
    const row = screen.getByText('Prva').closest('tr') as HTMLElement;
    const before = listCalls();
    await user.click(within(row).getByRole('button', { name: 'Deaktiviraj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivirati zapis „Prva“?' });
    expect(dialog).not.toHaveTextContent(/obri/i);
    // The safe button has the focus: Enter right away changes nothing.
    expect(within(dialog).getByRole('button', { name: 'Otkaži' })).toHaveFocus();
    expect(net.callsTo('DELETE /api/things/destroy/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deaktiviraj' }));
    await waitFor(() => expect(net.callsTo('DELETE /api/things/destroy/1')).toHaveLength(1));
    expect(await screen.findByText('Uspješno ste deaktivirali zapis.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('restores an inactive row, and asks first', async () => {
    const { net, user } = await openThings({ 'DELETE /api/things/destroy/2': { body: {} } });
    const row = screen.getByText('Druga').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Vrati' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vratiti zapis „Druga“?' });
    expect(within(dialog).getByRole('button', { name: 'Otkaži' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Otkaži' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('DELETE /api/things/destroy/2')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Vrati' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Vratiti zapis „Druga“?' })).getByRole('button', {
        name: 'Vrati',
      }),
    );
    expect(await screen.findByText('Uspješno ste vratili zapis.')).toBeInTheDocument();
  });

  it('adds a row: validates with the schema, then stores it', async () => {
    const { net, user } = await openThings({ 'POST /api/things/store': { body: { id: 3, name: 'Treća' } } });
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi zapis' });
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(dialog).findByText('Obavezno polje.')).toBeInTheDocument();
    expect(net.callsTo('POST /api/things/store')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Ime/ }), 'Treća');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.lastBodyOf('POST /api/things/store')).toEqual({ name: 'Treća' }));
    expect(await screen.findByText('Uspješno ste dodali zapis.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novi zapis' })).not.toBeInTheDocument());
  });

  it('forgets unsaved input when the dialog closes', async () => {
    const { user } = await openThings();
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    let dialog = await screen.findByRole('dialog', { name: 'Novi zapis' });
    await user.type(within(dialog).getByRole('textbox', { name: /Ime/ }), 'nesačuvano');
    await user.click(within(dialog).getByRole('button', { name: 'Otkaži' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    dialog = await screen.findByRole('dialog', { name: 'Novi zapis' });
    expect(within(dialog).getByRole('textbox', { name: /Ime/ })).toHaveValue('');
  });

  it("edits a row, and shows the server's field errors in the form only", async () => {
    const { net, user } = await openThings({
      'PUT /api/things/update/1': [
        { status: 422, body: { message: 'Neispravni podaci.', errors: { name: ['Naziv već postoji.'] } } },
        { body: { id: 1, name: 'Prva izmijenjena' } },
      ],
    });
    const row = screen.getByText('Prva').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    const name = within(dialog).getByRole('textbox', { name: /Ime/ });
    expect(name).toHaveValue('Prva');
    await user.clear(name);
    await user.type(name, 'Druga');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(dialog).findByText('Naziv već postoji.')).toBeInTheDocument();
    // The form says it under the field; no 'Greška' dialog covers the form.
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Prva izmijenjena');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() =>
      // With the version the form read, exactly as the list answered it.
      expect(net.lastBodyOf('PUT /api/things/update/1')).toEqual({
        name: 'Prva izmijenjena',
        updated_at: '2024-05-01T10:00:00.123Z',
      }),
    );
    expect(await screen.findByText('Uspješno ste izmijenili zapis.')).toBeInTheDocument();
  });
});

describe('list screen: the form dialog and the keyboard', () => {
  /** The area around the dialog: a click there is a click outside the form. */
  const outside = () => document.querySelector('.MuiDialog-container') as HTMLElement;

  it('puts the focus on the first field when the add or edit form opens', async () => {
    const { user } = await openThings();
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const add = await screen.findByRole('dialog', { name: 'Novi zapis' });
    await waitFor(() => expect(within(add).getByRole('textbox', { name: /Ime/ })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const row = screen.getByText('Prva').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const edit = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    await waitFor(() => expect(within(edit).getByRole('textbox', { name: /Ime/ })).toHaveFocus());
  });

  it('closes at once on Escape or a click outside when nothing was changed', async () => {
    const { user } = await openThings();
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    await screen.findByRole('dialog', { name: 'Novi zapis' });
    await user.click(outside());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before a click outside or Escape discards unsaved input', async () => {
    const { user } = await openThings();
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const form = await screen.findByRole('dialog', { name: 'Novi zapis' });
    const name = within(form).getByRole('textbox', { name: /Ime/ });
    await user.type(name, 'nesačuvano');

    // Keep editing: the form stays with what was typed.
    await user.click(outside());
    let ask = await screen.findByRole('dialog', { name: 'Odbaciti izmjene?' });
    expect(within(ask).getByRole('button', { name: 'Nastavi uređivanje' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Nastavi uređivanje' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Odbaciti izmjene?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Novi zapis' })).toBeInTheDocument();
    expect(name).toHaveValue('nesačuvano');

    // Escape, then discard: the form closes and starts over next time.
    name.focus();
    await user.keyboard('{Escape}');
    ask = await screen.findByRole('dialog', { name: 'Odbaciti izmjene?' });
    await user.click(within(ask).getByRole('button', { name: 'Odbaci izmjene' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const again = await screen.findByRole('dialog', { name: 'Novi zapis' });
    expect(within(again).getByRole('textbox', { name: /Ime/ })).toHaveValue('');
  });

  it('does not ask when the input was changed back to what it was', async () => {
    const { user } = await openThings();
    const row = screen.getByText('Prva').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const edit = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    const name = within(edit).getByRole('textbox', { name: /Ime/ });
    await user.type(name, 'x');
    await user.type(name, '{Backspace}');
    expect(name).toHaveValue('Prva');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('list screen on a phone', () => {
  it('shows each row as a card of label: value pairs with its actions in words, and no table', async () => {
    fakeScreen.width = 390;
    const { net, user } = await openThings({ 'DELETE /api/things/destroy/1': { body: {} } });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Test' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    const terms = within(first)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(first)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Ime', 'Status']);
    expect(values).toEqual(['Prva', 'Aktivan']);
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Vrati' })).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Deaktiviraj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivirati zapis „Prva“?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deaktiviraj' }));
    await waitFor(() => expect(net.callsTo('DELETE /api/things/destroy/1')).toHaveLength(1));
  });

  it('filters and sorts from a panel the filter button opens', async () => {
    fakeScreen.width = 390;
    const { lastBody, user } = await openCountries();
    const toggle = screen.getByRole('button', { name: 'Filteri' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The panel's fields carry the column titles as visible labels.
    await user.type(screen.getByLabelText('Naziv države'), 'Gora');
    await user.click(screen.getByRole('button', { name: 'Pretraži' }));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ filters: { name: { operator: 'contains', value: 'Gora' } } }),
    );
    expect(screen.getByRole('button', { name: 'Filteri (1)' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Sortiraj po' }));
    await user.click(await screen.findByRole('option', { name: 'Oznaka' }));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ options: { sortBy: ['code'], sortDesc: [true] } }),
    );
    await user.click(screen.getByRole('button', { name: 'Rastuće' }));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ options: { page: 1, sortBy: ['code'], sortDesc: [false] } }),
    );
  });
});
