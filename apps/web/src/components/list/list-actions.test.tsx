import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { msg } from '@usluge/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireHttpClient } from '../../app/http-wiring.ts';
import { MuiRoot } from '../../app/mui-root.tsx';
import { registerRouter } from '../../app/navigator.ts';
import { listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { TEST_ENTITY, TEST_HISTORY_PATH } from '../../test/fixtures.ts';
import { resetApp } from '../../test/render-app.tsx';
import { fakeScreen } from '../../test/setup.ts';
import { defineForm } from '../form/define-form.tsx';
import type { ImageValue } from '../form/form-types.ts';
import { HistoryDialog } from './history-table.tsx';
import { ListScreen } from './list-screen.tsx';
import { defineResource, type ResourceConfig, type RowBase } from './resource-types.ts';

type ThingRow = { id: number; name: string; kind: number; is_active: boolean; updated_at: string };
const THINGS: ThingRow[] = [
  { id: 1, name: 'Prva', kind: 1, is_active: true, updated_at: '2024-05-01T10:00:00Z' },
  { id: 2, name: 'Druga', kind: 2, is_active: true, updated_at: '2024-05-01T10:00:00Z' },
];

async function openList<Row extends RowBase>(
  resource: ResourceConfig<Row>,
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  await resetApp();
  wireHttpClient();
  const net = mockFetch({ 'POST /api/things/index': listAnswer(THINGS), ...extra });
  const router = createMemoryRouter(
    [{ Component: MuiRoot, children: [{ path: '/things', element: <ListScreen resource={resource} /> }] }],
    { initialEntries: ['/things'] },
  );
  registerRouter(router);
  render(<RouterProvider router={router} />);
  await screen.findByText('Prva');
  return { net, user: userEvent.setup(), listCalls: () => net.callsTo('POST /api/things/index').length };
}

function formEntries(body: unknown): FormData['entries'] extends () => infer It ? It : never {
  expect(body).toBeInstanceOf(FormData);
  return (body as FormData).entries();
}

const rowOf = (text: string) => screen.getByText(text, { exact: true }).closest('tr') as HTMLElement;

const base = {
  entity: TEST_ENTITY,
  titleKey: 'pages.test',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: false,
  canEdit: false,
  canDelete: false,
} as const;

describe('row actions', () => {
  const resource = defineResource<ThingRow>({
    ...base,
    columns: [
      { key: 'name', titleKey: 'columns.name' },
      {
        key: 'kind',
        titleKey: 'columns.user_type',
        // A cell that opens a row action (the ads' status chip).
        render: (row, { openAction }) => (
          <Button onClick={() => openAction('history')}>{`vrsta ${row.kind}`}</Button>
        ),
      },
    ],
    rowActions: [
      {
        key: 'history',
        labelKey: 'credits.priceHistory',
        icon: <HistoryIcon />,
        isShown: (row) => row.kind === 1,
        renderDialog: ({ row, isOpen, onClose, onChanged }) => (
          <Dialog open={isOpen} onClose={onClose} aria-labelledby="history-title">
            <DialogTitle id="history-title">{`Istorija ${row.name}`}</DialogTitle>
            <Button onClick={onChanged}>promijeni</Button>
            <Button onClick={onClose}>zatvori</Button>
          </Dialog>
        ),
      },
    ],
  });

  it('shows an icon button where isShown accepts the row, opens its dialog, and onChanged reloads', async () => {
    const { user, listCalls } = await openList(resource);
    expect(within(rowOf('Druga')).queryByRole('button', { name: 'Istorija cijene' })).not.toBeInTheDocument();
    await user.click(within(rowOf('Prva')).getByRole('button', { name: 'Istorija cijene' }));
    const dialog = await screen.findByRole('dialog', { name: 'Istorija Prva' });
    const before = listCalls();
    await user.click(within(dialog).getByRole('button', { name: 'promijeni' }));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    // The dialog stays open after a change; it closes on its own.
    expect(screen.getByRole('dialog', { name: 'Istorija Prva' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'zatvori' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a row action from a cell, for that row', async () => {
    const { user } = await openList(resource);
    await user.click(screen.getByRole('button', { name: 'vrsta 2' }));
    expect(await screen.findByRole('dialog', { name: 'Istorija Druga' })).toBeInTheDocument();
  });

  it('shows the actions as buttons with words on a phone card', async () => {
    fakeScreen.width = 390;
    const { user } = await openList(resource);
    const cards = within(screen.getByRole('list', { name: 'Test' })).getAllByRole('listitem');
    expect(within(cards[1] as HTMLElement).queryByRole('button', { name: 'Istorija cijene' })).toBeNull();
    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Istorija cijene' }));
    expect(await screen.findByRole('dialog', { name: 'Istorija Prva' })).toBeInTheDocument();
  });
});

describe('bulk actions', () => {
  const seen: string[][] = [];
  const resource = defineResource<ThingRow>({
    ...base,
    columns: [{ key: 'name', titleKey: 'columns.name' }],
    bulkActions: [
      {
        key: 'approve',
        labelKey: 'list.restore',
        icon: <HistoryIcon />,
        renderDialog: ({ rows, isOpen, onClose, onChanged }) => (
          <Dialog open={isOpen} onClose={onClose} aria-labelledby="bulk-title">
            <DialogTitle id="bulk-title">skupno</DialogTitle>
            <span>{rows.map((row) => row.name).join(', ')}</span>
            <Button
              onClick={() => {
                seen.push(rows.map((row) => row.name));
                onChanged();
                onClose();
              }}
            >
              potvrdi
            </Button>
          </Dialog>
        ),
      },
    ],
  });

  it('selects rows one by one or all on the page, acts on them, then clears the choice and reloads', async () => {
    const { user, listCalls } = await openList(resource);
    const action = screen.getByRole('button', { name: 'Vrati' });
    expect(action).toBeDisabled();
    expect(screen.getByText('Izabrano: 0')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Izaberi red Druga' }));
    expect(screen.getByText('Izabrano: 1')).toBeInTheDocument();
    const all = screen.getByRole('checkbox', { name: 'Izaberi sve na stranici' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(screen.getByText('Izabrano: 2')).toBeInTheDocument();
    await user.click(action);
    const dialog = await screen.findByRole('dialog', { name: 'skupno' });
    expect(within(dialog).getByText('Prva, Druga')).toBeInTheDocument();
    const before = listCalls();
    await user.click(within(dialog).getByRole('button', { name: 'potvrdi' }));
    expect(seen.at(-1)).toEqual(['Prva', 'Druga']);
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(screen.getByText('Izabrano: 0')).toBeInTheDocument();
    await user.click(all);
    await user.click(all);
    expect(screen.getByText('Izabrano: 0')).toBeInTheDocument();
  });

  it('has no checkboxes without bulk actions', async () => {
    await openList(
      defineResource<ThingRow>({ ...base, columns: [{ key: 'name', titleKey: 'columns.name' }] }),
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('report name', () => {
  it("offers the resource's report name", async () => {
    const { user } = await openList(
      defineResource<ThingRow>({
        ...base,
        reportName: 'transakcije',
        columns: [{ key: 'name', titleKey: 'columns.name' }],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Izvještaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preuzimanje izvještaja' });
    expect(within(dialog).getByRole('textbox', { name: /Naziv izvještaja/ })).toHaveValue('transakcije');
  });
});

describe('form fields: isShown, helper, editSchema, image, multipart', () => {
  type Values = {
    name: string;
    kind: number | '';
    note: string;
    change: boolean;
    secret: string;
    image: ImageValue;
  };
  const common = z.object({
    name: z.string().trim().min(1, msg('required')),
    kind: z.coerce.number(),
    note: z.string(),
    change: z.boolean(),
    image: z.union([z.instanceof(File), z.string()]).nullable(),
  });
  const storeSchema = common.extend({ secret: z.string().min(8, msg('required')) });
  const editSchema = common.extend({ secret: z.string() });
  const formResource = defineResource<ThingRow & { image_url: string | null }>({
    ...base,
    canAdd: true,
    canEdit: true,
    columns: [{ key: 'name', titleKey: 'columns.name' }],
    form: defineForm<ThingRow & { image_url: string | null }, Values, z.output<typeof storeSchema>>({
      schema: storeSchema as z.ZodType<z.output<typeof storeSchema>, Values>,
      editSchema: editSchema as z.ZodType<z.output<typeof storeSchema>, Values>,
      fields: [
        { name: 'name', labelKey: 'columns.name', kind: 'text', isRequired: true },
        {
          name: 'kind',
          labelKey: 'columns.user_type',
          kind: 'select',
          options: [
            { value: 1, labelKey: 'common.yes' },
            { value: 2, labelKey: 'common.no' },
          ],
        },
        {
          name: 'note',
          labelKey: 'columns.address',
          kind: 'textarea',
          isShown: (values) => values.kind === 1,
        },
        { name: 'image', labelKey: 'columns.image', kind: 'image' },
        {
          name: 'change',
          labelKey: 'form.changePassword',
          kind: 'checkbox',
          isShown: (_, isEditing) => isEditing,
        },
        {
          name: 'secret',
          labelKey: 'columns.password',
          kind: 'password',
          helperKey: 'form.passwordHint',
          isShown: (values, isEditing) => !isEditing || values.change,
        },
      ],
      emptyValues: { name: '', kind: '', note: '', change: false, secret: '', image: null },
      fromRow: (row) => ({
        name: row.name,
        kind: row.kind,
        note: '',
        change: false,
        secret: '',
        image: row.image_url,
      }),
      toBody: (values) => {
        const body = new FormData();
        body.append('name', values.name);
        body.append('note', values.note);
        body.append('secret', values.secret);
        if (values.image instanceof File) body.append('image', values.image);
        return body;
      },
      updateMethod: 'POST',
    }),
  });
  const withImage = [{ ...THINGS[0], image_url: '/api/image/x/a.png' } as ThingRow & { image_url: string }];

  it('shows a field only while isShown accepts the values, and sends a hidden one empty, as FormData', async () => {
    const { user, net } = await openList(formResource, {
      'POST /api/things/store': { status: 201, body: {} },
    });
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi zapis' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Promijeni lozinku' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Minimum 8 karaktera.')).toBeInTheDocument();
    expect(within(dialog).getByText('PNG ili JPEG, do 2 MB')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Adresa' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Ime/ }), 'Nova');
    await user.click(within(dialog).getByRole('combobox', { name: 'Tip korisnika' }));
    await user.click(await screen.findByRole('option', { name: 'Da' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Adresa' }), 'skriveno');
    await user.click(within(dialog).getByRole('combobox', { name: 'Tip korisnika' }));
    await user.click(await screen.findByRole('option', { name: 'Ne' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Adresa' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Lozinka'), 'dugacka-lozinka');
    await user.upload(
      within(dialog).getByLabelText('Izaberi sliku'),
      new File([new Uint8Array([1, 2])], 'a.png', { type: 'image/png' }),
    );
    expect(within(dialog).getByRole('img', { name: 'Pregled slike' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/things/store')).toHaveLength(1));
    const [store] = net.callsTo('POST /api/things/store');
    expect(store?.body).toBeInstanceOf(FormData);
    // The browser sets the multipart content type with its boundary.
    expect(store?.headers['content-type']).toBeUndefined();
    const sent = Object.fromEntries(formEntries(store?.body));
    expect(sent).toMatchObject({ name: 'Nova', note: '', secret: 'dugacka-lozinka' });
    expect((sent.image as File).name).toBe('a.png');
  });

  it('edits with the edit schema: the password is optional until its box is ticked', async () => {
    const { user, net } = await openList(formResource, {
      'POST /api/things/index': listAnswer(withImage),
      'POST /api/things/update/1': { body: {} },
    });
    await user.click(within(rowOf('Prva')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    expect(within(dialog).getByRole('img', { name: 'Pregled slike' })).toHaveAttribute(
      'src',
      '/api/image/x/a.png',
    );
    expect(within(dialog).queryByLabelText('Lozinka')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Promijeni lozinku' }));
    expect(within(dialog).getByLabelText('Lozinka')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/things/update/1')).toHaveLength(1));
    const sent = Object.fromEntries(formEntries(net.callsTo('POST /api/things/update/1')[0]?.body));
    expect(sent).not.toHaveProperty('image');
  });

  it('refuses a file that is not png/jpeg or is over 2 MB, and a chosen image can be undone', async () => {
    const { user } = await openList(formResource, { 'POST /api/things/index': listAnswer(withImage) });
    await user.click(within(rowOf('Prva')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    const input = within(dialog).getByLabelText('Izaberi sliku');
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })] },
    });
    expect(
      await within(dialog).findByText('Dozvoljene su samo slike u formatu PNG ili JPEG.'),
    ).toBeInTheDocument();
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })] },
    });
    expect(await within(dialog).findByText('Slika može imati najviše 2 MB.')).toBeInTheDocument();
    const preview = within(dialog).getByRole('img', { name: 'Pregled slike' });
    expect(preview).toHaveAttribute('src', '/api/image/x/a.png');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([1])], 'b.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(preview).toHaveAttribute('src', expect.stringMatching(/^blob:/)));
    expect(within(dialog).getByText('PNG ili JPEG, do 2 MB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Poništi izbor slike' }));
    expect(within(dialog).getByRole('img', { name: 'Pregled slike' })).toHaveAttribute(
      'src',
      '/api/image/x/a.png',
    );
  });
});

describe('history dialog', () => {
  type Entry = { id: number; price: number; updated_at: string };
  function History({ isOpen }: { isOpen: boolean }) {
    return (
      <HistoryDialog<Entry>
        isOpen={isOpen}
        onClose={() => {}}
        title="Istorija"
        path={TEST_HISTORY_PATH}
        filters={{ thing_id: { operator: 'equals', value: 7 } }}
        columns={[
          { key: 'updated_at', titleKey: 'columns.updated_at', filter: { kind: 'date' } },
          { key: 'price', titleKey: 'columns.price_per_credit', align: 'right' },
        ]}
      >
        <p>iznad tabele</p>
      </HistoryDialog>
    );
  }

  it('reads the filtered history newest first, page by page', async () => {
    await resetApp();
    wireHttpClient();
    const rows = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      price: i + 0.5,
      updated_at: '2024-05-01T10:00:00Z',
    }));
    const net = mockFetch({ 'POST /api/things/history': listAnswer(rows, 12) });
    const router = createMemoryRouter([
      { Component: MuiRoot, children: [{ path: '/', element: <History isOpen /> }] },
    ]);
    render(<RouterProvider router={router} />);
    const dialog = await screen.findByRole('dialog', { name: 'Istorija' });
    expect(within(dialog).getByText('iznad tabele')).toBeInTheDocument();
    expect(await within(dialog).findByRole('cell', { name: '9.5' })).toBeInTheDocument();
    expect(net.lastBodyOf('POST /api/things/history')).toEqual({
      filters: { thing_id: { operator: 'equals', value: 7 } },
      options: { page: 1, itemsPerPage: 10, sortBy: ['updated_at'], sortDesc: [true] },
    });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sljedeća stranica' }));
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/things/history')).toMatchObject({ options: { page: 2 } }),
    );
  });
});
