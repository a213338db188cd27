import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countryFormSchema, currencyFormSchema, fieldErrors, userTypeFormSchema } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';

type Case = {
  path: string;
  entity: string;
  title: string;
  headers: string[];
  row: { id: number; name: string; is_active: boolean; updated_at: string } & Record<string, unknown>;
  schema: z.ZodType;
  /** Field label → typed text, for a valid new row. */
  typed: Record<string, string>;
  stored: Record<string, unknown>;
  addTitle: string;
  editTitle: string;
  /** What the dialog's empty fields answer, by label. */
  emptyLabels: string[];
  noun: string;
};

const UPDATED = '2024-05-01T10:00:00Z';

const CASES: Case[] = [
  {
    path: '/countries',
    entity: 'os_countries',
    title: 'Države',
    headers: ['Ažurirano', 'Naziv države', 'Oznaka', 'Status'],
    row: { id: 1, name: 'Crna Gora', code: 'ME', is_active: true, updated_at: UPDATED },
    schema: countryFormSchema,
    typed: { 'Naziv države': 'Albanija', Oznaka: 'AL' },
    stored: { name: 'Albanija', code: 'AL' },
    addTitle: 'Nova država',
    editTitle: 'Izmjena države',
    emptyLabels: ['Naziv države', 'Oznaka'],
    noun: 'državu',
  },
  {
    path: '/user-types',
    entity: 'user_types',
    title: 'Tipovi korisnika',
    headers: ['Ažurirano', 'Naziv tipa', 'Status'],
    row: { id: 2, name: 'Fizičko lice', is_active: true, updated_at: UPDATED },
    schema: userTypeFormSchema,
    typed: { 'Naziv tipa': 'Preduzetnik' },
    stored: { name: 'Preduzetnik' },
    addTitle: 'Novi tip korisnika',
    editTitle: 'Izmjena tipa korisnika',
    emptyLabels: ['Naziv tipa'],
    noun: 'tip korisnika',
  },
  {
    path: '/currencies',
    entity: 'currencies',
    title: 'Valute',
    headers: ['Ažurirano', 'Naziv valute', 'Skraćeni naziv', 'Simbol', 'Status'],
    row: { id: 1, name: 'Euro', short_name: 'EUR', sign: '€', is_active: true, updated_at: UPDATED },
    schema: currencyFormSchema,
    // The sign is optional: left empty it is sent as null.
    typed: { 'Naziv valute': 'Švajcarski franak', 'Skraćeni naziv': 'CHF' },
    stored: { name: 'Švajcarski franak', short_name: 'CHF', sign: null },
    addTitle: 'Nova valuta',
    editTitle: 'Izmjena valute',
    emptyLabels: ['Naziv valute', 'Skraćeni naziv'],
    noun: 'valutu',
  },
];

async function open(c: Case) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    'GET /api/user': { body: ADMIN_USER },
    [`POST /api/${c.entity}/index`]: listAnswer([c.row]),
    [`POST /api/${c.entity}/store`]: { status: 201, body: { ...c.row, id: 99 } },
    [`PUT /api/${c.entity}/update/${c.row.id}`]: { body: c.row },
    [`DELETE /api/${c.entity}/destroy/${c.row.id}`]: { body: { ...c.row, is_active: false } },
  });
  await renderApp(c.path, { isReset: false });
  await screen.findByText(c.row.name);
  return { net, user: userEvent.setup() };
}

