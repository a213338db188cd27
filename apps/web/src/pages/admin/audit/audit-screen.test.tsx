import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditRow, AuditTimeline, UserRow } from '@usluge/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, listAnswer, mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

const LONG_DESCRIPTION = `Košenje trave i uređenje dvorišta ${'svake subote '.repeat(6)}kraj`;

function entry(id: number, overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    id,
    created_at: '2026-11-03T09:00:00Z',
    actor_id: 14,
    actor_name: 'Ana Marković',
    ip: '10.0.0.7',
    action: 'update',
    record_type: 'os_countries',
    record_id: 23,
    changes: { name: { before: 'Crna Gora', after: 'Crna Gora (ME)' } },
    ...overrides,
  };
}

const COUNTRY_EDIT = entry(501);
const PASSWORD_CHANGE = entry(502, {
  record_type: 'users',
  record_id: 57,
  changes: {
    password_hash: { before: null, after: 'changed' },
    phone: { before: '+38267000111', after: '+38267111222' },
  },
});
const LONG_EDIT = entry(503, {
  record_type: 'jobs',
  record_id: 88,
  changes: {
    description: { before: 'Košenje', after: LONG_DESCRIPTION },
    price_from: { before: 1250.5, after: 1300 },
    is_offer: { before: false, after: true },
    services: { before: [3], after: [3, 9] },
    posted_by_user_id: { before: 12345, after: 23456 },
  },
});
const AD_CONTENT_EDIT = entry(505, {
  record_type: 'jobs',
  record_id: 91,
  changes: {
    places: { before: ['Podgorica'], after: ['Podgorica', 'Nikšić'] },
    days: { before: ['Ponedjeljak'], after: ['Ponedjeljak', 'Subota'] },
    photos: { before: ['/api/image/jobs_images/a.jpg'], after: ['/api/image/jobs_images/b.jpg'] },
  },
});
const NOTIFICATION_SENT = entry(506, {
  action: 'create',
  record_type: 'notifications',
  record_id: 77,
  changes: {
    subject: { before: null, after: 'Radovi na održavanju' },
    notification_text: { before: null, after: 'Sistem neće raditi u nedjelju.' },
    notification_user_types: { before: null, after: [2] },
  },
});
const FOLDER_CHILD_OFF = entry(507, {
  action: 'toggle',
  record_type: 'services',
  record_id: 64,
  changes: {
    is_active: { before: true, after: false },
    deactivated_with_id: { before: null, after: 1203 },
  },
});
const STATUS_DECISION = entry(508, {
  action: 'status',
  record_type: 'jobs',
  record_id: 92,
  changes: {
    ad_status_id: { before: 1, after: 3 },
    status_comment: { before: null, after: 'Nejasna cijena' },
  },
});
const FAILED_SIGN_IN = entry(504, {
  actor_id: null,
  actor_name: null,
  action: 'sign_in_failed',
  record_type: 'users',
  record_id: null,
  changes: {},
});

beforeAll(async () => {
  await Promise.all([
    import('../../../app/shell/admin-layout.tsx'),
    import('../../../components/list/list-screen.tsx'),
    import('./audit-resource.tsx'),
    import('../users/users-resource.tsx'),
  ]);
}, 60_000);

async function openAudit(path = '/audit') {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/audit/index': listAnswer([
      COUNTRY_EDIT,
      PASSWORD_CHANGE,
      LONG_EDIT,
      FAILED_SIGN_IN,
      AD_CONTENT_EDIT,
      NOTIFICATION_SENT,
      FOLDER_CHILD_OFF,
      STATUS_DECISION,
    ]),
  });
  await renderApp(path, { isReset: false });
  await screen.findByRole('heading', { name: 'Revizija' }, { timeout: 20_000 });
  await screen.findAllByText('Ana Marković (#14)');
  return { net, user: userEvent.setup(), lastBody: () => net.lastBodyOf('POST /api/audit/index') };
}

