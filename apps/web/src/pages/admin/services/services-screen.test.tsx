import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type SeenRequest } from '../../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';
import { expandedForSearch, highlightParts } from './service-tree-model.ts';
import type { ServiceNode } from './services-api.ts';

function serviceNode(fields: Partial<ServiceNode> & Pick<ServiceNode, 'id' | 'name'>): ServiceNode {
  return {
    description: null,
    is_service: false,
    credit: null,
    icon_url: null,
    service_id: null,
    is_active: true,
    is_favorite: false,
    updated_at: '2026-05-01T10:00:00Z',
    deactivated_items: 0,
    services: [],
    ...fields,
  };
}

const CARPETS = serviceNode({ id: 11, name: 'Pranje tepiha', is_service: true, credit: 12, service_id: 10 });
const WINDOWS = serviceNode({
  id: 12,
  name: 'Pranje prozora',
  is_service: true,
  credit: 5.5,
  service_id: 10,
});
const CLEANING = serviceNode({ id: 10, name: 'Čišćenje', services: [CARPETS, WINDOWS] });
const GARDEN = serviceNode({ id: 20, name: 'Baštenski radovi' });
const TREE = [CLEANING, GARDEN];

const treeAnswer = (nodes: ServiceNode[]) => ({ body: { result: nodes, total_rows: nodes.length } });

type IndexBody = { show_inactive_items?: boolean; filters?: { name?: string } };

async function openServices(extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/services/index_active': treeAnswer(TREE),
    ...extra,
  });
  await renderApp('/services', { isReset: false });
  // The first render also loads the lazy admin modules.
  await screen.findByText('Čišćenje', {}, { timeout: 15_000 });
  return { net, user: userEvent.setup() };
}

/** A node's tree item by the name in its own row. */
function treeItem(name: string): HTMLElement {
  const nameElement = [...document.querySelectorAll('[data-node-name]')].find(
    (el) => el.textContent === name,
  );
  const item = nameElement?.closest('[role="treeitem"]');
  if (!(item instanceof HTMLElement)) throw new Error(`no tree item ${name}`);
  return item;
}

/** The node's own row, without its children. */
function rowOf(name: string): HTMLElement {
  return treeItem(name).querySelector(':scope > .MuiTreeItem-content') as HTMLElement;
}

describe('service tree helpers', () => {
  it('marks the searched text without regard to case, and nothing for an ancestor', () => {
    expect(highlightParts('Pranje Tepiha', 'tepih')).toEqual({
      before: 'Pranje ',
      match: 'Tepih',
      after: 'a',
    });
    expect(highlightParts('Čišćenje', 'ČIŠ')).toEqual({ before: '', match: 'Čiš', after: 'ćenje' });
    expect(highlightParts('Čišćenje', 'tepih')).toBeNull();
    expect(highlightParts('Čišćenje', '  ')).toBeNull();
  });

  it('opens every folder of a search answer', () => {
    expect(expandedForSearch(TREE)).toEqual(['10']);
  });
});