describe.each(CASES)('$title screen', (c) => {
  it('shows the columns of the spec, with add, report, edit and deactivate', async () => {
    await open(c);
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: c.title });
    const [titleRow] = within(table).getAllByRole('row');
    const headers = within(titleRow as HTMLElement).getAllByRole('columnheader');
    // First the choice of rows for deactivating or restoring in bulk, last the row actions.
    expect(headers).toHaveLength(c.headers.length + 2);
    expect(
      within(headers[0] as HTMLElement).getByRole('checkbox', { name: 'Izaberi sve na stranici' }),
    ).toBeInTheDocument();
    c.headers.forEach((title, i) => {
      // The sorted column also says how it is sorted, for screen readers.
      expect(headers[i + 1]?.textContent?.startsWith(title)).toBe(true);
    });
    expect(headers.at(-1)).toHaveTextContent('Akcije');
    expect(screen.getByRole('button', { name: 'Dodaj' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Izvještaj' })).toBeInTheDocument();
    const row = screen.getByText(c.row.name).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Izmijeni' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Deaktiviraj' })).toBeInTheDocument();
  });

  it("answers empty required fields with the server's messages, then adds", async () => {
    const { net, user } = await open(c);
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: c.addTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    const parsed = c.schema.safeParse({}, { reportInput: true });
    const server = fieldErrors(parsed.success ? [] : parsed.error.issues, 'me');
    expect(
      Object.values(server)
        .flat()
        .every((text) => text === 'Obavezno polje.'),
    ).toBe(true);
    for (const label of c.emptyLabels) {
      const input = within(dialog).getByRole('textbox', { name: new RegExp(label) });
      await waitFor(() => expect(input).toHaveAccessibleDescription('Obavezno polje.'));
    }
    expect(within(dialog).getAllByText('Obavezno polje.')).toHaveLength(Object.keys(server).length);
    expect(net.callsTo(`POST /api/${c.entity}/store`)).toHaveLength(0);

    for (const [label, text] of Object.entries(c.typed)) {
      await user.type(within(dialog).getByRole('textbox', { name: new RegExp(label) }), text);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.lastBodyOf(`POST /api/${c.entity}/store`)).toEqual(c.stored));
    expect(await screen.findByText(`Uspješno ste dodali ${c.noun}`)).toBeInTheDocument();
  });

  it('edits and deactivates with messages naming the resource and the row', async () => {
    const { net, user } = await open(c);
    const row = screen.getByText(c.row.name).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: c.editTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo(`PUT /api/${c.entity}/update/${c.row.id}`)).toHaveLength(1));
    expect(await screen.findByText(`Uspješno ste izmijenili ${c.noun}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(row).getByRole('button', { name: 'Deaktiviraj' }));
    const question = `Deaktivirati ${c.noun} „${c.row.name}“?`;
    await user.click(
      within(await screen.findByRole('dialog', { name: question })).getByRole('button', {
        name: 'Deaktiviraj',
      }),
    );
    expect(await screen.findByText(`Uspješno ste deaktivirali ${c.noun}`)).toBeInTheDocument();
  });
});

describe('countries screen', () => {
  it("shows the code conflict on the code field only, without the 'Greška' dialog over the form", async () => {
    const message = 'Država sa ovom oznakom već postoji.';
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/os_countries/index': listAnswer([CASES[0]?.row]),
      'POST /api/os_countries/store': { status: 409, body: { message, errors: { code: [message] } } },
    });
    const user = userEvent.setup();
    await renderApp('/countries', { isReset: false });
    await screen.findByText('Crna Gora');
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova država' });
    await user.type(within(dialog).getByRole('textbox', { name: /Naziv države/ }), 'Crna Gora 2');
    await user.type(within(dialog).getByRole('textbox', { name: /Oznaka/ }), 'ME');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/os_countries/store')).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Oznaka/ })).toHaveAccessibleDescription(message),
    );
    expect(within(dialog).getByRole('textbox', { name: /Naziv države/ })).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
  });
});

describe('going from one list to another', () => {
  it("never renders the previous resource's rows with the next one's columns", async () => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/user_types/index': listAnswer([CASES[1]?.row]),
      'POST /api/roles/index_active': listAnswer([]),
      'POST /api/users/index': async () => {
        // The users answer comes later: the screen waits without the user types' rows.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return new Response(JSON.stringify(listAnswer([{ ...USER_ROW }]).body), {
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    const user = userEvent.setup();
    await renderApp('/user-types', { isReset: false });
    await screen.findByText('Fizičko lice');
    await user.click(screen.getByRole('link', { name: 'Korisnici' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Korisnici' })).toBeInTheDocument();
    expect(screen.queryByText('Fizičko lice')).not.toBeInTheDocument();
    expect(await screen.findByText('Ivo Ivić')).toBeInTheDocument();
  });
});

const USER_ROW = {
  id: 2,
  name: 'Ivo',
  last_name: 'Ivić',
  full_name: 'Ivo Ivić',
  email: 'ivo@x.me',
  username: 'ivo',
  phone: null,
  details: null,
  image_url: null,
  address: null,
  pib: null,
  credit: 0,
  roles: [{ id: 2, name: 'Korisnik' }],
  user_type_id: 2,
  user_types: { id: 2, name: 'Fizičko lice' },
  is_active: true,
  updated_at: UPDATED,
};
