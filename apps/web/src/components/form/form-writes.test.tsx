import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { msg } from '@usluge/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireHttpClient } from '../../app/http-wiring.ts';
import { MuiRoot } from '../../app/mui-root.tsx';
import { registerRouter } from '../../app/navigator.ts';
import { jsonResponse, listAnswer, mockFetch, type SeenRequest } from '../../test/fetch-mock.ts';
import { TEST_FORM_ENTITY, TEST_PICKER } from '../../test/fixtures.ts';
import { resetApp } from '../../test/render-app.tsx';
import { ListScreen } from '../list/list-screen.tsx';
import { defineResource } from '../list/resource-types.ts';
import { defineForm } from './define-form.tsx';

type PlaceRow = {
  id: number;
  name: string;
  post_code: string;
  kind_id: number;
  is_active: boolean;
  updated_at: string;
};

const READ_VERSION = '2026-11-25T19:42:31.123Z';
const SAVED_VERSION = '2026-11-25T19:45:02.456Z';
const STALE_MESSAGE = 'Neko je u međuvremenu izmijenio ovaj zapis. Pogledajte izmjene i sačuvajte ponovo.';

const PODGORICA: PlaceRow = {
  id: 7,
  name: 'Podgorica',
  post_code: '81000',
  kind_id: 3,
  is_active: true,
  updated_at: READ_VERSION,
};
const NIKSIC: PlaceRow = {
  id: 9,
  name: 'Nikšić',
  post_code: '81400',
  kind_id: 4,
  is_active: false,
  updated_at: '2026-10-01T08:00:00.789Z',
};
/** Podgorica as another user saved it meanwhile: a new name and kind, the same post code. */
const PODGORICA_SAVED: PlaceRow = {
  ...PODGORICA,
  name: 'Podgorica Centar',
  kind_id: 4,
  updated_at: SAVED_VERSION,
};

const KINDS = [
  { id: 3, name: 'Grad' },
  { id: 4, name: 'Prijestonica' },
];

const placeSchema = z.object({
  name: z.string().trim().min(1, msg('required')),
  post_code: z.string().trim().min(1, msg('required')),
  kind_id: z.coerce.number(),
});

const placesResource = defineResource<PlaceRow>({
  entity: TEST_FORM_ENTITY,
  titleKey: 'pages.test',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  columns: [{ key: 'name', titleKey: 'columns.name' }],
  form: defineForm({
    schema: placeSchema,
    fields: [
      { name: 'name', labelKey: 'columns.city_name', kind: 'text', isRequired: true },
      { name: 'post_code', labelKey: 'columns.post_code', kind: 'text', isRequired: true },
      { name: 'kind_id', labelKey: 'columns.user_type', kind: 'select', picker: TEST_PICKER },
    ],
    emptyValues: { name: '', post_code: '', kind_id: '' },
    fromRow: (row: PlaceRow) => ({ name: row.name, post_code: row.post_code, kind_id: row.kind_id }),
  }),
});

async function openPlaces(extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  wireHttpClient();
  const net = mockFetch({
    'POST /api/places/index': listAnswer([PODGORICA, NIKSIC]),
    'POST /api/kinds/index_active': listAnswer(KINDS),
    ...extra,
  });
  const router = createMemoryRouter(
    [
      {
        Component: MuiRoot,
        children: [{ path: '/places', element: <ListScreen resource={placesResource} /> }],
      },
    ],
    { initialEntries: ['/places'] },
  );
  registerRouter(router);
  render(<RouterProvider router={router} />);
  await screen.findByText('Podgorica');
  return { net, user: userEvent.setup(), listCalls: () => net.callsTo('POST /api/places/index').length };
}

const rowOf = (text: string) => screen.getByText(text, { exact: true }).closest('tr') as HTMLElement;
const keyOf = (request: SeenRequest | undefined) => request?.headers['idempotency-key'];

/** A reply the test releases when it wants: the request is in flight until then. */
function heldReply(body: unknown) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { reply: async () => held.then(() => jsonResponse(200, body)), release: () => release() };
}

