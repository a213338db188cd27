import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { msg } from '@usluge/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireHttpClient } from '../../app/http-wiring.ts';
import { MuiRoot } from '../../app/mui-root.tsx';
import { registerRouter } from '../../app/navigator.ts';
import { listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';
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
    expect(screen.getByText('Otkazan')).toBeInTheDocument();
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

  it('sends a date filter as a whole-day range', async () => {
    const { lastBody, user } = await openCountries();
    const from = screen.getByLabelText('Filter: Ažurirano (Od)');
    await user.type(from, '2024-05-01');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ filters: { updated_at: { operator: 'between' } } }),
    );
    const filter = (lastBody() as { filters: { updated_at: { value: [string, string | null] } } }).filters
      .updated_at;
    expect(new Date(filter.value[0]).getDate()).toBe(1);
    expect(new Date(filter.value[0]).getHours()).toBe(0);
    expect(filter.value[1]).toBeNull();
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
  entity: 'things',
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
  { id: 1, name: 'Prva', is_active: true, updated_at: '2024-05-01T10:00:00Z' },
  { id: 2, name: 'Druga', is_active: false, updated_at: '2024-05-01T10:00:00Z' },
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
  it('deletes an active row after confirmation and reloads the list', async () => {
    const { net, user, listCalls } = await openThings({
      'DELETE /api/things/destroy/1': { body: { message: 'ok' } },
    });
    const row = screen.getByText('Prva').closest('tr') as HTMLElement;
    const before = listCalls();
    await user.click(within(row).getByRole('button', { name: 'Obriši' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brisanje' });
    expect(net.callsTo('DELETE /api/things/destroy/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(net.callsTo('DELETE /api/things/destroy/1')).toHaveLength(1));
    expect(await screen.findByText('Uspješno ste obrisali zapis.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('restores an inactive row, and asks first', async () => {
    const { net, user } = await openThings({ 'DELETE /api/things/destroy/2': { body: {} } });
    const row = screen.getByText('Druga').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Vrati' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vraćanje' });
    await user.click(within(dialog).getByRole('button', { name: 'Otkaži' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('DELETE /api/things/destroy/2')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Vrati' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Vraćanje' })).getByRole('button', {
        name: 'Potvrdi',
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

  it("edits a row, and shows the server's field errors in the form", async () => {
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
    expect(await screen.findByRole('dialog', { name: 'Greška' })).toHaveTextContent('Neispravni podaci.');
    await act(async () => screen.getByRole('button', { name: 'Zatvori' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument());
    await user.clear(name);
    await user.type(name, 'Prva izmijenjena');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/things/update/1')).toEqual({ name: 'Prva izmijenjena' }),
    );
    expect(await screen.findByText('Uspješno ste izmijenili zapis.')).toBeInTheDocument();
  });
});
