import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationRow } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from '../../../components/form/search-select-field.tsx';
import { listAnswer, mockFetch, type SeenRequest } from '../../../test/fetch-mock.ts';
import { MODERATOR_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

const NOTIFICATIONS: NotificationRow[] = [
  {
    id: 2,
    subject: 'Održavanje sistema',
    notification_text: 'U nedjelju od 2 do 4 časa aplikacija neće raditi.',
    sender: 'Milica Radović',
    user_types: [{ id: 1, name: 'Pravno lice' }],
    users: [{ id: 40, full_name: 'Marko Petrović' }],
    recipients_count: 37,
    updated_at: '2026-11-20T09:30:00Z',
  },
  {
    id: 1,
    subject: 'Oglas je odobren',
    notification_text: 'Vaš oglas je odobren.',
    sender: null,
    user_types: [],
    users: [{ id: 41, full_name: 'Ana Ivanović' }],
    recipients_count: 1,
    updated_at: '2026-11-19T08:00:00Z',
  },
];
const USER_TYPES = [
  { id: 1, name: 'Pravno lice', is_active: true, updated_at: '2024-01-01T00:00:00Z' },
  { id: 2, name: 'Fizičko lice', is_active: true, updated_at: '2024-01-02T00:00:00Z' },
];
const PERSON = { last_name: null, user_type_id: 2, is_active: true, updated_at: '2024-01-01T00:00:00Z' };

/** The users picker as the server answers a search: only the names containing the term. */
function usersSearch(request: SeenRequest): Response {
  const body = request.body as { filters: { full_name: { value: string } } };
  const term = body.filters.full_name.value.toLowerCase();
  const all = [
    { ...PERSON, id: 40, name: 'Marko', full_name: 'Marko Petrović', username: 'korisnik' },
    { ...PERSON, id: 42, name: 'Marko', full_name: 'Marko Marković', username: 'marko.m' },
    { ...PERSON, id: 41, name: 'Ana', full_name: 'Ana Ivanović', username: 'ana.i' },
  ].filter((user) => user.full_name.toLowerCase().includes(term));
  return new Response(JSON.stringify({ result: all, total_rows: all.length, total_rows_exact: true }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

async function openNotifications(extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    'GET /api/user': { body: MODERATOR_USER },
    'POST /api/notifications/index': listAnswer(NOTIFICATIONS),
    'POST /api/user_types/index_active': listAnswer(USER_TYPES),
    'POST /api/users/index_active': usersSearch,
    ...extra,
  });
  await renderApp('/notifications', { isReset: false });
  // The first test of the file also loads the lazy admin modules, slowly on a busy machine.
  await screen.findByText('Održavanje sistema', {}, { timeout: 15_000 });
  return { net, user: userEvent.setup() };
}

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

describe('notifications screen', () => {
  it('lists what was sent, to whom and how many got it, newest first, with no row actions', async () => {
    const { net } = await openNotifications();
    expect(net.lastBodyOf('POST /api/notifications/index')).toMatchObject({
      options: { sortBy: ['updated_at'], sortDesc: [true] },
    });
    const row = rowOf('Održavanje sistema');
    expect(within(row).getByText('Milica Radović')).toBeInTheDocument();
    expect(within(row).getByText('Pravno lice')).toBeInTheDocument();
    expect(within(row).getByText('Marko Petrović')).toBeInTheDocument();
    expect(within(row).getByText('37')).toBeInTheDocument();
    // The product's own notification (an ad's status change) has no sender.
    expect(within(rowOf('Oglas je odobren')).getByText('Sistem')).toBeInTheDocument();
    for (const title of [
      'Naslov',
      'Tekst notifikacije',
      'Poslao',
      'Tipovi korisnika',
      'Korisnici',
      'Broj primalaca',
    ]) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.queryByRole('button', { name: 'Izmijeni' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deaktiviraj' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Prikaz po statusu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Osvježi' })).toBeInTheDocument();
  });

  it('requires a subject, a text and at least one target', async () => {
    const { net, user } = await openNotifications();
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova notifikacija' });
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(dialog).findAllByText('Obavezno polje.')).toHaveLength(2);
    expect(within(dialog).getAllByText('Obavezno polje', { exact: true })).toHaveLength(2);
    expect(net.callsTo('POST /api/notifications/store')).toHaveLength(0);
  });

  it('finds users on the server as one types, never loading them all, and sends the chosen ids', async () => {
    const { net, user } = await openNotifications({
      'POST /api/notifications/store': { status: 201, body: { ...NOTIFICATIONS[0], id: 3 } },
    });
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova notifikacija' });
    expect(within(dialog).getByText('Izaberite tipove korisnika, korisnike ili oboje.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Naslov/ }), 'Novi uslovi');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Tekst notifikacije/ }),
      'Pročitajte nove uslove.',
    );

    await user.click(within(dialog).getByRole('combobox', { name: /Tipovi korisnika/ }));
    await user.click(await screen.findByRole('option', { name: 'Pravno lice' }));
    await user.keyboard('{Escape}');

    const users = within(dialog).getByRole('combobox', { name: /Korisnici/ });
    await user.click(users);
    expect(await screen.findByText('Počnite da kucate za pretragu')).toBeInTheDocument();
    expect(net.callsTo('POST /api/users/index_active')).toHaveLength(0);
    await user.type(users, 'mark');
    await user.click(await screen.findByRole('option', { name: 'Marko Petrović (korisnik)' }));
    // One search for the settled term, not one per key.
    expect(net.callsTo('POST /api/users/index_active')).toHaveLength(1);
    expect(net.lastBodyOf('POST /api/users/index_active')).toEqual({
      filters: { full_name: { operator: 'contains', value: 'mark' } },
      options: { page: 1, itemsPerPage: SEARCH_PAGE_SIZE, sortBy: ['full_name'], sortDesc: [false] },
      show_only_active: true,
    });
    expect(within(dialog).getByRole('button', { name: 'Marko Petrović (korisnik)' })).toBeInTheDocument();

    await user.type(users, 'ana');
    await user.click(await screen.findByRole('option', { name: 'Ana Ivanović (ana.i)' }));
    await user.type(users, 'zzz');
    expect(await screen.findByText('Nema rezultata')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await screen.findByText('Uspješno ste napravili notifikaciju')).toBeInTheDocument();
    expect(net.lastBodyOf('POST /api/notifications/store')).toEqual({
      subject: 'Novi uslovi',
      notification_text: 'Pročitajte nove uslove.',
      notification_user_types: [1],
      notification_for_users: [40, 41],
    });
    await waitFor(() => expect(net.callsTo('POST /api/notifications/index').length).toBeGreaterThan(1));
  });

  it("puts the server's field errors under their fields", async () => {
    const { net, user } = await openNotifications({
      'POST /api/notifications/store': {
        status: 422,
        body: {
          message: 'Podaci nisu ispravni.',
          errors: { notification_for_users: ['Izabrana vrijednost ne postoji.'] },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova notifikacija' });
    await user.type(within(dialog).getByRole('textbox', { name: /Naslov/ }), 'A');
    await user.type(within(dialog).getByRole('textbox', { name: /Tekst notifikacije/ }), 'B');
    const users = within(dialog).getByRole('combobox', { name: /Korisnici/ });
    await user.type(users, 'ana');
    await user.click(await screen.findByRole('option', { name: 'Ana Ivanović (ana.i)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(dialog).findByText('Izabrana vrijednost ne postoji.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
    expect(net.callsTo('POST /api/notifications/store')).toHaveLength(1);
  });
});