/** The table row holding this exact text (a record id). */
const rowWith = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the audit trail screen', () => {
  it('asks for the newest entries first and shows who, from where, what and on which record', async () => {
    const { lastBody } = await openAudit();
    expect(lastBody()).toEqual({
      filters: {},
      options: { page: 1, itemsPerPage: 10, sortBy: ['created_at'], sortDesc: [true] },
      show_only_active: null,
    });
    const row = rowWith('23');
    expect(within(row).getByText('Ana Marković (#14)')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.7')).toBeInTheDocument();
    expect(within(row).getByText('Izmjena')).toBeInTheDocument();
    expect(within(row).getByText('Države')).toBeInTheDocument();
    // The field as the lists name it, its value before → after.
    expect(within(row).getByRole('listitem')).toHaveTextContent('Ime: Crna Gora → Crna Gora (ME)');
    // No add, edit or deactivate: the trail is read only.
    expect(screen.queryByRole('button', { name: 'Dodaj' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Izmijeni|Deaktiviraj/ })).toBeNull();
    // An entry nobody signed in made.
    expect(screen.getByText('Neuspjela prijava').closest('tr')).toHaveTextContent('Sistem');
  });

  it('shows a secret only as changed, never its value', async () => {
    await openAudit();
    const row = rowWith('57');
    const [password, phone] = within(row).getAllByRole('listitem');
    expect(password).toHaveTextContent('Lozinka: izmijenjeno');
    expect(password).not.toHaveTextContent('changed');
    expect(phone).toHaveTextContent('Telefon: +38267000111 → +38267111222');
  });

  it("names the fields of an ad's content and status, a notification and a folder's item in the language, never by the API's key", async () => {
    await openAudit();
    const texts = (id: string) =>
      within(rowWith(id))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(texts('91')).toEqual([
      'Mjesta: Podgorica → Podgorica, Nikšić',
      'Radni dani: Ponedjeljak → Ponedjeljak, Subota',
      'Fotografije (uklonjene → dodate): /api/image/jobs_images/a.jpg → /api/image/jobs_images/b.jpg',
    ]);
    expect(texts('77')).toEqual([
      'Naslov: — → Radovi na održavanju',
      'Tekst notifikacije: — → Sistem neće raditi u nedjelju.',
      'Tipovi korisnika: — → 2',
    ]);
    expect(texts('64')).toEqual(['Status: Da → Ne', 'Deaktivirano sa folderom (ID): — → 1203']);
    // An ad's status by its name, not its id.
    expect(texts('92')).toEqual(['Status: Čeka odobrenje → Odbijen', 'Razlog statusa: — → Nejasna cijena']);
  });

  it('shortens long changes and shows all of them with a button the keyboard reaches', async () => {
    const { user } = await openAudit();
    const row = rowWith('88');
    const items = within(row).getAllByRole('listitem');
    // Three fields at first, the long description cut.
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/^Opis: Košenje → Košenje trave i uređenje dvorišta svake…$/);
    // Amounts as the language writes them.
    expect(items[1]).toHaveTextContent('Cijena od: 1.250,5 → 1.300');
    expect(items[2]).toHaveTextContent('Ponuda: Ne → Da');
    const more = within(row).getByRole('button', { name: 'Prikaži sve izmjene unosa 503' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await user.keyboard('{Enter}');
    const all = within(row).getAllByRole('listitem');
    expect(all).toHaveLength(5);
    expect(all[0]).toHaveTextContent(`Opis: Košenje → ${LONG_DESCRIPTION}`);
    expect(all[3]).toHaveTextContent('Usluge: 3 → 3, 9');
    // An id is no amount: never grouped.
    expect(all[4]).toHaveTextContent(/: 12345 → 23456$/);
    expect(within(row).getByRole('button', { name: 'Prikaži manje' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('sends the filters of the address: actor, action, record type and id, time', async () => {
    const { lastBody } = await openAudit(
      '/audit?f.actor_id=14&f.action=update&f.record_type=os_countries&f.record_id=23&f.created_at=01.11.2026%7E03.11.2026',
    );
    await waitFor(() =>
      expect(lastBody()).toMatchObject({
        filters: {
          actor_id: { operator: 'equals', value: 14 },
          action: { operator: 'equals', value: 'update' },
          record_type: { operator: 'equals', value: 'os_countries' },
          record_id: { operator: 'equals', value: 23 },
          created_at: { operator: 'between', value: ['2026-11-01', '2026-11-03'] },
        },
      }),
    );
  });

  it('filters by action and record type from their translated choices', async () => {
    const { lastBody, user } = await openAudit();
    await user.click(screen.getByRole('combobox', { name: 'Filter: Radnja' }));
    await user.click(await screen.findByRole('option', { name: 'Neuspjela prijava' }));
    await user.click(screen.getByRole('combobox', { name: 'Filter: Vrsta zapisa' }));
    await user.click(await screen.findByRole('option', { name: 'Oglasi' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter: ID zapisa' }), '88');
    await user.click(screen.getByRole('button', { name: 'Pretraži' }));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({
        filters: {
          action: { operator: 'equals', value: 'sign_in_failed' },
          record_type: { operator: 'equals', value: 'jobs' },
          record_id: { operator: 'equals', value: 88 },
        },
      }),
    );
  });
});

const MEMBER: UserRow = {
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
  updated_at: '2026-05-01T10:00:00Z',
};

const TIMELINE_PATH = '/api/audit/timeline/users/57';

async function openUserHistory(pages: Record<string, AuditTimeline>) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/users/index': listAnswer([MEMBER]),
    // The roles filter's choices.
    'POST /api/roles/index_active': listAnswer([]),
    // Answered by the page asked for: `before_id` picks the older page.
    // The mock sees the path only: the query of the call being answered is the fetch's last URL.
    [`GET ${TIMELINE_PATH}`]: () => {
      const url = net.fetchMock.mock.calls.at(-1)?.[0];
      const beforeId = new URL(String(url), 'http://localhost').searchParams.get('before_id') ?? 'first';
      return jsonResponse(200, pages[beforeId] ?? { rows: [], next_before_id: null });
    },
  });
  await renderApp('/users', { isReset: false });
  // The row by its e-mail: the username is not among the users list's default columns.
  await screen.findByText('jelena@primjer.me', {}, { timeout: 20_000 });
  const user = userEvent.setup();
  const row = screen.getByText('jelena@primjer.me').closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Istorija izmjena' }));
  const dialog = await screen.findByRole('dialog', { name: 'Istorija izmjena: Jelena Popović' });
  return { net, user, dialog };
}

describe("a record's change history", () => {
  it('shows the newest entries first and loads older ones with before_id', async () => {
    const { net, user, dialog } = await openUserHistory({
      first: {
        rows: [PASSWORD_CHANGE, entry(470, { record_type: 'users', record_id: 57 })],
        next_before_id: 470,
      },
      '470': {
        rows: [
          entry(301, {
            action: 'create',
            record_type: 'users',
            record_id: 57,
            actor_name: 'Marko Moderator',
            actor_id: 9,
            changes: { username: { before: null, after: 'jelena' } },
          }),
        ],
        next_before_id: null,
      },
    });
    const list = await within(dialog).findByRole('list', { name: 'Istorija izmjena: Jelena Popović' });
    const entries = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(entries[0]).toHaveTextContent('Izmjena · Ana Marković (#14) · 10.0.0.7');
    expect(entries[0]).toHaveTextContent('Lozinka: izmijenjeno');
    expect(net.callsTo(`GET ${TIMELINE_PATH}`)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Učitaj starije' }));
    await within(dialog).findByText(/Marko Moderator \(#9\)/);
    const urls = net.fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith(TIMELINE_PATH));
    expect(urls).toEqual([TIMELINE_PATH, `${TIMELINE_PATH}?before_id=470`]);
    expect(within(dialog).getByText('Korisničko ime').closest('li')).toHaveTextContent(
      'Korisničko ime: — → jelena',
    );
    // The last page: nothing older to load.
    expect(within(dialog).queryByRole('button', { name: 'Učitaj starije' })).toBeNull();
  });

  it('says so when the record has no entries', async () => {
    const { dialog } = await openUserHistory({ first: { rows: [], next_before_id: null } });
    expect(await within(dialog).findByText('Ovaj zapis još nema zabilježenih izmjena.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Učitaj starije' })).toBeNull();
  });
});