describe('services screen', () => {
  it('shows the folders, and mounts a folder’s services only once it is opened', async () => {
    const { net, user } = await openServices();
    expect(net.lastBodyOf('POST /api/services/index_active')).toEqual({
      is_single_level: false,
      show_inactive_items: false,
    });
    expect(screen.queryByText('Pranje tepiha')).not.toBeInTheDocument();
    await user.click(screen.getByText('Čišćenje'));
    expect(await screen.findByText('Pranje tepiha')).toBeInTheDocument();
    expect(treeItem('Čišćenje')).toHaveAttribute('aria-expanded', 'true');
    // Named by name and credit (not by its buttons), with its level in the flat tree.
    expect(screen.getByRole('treeitem', { name: 'Pranje tepiha Kredit: 12' })).toHaveAttribute(
      'aria-level',
      '2',
    );
    expect(screen.getByRole('treeitem', { name: 'Čišćenje' })).toHaveAttribute('aria-level', '1');
    // Credit in the interface's number format; history for services, add inside for folders.
    expect(within(rowOf('Pranje prozora')).getByText('Kredit: 5,5')).toBeInTheDocument();
    expect(
      within(rowOf('Pranje tepiha')).getByRole('button', { name: 'Istorija kredita' }),
    ).toBeInTheDocument();
    expect(within(rowOf('Pranje tepiha')).queryByRole('button', { name: 'Dodaj u folder' })).toBeNull();
    expect(within(rowOf('Čišćenje')).getByRole('button', { name: 'Dodaj u folder' })).toBeInTheDocument();
    expect(within(rowOf('Čišćenje')).queryByRole('button', { name: 'Istorija kredita' })).toBeNull();
  });

  it('keeps a catalogue of thousands light: only the opened folder’s nodes are mounted', async () => {
    const big = Array.from({ length: 30 }, (_, f) =>
      serviceNode({
        id: 1000 + f,
        name: `Folder ${String(f).padStart(2, '0')}`,
        services: Array.from({ length: 100 }, (_, s) =>
          serviceNode({
            id: 10_000 + f * 100 + s,
            name: `Usluga ${f}-${s}`,
            is_service: true,
            credit: 1,
            service_id: 1000 + f,
          }),
        ),
      }),
    );
    const { user } = await openServices({
      'POST /api/services/index_active': treeAnswer([CLEANING, ...big]),
    });
    await screen.findByText('Folder 29');
    expect(screen.getAllByRole('treeitem')).toHaveLength(31);
    await user.click(screen.getByText('Folder 07'));
    await screen.findByText('Usluga 7-99');
    expect(screen.getAllByRole('treeitem')).toHaveLength(131);
  }, 30_000);

  it('searches after a pause, once for the whole word, marks the match and opens its folder', async () => {
    const searched = serviceNode({
      ...CLEANING,
      is_match: false,
      services: [{ ...CARPETS, is_match: true }],
    });
    const { net, user } = await openServices({
      'POST /api/services/index_active': (request: SeenRequest) =>
        jsonResponse(200, {
          result: (request.body as IndexBody).filters?.name ? [searched] : TREE,
          total_rows: 2,
        }),
    });
    await user.type(screen.getByRole('textbox', { name: 'Pretraga usluga' }), 'tepih');
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/services/index_active')).toMatchObject({ filters: { name: 'tepih' } }),
    );
    // One read for the word, not one per letter.
    expect(net.callsTo('POST /api/services/index_active')).toHaveLength(2);
    const mark = await waitFor(() => {
      const found = rowOf('Pranje tepiha').querySelector('mark');
      expect(found).not.toBeNull();
      return found;
    });
    expect(mark).toHaveTextContent('tepih');
    expect(treeItem('Čišćenje')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('Baštenski radovi')).not.toBeInTheDocument();
    expect(rowOf('Čišćenje').querySelector('mark')).toBeNull();

    // Clearing the search brings the catalogue back, as it was opened before.
    await user.click(screen.getByRole('button', { name: 'Obriši pretragu' }));
    expect(await screen.findByText('Baštenski radovi')).toBeInTheDocument();
    expect(treeItem('Čišćenje')).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when nothing matches the search', async () => {
    const { user } = await openServices({
      'POST /api/services/index_active': (request: SeenRequest) =>
        jsonResponse(200, {
          result: (request.body as IndexBody).filters?.name ? [] : TREE,
          total_rows: 0,
        }),
    });
    await user.type(screen.getByRole('textbox', { name: 'Pretraga usluga' }), 'xyz{Enter}');
    expect(await screen.findByText('Nijedna usluga ni folder ne odgovaraju pretrazi.')).toBeInTheDocument();
  });

  it('asks for inactive nodes on request and shows them greyed as inactive', async () => {
    const inactive = serviceNode({ id: 30, name: 'Selidbe', is_active: false });
    const { net, user } = await openServices({
      'POST /api/services/index_active': (request: SeenRequest) =>
        jsonResponse(200, {
          result: (request.body as IndexBody).show_inactive_items ? [...TREE, inactive] : TREE,
          total_rows: 3,
        }),
    });
    await user.click(screen.getByRole('switch', { name: 'Prikaži neaktivne' }));
    expect(await screen.findByText('Selidbe')).toBeInTheDocument();
    expect(net.lastBodyOf('POST /api/services/index_active')).toMatchObject({ show_inactive_items: true });
    expect(within(rowOf('Selidbe')).getByText('Neaktivno')).toBeInTheDocument();
    expect(within(rowOf('Selidbe')).getByRole('button', { name: 'Vrati' })).toBeInTheDocument();
    expect(within(rowOf('Čišćenje')).queryByText('Neaktivno')).toBeNull();
  });

  it('marks a favourite only after the question', async () => {
    const { net, user } = await openServices({
      'GET /api/services/set-unset-favorite-service/20': { body: { ...GARDEN, is_favorite: true } },
    });
    await user.click(within(rowOf('Baštenski radovi')).getByRole('button', { name: 'Omiljena' }));
    const question = await screen.findByRole('dialog', { name: 'Označiti „Baštenski radovi“ kao omiljenu?' });
    expect(net.callsTo('GET /api/services/set-unset-favorite-service/20')).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Označi' }));
    expect(
      await screen.findByText('Uspješno ste označili „Baštenski radovi“ kao omiljenu'),
    ).toBeInTheDocument();
    expect(net.callsTo('GET /api/services/set-unset-favorite-service/20')).toHaveLength(1);
    // The tree is read again, to put the favourite first.
    await waitFor(() => expect(net.callsTo('POST /api/services/index_active')).toHaveLength(2));
  });

  it('sends the version of the node it shows and a key with a favourite toggle', async () => {
    const garden = { ...GARDEN, updated_at: '2026-05-03T09:10:11.321Z' };
    const { net, user } = await openServices({
      'POST /api/services/index_active': treeAnswer([CLEANING, garden]),
      'GET /api/services/set-unset-favorite-service/20': { body: { ...garden, is_favorite: true } },
    });
    await user.click(within(rowOf('Baštenski radovi')).getByRole('button', { name: 'Omiljena' }));
    const question = await screen.findByRole('dialog', { name: 'Označiti „Baštenski radovi“ kao omiljenu?' });
    await user.click(within(question).getByRole('button', { name: 'Označi' }));
    await waitFor(() =>
      expect(net.callsTo('GET /api/services/set-unset-favorite-service/20')).toHaveLength(1),
    );
    const [call] = net.fetchMock.mock.calls.filter(([url]) =>
      String(url).includes('set-unset-favorite-service'),
    );
    expect(String(call?.[0])).toBe(
      `/api/services/set-unset-favorite-service/20?updated_at=${encodeURIComponent('2026-05-03T09:10:11.321Z')}`,
    );
    expect(
      net.callsTo('GET /api/services/set-unset-favorite-service/20')[0]?.headers['idempotency-key'],
    ).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('restores a folder with the items deactivated with it in one step, and says how many came back', async () => {
    const inactiveFolder = serviceNode({
      ...CLEANING,
      is_active: false,
      deactivated_items: 2,
      updated_at: '2026-05-04T12:00:00.987Z',
      services: [
        { ...CARPETS, is_active: false },
        { ...WINDOWS, is_active: false },
      ],
    });
    const { net, user } = await openServices({
      'POST /api/services/index_active': treeAnswer([inactiveFolder, GARDEN]),
      'DELETE /api/services/destroy/10': { body: { ...CLEANING, is_active: true, changed_nodes: 3 } },
    });
    await user.click(within(rowOf('Čišćenje')).getByRole('button', { name: 'Vrati' }));
    const question = await screen.findByRole('dialog', { name: 'Vratiti folder „Čišćenje“?' });
    expect(question).toHaveTextContent('stavke deaktivirane zajedno s njim (2)');
    // Both ways are offered; the safe one still has the focus.
    expect(within(question).getByRole('button', { name: 'Otkaži' })).toHaveFocus();
    expect(within(question).getByRole('button', { name: 'Vrati samo folder' })).toBeInTheDocument();
    await user.click(
      within(question).getByRole('button', { name: 'Vrati folder i stavke deaktivirane s njim (2)' }),
    );
    expect(
      await screen.findByText(
        'Uspješno ste vratili folder „Čišćenje“ i stavke deaktivirane s njim (vraćenih stavki: 3)',
      ),
    ).toBeInTheDocument();
    const [call] = net.fetchMock.mock.calls.filter(([url]) =>
      String(url).startsWith('/api/services/destroy/10'),
    );
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect(url.searchParams.get('with_items')).toBe('true');
    expect(url.searchParams.get('updated_at')).toBe('2026-05-04T12:00:00.987Z');
    expect(net.callsTo('DELETE /api/services/destroy/10')[0]?.headers['idempotency-key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('restores only the folder when asked to, and offers no choice for a folder without such items', async () => {
    const withItems = serviceNode({ ...CLEANING, is_active: false, deactivated_items: 2 });
    const alone = serviceNode({ ...GARDEN, is_active: false, deactivated_items: 0 });
    const { net, user } = await openServices({
      'POST /api/services/index_active': treeAnswer([withItems, alone]),
      'DELETE /api/services/destroy/10': { body: { ...CLEANING, is_active: true, changed_nodes: 1 } },
    });
    await user.click(within(rowOf('Baštenski radovi')).getByRole('button', { name: 'Vrati' }));
    let question = await screen.findByRole('dialog', { name: 'Vratiti folder „Baštenski radovi“?' });
    expect(within(question).queryByRole('button', { name: 'Vrati samo folder' })).toBeNull();
    await user.click(within(question).getByRole('button', { name: 'Otkaži' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('Čišćenje')).getByRole('button', { name: 'Vrati' }));
    question = await screen.findByRole('dialog', { name: 'Vratiti folder „Čišćenje“?' });
    await user.click(within(question).getByRole('button', { name: 'Vrati samo folder' }));
    expect(await screen.findByText('Uspješno ste vratili folder „Čišćenje“')).toBeInTheDocument();
    const [call] = net.fetchMock.mock.calls.filter(([url]) =>
      String(url).startsWith('/api/services/destroy/10'),
    );
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.has('with_items')).toBe(false);
  });

  it('deactivates a folder and says how many nodes went with it', async () => {
    const { net, user } = await openServices({
      'DELETE /api/services/destroy/10': { body: { ...CLEANING, is_active: false, changed_nodes: 3 } },
    });
    await user.click(within(rowOf('Čišćenje')).getByRole('button', { name: 'Deaktiviraj' }));
    const question = await screen.findByRole('dialog', { name: 'Deaktivirati folder „Čišćenje“?' });
    expect(within(question).getByText('Deaktiviraće se i svi folderi i usluge u njemu.')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Deaktiviraj' }));
    expect(
      await screen.findByText('Uspješno ste deaktivirali folder „Čišćenje“ (deaktiviranih stavki: 3)'),
    ).toBeInTheDocument();
    expect(net.callsTo('DELETE /api/services/destroy/10')).toHaveLength(1);
  });

  it("shows the server's reason when a restore under an inactive folder is refused", async () => {
    const message = 'Najprije vratite nadređeni folder „Čišćenje“.';
    const inactiveFolder = { ...CLEANING, is_active: false, services: [{ ...CARPETS, is_active: false }] };
    const { user } = await openServices({
      'POST /api/services/index_active': treeAnswer([inactiveFolder]),
      'DELETE /api/services/destroy/11': { status: 409, body: { message } },
    });
    await user.click(screen.getByText('Čišćenje'));
    await user.click(within(rowOf('Pranje tepiha')).getByRole('button', { name: 'Vrati' }));
    const question = await screen.findByRole('dialog', { name: 'Vratiti uslugu „Pranje tepiha“?' });
    await user.click(within(question).getByRole('button', { name: 'Vrati' }));
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(within(error).getByText(message)).toBeInTheDocument();
  });

  it('adds a service inside a folder as multipart, with the credit the form requires', async () => {
    const { net, user } = await openServices({
      'POST /api/services/store': { status: 201, body: { ...WINDOWS, id: 13, name: 'Pranje auta' } },
    });
    await user.click(within(rowOf('Čišćenje')).getByRole('button', { name: 'Dodaj u folder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Nova usluga' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova usluga' });
    // The dialog names the folder the service goes into; a new node's kind and folder come from the
    // button: no kind checkbox, no folder field.
    expect(within(dialog).getByText('Dodaje se u: Čišćenje')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: 'Folder' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /^Naziv/ }), 'Pranje auta');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(dialog).findByText('Obavezno polje.')).toBeInTheDocument();
    expect(net.callsTo('POST /api/services/store')).toHaveLength(0);
    // Typed in Montenegrin marks; sent as the number.
    await user.type(within(dialog).getByRole('textbox', { name: /^Kredit/ }), '8,25');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await screen.findByText('Uspješno ste dodali uslugu')).toBeInTheDocument();
    const body = net.lastBodyOf('POST /api/services/store');
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries((body as FormData).entries())).toEqual({
      name: 'Pranje auta',
      description: '',
      is_service: 'true',
      credit: '8.25',
      service_id: '10',
    });
    // The folder opens to show what was added in it.
    await waitFor(() => expect(treeItem('Čišćenje')).toHaveAttribute('aria-expanded', 'true'));
  });

  it('edits a folder without a credit field, keeping its parent', async () => {
    const { net, user } = await openServices({ 'POST /api/services/update/20': { body: GARDEN } });
    await user.click(within(rowOf('Baštenski radovi')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena foldera' });
    expect(within(dialog).queryByRole('textbox', { name: /^Kredit/ })).toBeNull();
    // Turning it into a service asks for the credit.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Usluga (a ne folder)' }));
    expect(within(dialog).getByRole('textbox', { name: /^Kredit/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Usluga (a ne folder)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await screen.findByText('Uspješno ste izmijenili folder')).toBeInTheDocument();
    const body = net.lastBodyOf('POST /api/services/update/20') as FormData;
    expect(body.get('is_service')).toBe('false');
    expect(body.get('service_id')).toBe('');
    expect(body.get('credit')).toBe('');
  });

  it('moves a service to another folder from its edit form', async () => {
    const { net, user } = await openServices({
      'POST /api/services/update/11': { body: { ...CARPETS, service_id: 20 } },
    });
    await user.click(screen.getByText('Čišćenje'));
    await user.click(
      within(await waitFor(() => rowOf('Pranje tepiha'))).getByRole('button', { name: 'Izmijeni' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena usluge' });
    const folder = within(dialog).getByRole('combobox', { name: 'Folder' });
    expect(folder).toHaveTextContent('Čišćenje');
    await user.click(folder);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Vrh kataloga (bez foldera)',
      'Čišćenje',
      'Baštenski radovi',
    ]);
    await user.click(screen.getByRole('option', { name: 'Baštenski radovi' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await screen.findByText('Uspješno ste izmijenili uslugu')).toBeInTheDocument();
    expect((net.lastBodyOf('POST /api/services/update/11') as FormData).get('service_id')).toBe('20');
  });

  it('offers a folder every folder but itself and its own subfolders, and the top of the catalogue', async () => {
    const inner = serviceNode({ id: 14, name: 'Dubinsko', service_id: 10 });
    const cleaning = { ...CLEANING, services: [inner, CARPETS] };
    const { user } = await openServices({
      'POST /api/services/index_active': treeAnswer([cleaning, GARDEN]),
    });
    await user.click(within(rowOf('Čišćenje')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena foldera' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Folder' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Vrh kataloga (bez foldera)',
      'Baštenski radovi',
    ]);
  });

  it('opens a service’s credit history, newest first', async () => {
    const { net, user } = await openServices({
      'POST /api/services/service-credits-history': {
        body: {
          result: [
            {
              id: 2,
              service_id: 11,
              credit: 15.5,
              changed_by: 'Ana Marković',
              updated_at: '2026-05-02T10:00:00Z',
            },
            {
              id: 1,
              service_id: 11,
              credit: 12,
              changed_by: 'Ana Marković',
              updated_at: '2026-05-01T10:00:00Z',
            },
          ],
          total_rows: 2,
        },
      },
    });
    await user.click(screen.getByText('Čišćenje'));
    await user.click(within(rowOf('Pranje tepiha')).getByRole('button', { name: 'Istorija kredita' }));
    const dialog = await screen.findByRole('dialog', { name: 'Istorija kredita: Pranje tepiha' });
    expect(await within(dialog).findByText('15,5')).toBeInTheDocument();
    expect(within(dialog).getByText('12')).toBeInTheDocument();
    expect(net.lastBodyOf('POST /api/services/service-credits-history')).toMatchObject({
      filters: { service_id: { operator: 'equals', value: 11 } },
      options: { sortBy: ['updated_at'], sortDesc: [true] },
    });
  });
});