/** Opens Podgorica's edit form, changes its post code and saves: the server says it is stale. */
async function editIntoConflict() {
  const opened = await openPlaces({
    'PUT /api/places/update/7': [
      { status: 409, body: { message: STALE_MESSAGE, current: PODGORICA_SAVED } },
      { body: PODGORICA_SAVED },
    ],
  });
  const { user } = opened;
  await user.click(within(rowOf('Podgorica')).getByRole('button', { name: 'Izmijeni' }));
  const dialog = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
  const postCode = within(dialog).getByRole('textbox', { name: /Poštanski broj/ });
  await user.clear(postCode);
  await user.type(postCode, '81001');
  await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
  const notice = await within(dialog).findByRole('alert');
  return { ...opened, dialog, notice };
}

describe('the form dialog: no lost update', () => {
  it('sends the version it read, and a stale save shows what the other person changed, with no error dialog', async () => {
    const { net, dialog, notice } = await editIntoConflict();
    const [first] = net.callsTo('PUT /api/places/update/7');
    expect(first?.body).toEqual({
      name: 'Podgorica',
      post_code: '81001',
      kind_id: 3,
      updated_at: READ_VERSION,
    });
    expect(notice).toHaveTextContent(STALE_MESSAGE);
    // Per field the other person changed: what the user started from → what is saved now (names, not ids).
    const changes = within(notice)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(changes).toEqual(['Naziv grada', 'Tip korisnika']);
    const values = within(notice)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values[0]).toContain('Podgorica');
    expect(values[0]).toContain('Podgorica Centar');
    expect(values[1]).toMatch(/Grad.*Prijestonica/);
    // The post code the user changed is not among them: the other person left it.
    expect(notice).not.toHaveTextContent('Poštanski broj');
    expect(notice).toHaveFocus();
    // The form stays open with the user's values; saving again waits for the user's choice.
    expect(within(dialog).getByRole('textbox', { name: /Poštanski broj/ })).toHaveValue('81001');
    expect(within(dialog).getByRole('button', { name: 'Sačuvaj' })).toBeDisabled();
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
  });

  it("'apply my edits' puts the user's edits on top of the saved record and saves with its version", async () => {
    const { net, user, dialog, notice } = await editIntoConflict();
    await user.click(within(notice).getByRole('button', { name: 'Primijeni moje izmjene' }));
    expect(within(dialog).getByRole('textbox', { name: /Naziv grada/ })).toHaveValue('Podgorica Centar');
    expect(within(dialog).getByRole('textbox', { name: /Poštanski broj/ })).toHaveValue('81001');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Vaše izmjene su primijenjene');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('PUT /api/places/update/7')).toHaveLength(2));
    const [first, second] = net.callsTo('PUT /api/places/update/7');
    expect(second?.body).toEqual({
      name: 'Podgorica Centar',
      post_code: '81001',
      kind_id: 4,
      updated_at: SAVED_VERSION,
    });
    // The refused save stored nothing: the retry of this opening keeps its key.
    expect(keyOf(second)).toBe(keyOf(first));
    expect(await screen.findByText('Uspješno ste izmijenili zapis.')).toBeInTheDocument();
  });

  it("'discard my edits' shows the saved record, nothing of the user's remains", async () => {
    const { net, user, dialog, notice } = await editIntoConflict();
    await user.click(within(notice).getByRole('button', { name: 'Odbaci moje izmjene' }));
    expect(within(dialog).getByRole('textbox', { name: /Naziv grada/ })).toHaveValue('Podgorica Centar');
    expect(within(dialog).getByRole('textbox', { name: /Poštanski broj/ })).toHaveValue('81000');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // Nothing of the user's is left to lose: Escape closes without asking.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('PUT /api/places/update/7')).toHaveLength(1);
  });
});

