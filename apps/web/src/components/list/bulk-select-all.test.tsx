import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { wireHttpClient } from '../../app/http-wiring.ts';
import { MuiRoot } from '../../app/mui-root.tsx';
import { registerRouter } from '../../app/navigator.ts';
import { jsonResponse, listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { TEST_ENTITY } from '../../test/fixtures.ts';
import { resetApp } from '../../test/render-app.tsx';
import { ListScreen } from './list-screen.tsx';
import { defineResource } from './resource-types.ts';

type ThingRow = { id: number; name: string; is_active: boolean; updated_at: string };
const PAGE: ThingRow[] = [
  { id: 41, name: 'Prva stvar', is_active: true, updated_at: '2024-05-01T10:00:00Z' },
  { id: 57, name: 'Druga stvar', is_active: true, updated_at: '2024-05-01T10:00:00Z' },
];

const resource = defineResource<ThingRow>({
  entity: TEST_ENTITY,
  titleKey: 'pages.test',
  columns: [{ key: 'name', titleKey: 'columns.name', filter: { kind: 'text' } }],
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: false,
  canEdit: false,
  canDelete: true,
});

const ids = (from: number, count: number) => Array.from({ length: count }, (_, n) => from + n);

describe('bulk deactivate of all rows the filter matches', () => {
  it('offers all N matching once the page is chosen, runs chunk by chunk with progress, retries a lost chunk with its key, and gives the focus back to the table', async () => {
    await resetApp();
    wireHttpClient();
    let releaseSecondChunk: () => void = () => {};
    const secondChunk = new Promise<void>((resolve) => {
      releaseSecondChunk = resolve;
    });
    const net = mockFetch({
      'POST /api/things/index': listAnswer(PAGE, 1234),
      'POST /api/things/destroy_bulk': [
        // The first answer is lost: the chunk goes again with the same key.
        { status: 503, body: { message: 'Privremeno nedostupno.' } },
        { body: { changed: ids(1, 200), unchanged: [], refused: [], next_after_id: 200, remaining: 1034 } },
        async () => {
          await secondChunk;
          return jsonResponse(200, {
            changed: ids(201, 1033),
            unchanged: [],
            refused: [{ id: 1301, message: 'Ovaj zapis se ne može deaktivirati.' }],
            next_after_id: null,
            remaining: 0,
          });
        },
      ],
    });
    const router = createMemoryRouter(
      [{ Component: MuiRoot, children: [{ path: '/things', element: <ListScreen resource={resource} /> }] }],
      { initialEntries: ['/things?f.name=stvar'] },
    );
    registerRouter(router);
    render(<RouterProvider router={router} />);
    await screen.findByText('Prva stvar');
    const user = userEvent.setup();

    const toolbar = screen.getByRole('toolbar', { name: 'Radnje nad izabranim zapisima' });
    expect(within(toolbar).queryByRole('button', { name: /Izaberi svih/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Izaberi sve na stranici' }));
    await user.click(
      within(toolbar).getByRole('button', { name: 'Izaberi svih 1.234 koji odgovaraju filteru' }),
    );
    expect(toolbar).toHaveTextContent('Izabrano je svih 1.234 zapisa koji odgovaraju filteru.');

    await user.click(within(toolbar).getByRole('button', { name: 'Deaktiviraj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivirati 1.234 zapisa?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deaktiviraj' }));

    const progress = await within(dialog).findByRole('progressbar', { name: 'Urađeno' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuetext', '200 / 1.234'));
    expect(progress).toHaveAttribute('aria-valuenow', '16');
    releaseSecondChunk();

    await within(dialog).findByRole('heading', { name: 'Rezultat' });
    expect(dialog).toHaveTextContent('Izmijenjeno: 1.233');
    expect(dialog).toHaveTextContent('Nije izmijenjeno: 1');
    expect(dialog).toHaveTextContent('#1301: Ovaj zapis se ne može deaktivirati.');

    const calls = net.callsTo('POST /api/things/destroy_bulk');
    expect(calls.map((call) => call.body)).toEqual([
      {
        is_active: false,
        filters: { name: { operator: 'contains', value: 'stvar' } },
        show_only_active: null,
        after_id: 0,
      },
      {
        is_active: false,
        filters: { name: { operator: 'contains', value: 'stvar' } },
        show_only_active: null,
        after_id: 0,
      },
      {
        is_active: false,
        filters: { name: { operator: 'contains', value: 'stvar' } },
        show_only_active: null,
        after_id: 200,
      },
    ]);
    const [lost, retried, next] = calls.map((call) => call.headers['idempotency-key']);
    expect(retried).toBe(lost);
    expect(next).not.toBe(lost);
    // No error dialog over the run: it said itself what it did.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Zatvori' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('region', { name: 'Test' })).toHaveFocus());
    // The choice is over; the list reloaded.
    expect(screen.getByRole('checkbox', { name: 'Izaberi sve na stranici' })).not.toBeChecked();
  });
});