describe('the form dialog: no action counts twice', () => {
  it('sends one request with an Idempotency-Key for a double click on Save', async () => {
    const store = heldReply({ ...PODGORICA, id: 11, name: 'Bar' });
    const { net, user } = await openPlaces({ 'POST /api/places/store': store.reply });
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi zapis' });
    await user.type(within(dialog).getByRole('textbox', { name: /Naziv grada/ }), 'Bar');
    await user.type(within(dialog).getByRole('textbox', { name: /Poštanski broj/ }), '85000');
    const save = within(dialog).getByRole('button', { name: 'Sačuvaj' });
    // Two clicks before the first one's re-render (a real double click), then one more while in flight.
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(net.callsTo('POST /api/places/store')).toHaveLength(1));
    await waitFor(() => expect(save).toBeDisabled());
    fireEvent.click(save);
    store.release();
    expect(await screen.findByText('Uspješno ste dodali zapis.')).toBeInTheDocument();
    expect(net.callsTo('POST /api/places/store')).toHaveLength(1);
    expect(keyOf(net.callsTo('POST /api/places/store')[0])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries with the same key after a network failure; a new opening makes a new key', async () => {
    const { net, user } = await openPlaces({
      'POST /api/places/store': [
        () => {
          throw new TypeError('Failed to fetch');
        },
        { body: { ...PODGORICA, id: 12, name: 'Budva' } },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    let dialog = await screen.findByRole('dialog', { name: 'Novi zapis' });
    await user.type(within(dialog).getByRole('textbox', { name: /Naziv grada/ }), 'Budva');
    await user.type(within(dialog).getByRole('textbox', { name: /Poštanski broj/ }), '85310');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    await user.click(within(error).getByRole('button', { name: 'Zatvori' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await screen.findByText('Uspješno ste dodali zapis.')).toBeInTheDocument();
    const [failed, retried] = net.callsTo('POST /api/places/store');
    expect(keyOf(retried)).toBe(keyOf(failed));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novi zapis' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    dialog = await screen.findByRole('dialog', { name: 'Novi zapis' });
    await user.type(within(dialog).getByRole('textbox', { name: /Naziv grada/ }), 'Budva');
    await user.type(within(dialog).getByRole('textbox', { name: /Poštanski broj/ }), '85310');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/places/store')).toHaveLength(3));
    const third = net.callsTo('POST /api/places/store')[2];
    expect(keyOf(third)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(third)).not.toBe(keyOf(failed));
  });
});

describe('deactivate and restore: versions and keys', () => {
  it('sends the version and a key, confirms once for a double click, and a new question gets a new key', async () => {
    const deactivate = heldReply({ ...PODGORICA, is_active: false });
    const { net, user, listCalls } = await openPlaces({
      'DELETE /api/places/destroy/7': deactivate.reply,
      'DELETE /api/places/destroy/9': { body: { ...NIKSIC, is_active: true } },
    });
    const before = listCalls();
    await user.click(within(rowOf('Podgorica')).getByRole('button', { name: 'Deaktiviraj' }));
    const question = await screen.findByRole('dialog', { name: 'Deaktivirati zapis „Podgorica“?' });
    const confirm = within(question).getByRole('button', { name: 'Deaktiviraj' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    deactivate.release();
    expect(await screen.findByText('Uspješno ste deaktivirali zapis.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('DELETE /api/places/destroy/7')).toHaveLength(1);
    const first = net.fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/places/destroy/7'));
    expect(String(first?.[0])).toBe(`/api/places/destroy/7?updated_at=${encodeURIComponent(READ_VERSION)}`);

    await user.click(within(rowOf('Nikšić')).getByRole('button', { name: 'Vrati' }));
    const restore = await screen.findByRole('dialog', { name: 'Vratiti zapis „Nikšić“?' });
    await user.click(within(restore).getByRole('button', { name: 'Vrati' }));
    await waitFor(() => expect(net.callsTo('DELETE /api/places/destroy/9')).toHaveLength(1));
    const keys = [
      net.callsTo('DELETE /api/places/destroy/7')[0],
      net.callsTo('DELETE /api/places/destroy/9')[0],
    ].map(keyOf);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows the message of a stale toggle and reloads the list', async () => {
    const { user, listCalls } = await openPlaces({
      'DELETE /api/places/destroy/7': {
        status: 409,
        body: { message: STALE_MESSAGE, current: PODGORICA_SAVED },
      },
    });
    const before = listCalls();
    await user.click(within(rowOf('Podgorica')).getByRole('button', { name: 'Deaktiviraj' }));
    const question = await screen.findByRole('dialog', { name: 'Deaktivirati zapis „Podgorica“?' });
    await user.click(within(question).getByRole('button', { name: 'Deaktiviraj' }));
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(within(error).getByText(STALE_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });
});
