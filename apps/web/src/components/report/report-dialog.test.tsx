import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldErrors } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../api/report-api.ts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { captureDownloads } from '../../test/download-capture.ts';
import { jsonResponse, listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';
import { reportChoiceSchema } from './report-schema.ts';

const COUNTRIES = [
  { id: 1, name: 'Crna Gora', code: 'ME', is_active: true, updated_at: '2024-05-01T10:00:00Z' },
];
const PDF_BYTES = '%PDF-1.7 države';

/** A file answer as the server sends a report. */
function fileResponse(body: string, type: string, disposition: string | null): Response {
  const headers: Record<string, string> = { 'Content-Type': type };
  if (disposition !== null) headers['Content-Disposition'] = disposition;
  return new Response(body, { status: 200, headers });
}

const saved = captureDownloads();

/** Signs in and opens the countries list at `path` with a report answer for `POST .../index`. */
async function openCountries(
  path: string,
  report: (body: unknown) => Response | Promise<Response>,
  /** The member's stored columns per list (GET /api/preferences). */
  lists: Record<string, { columns: string[] }> = {},
) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    'GET /api/user': { body: ADMIN_USER },
    'GET /api/preferences': { body: { lists } },
    'POST /api/saved_views/index': listAnswer([]),
    'POST /api/os_countries/index': (request) => {
      const body = request.body as { is_report?: boolean };
      return body.is_report ? report(body) : jsonResponse(200, listAnswer(COUNTRIES).body);
    },
  });
  await renderApp(path, { isReset: false });
  // The first render loads the lazy screen: on a busy machine that takes a while.
  await screen.findByText('Crna Gora', {}, { timeout: 15_000 });
  const reportCalls = () =>
    net.callsTo('POST /api/os_countries/index').filter((r) => (r.body as { is_report?: boolean }).is_report);
  return { net, reportCalls, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Izvještaj' }));
  return screen.findByRole('dialog', { name: 'Preuzimanje izvještaja' });
}

describe('report dialog', () => {
  it("starts with name 'report', type PDF and show all", async () => {
    const { user } = await openCountries('/countries', () =>
      fileResponse(PDF_BYTES, 'application/pdf', null),
    );
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('textbox', { name: /Naziv izvještaja/ })).toHaveValue('report');
    expect(within(dialog).getByRole('combobox', { name: /Tip fajla/ })).toHaveTextContent('PDF');
    expect(within(dialog).getByRole('checkbox', { name: /Prikaži sve/ })).toBeChecked();
    expect(within(dialog).getByText('Polja označena zvjezdicom (*) su obavezna.')).toBeInTheDocument();
  });

  it("requires a name with the server's message, and sends nothing until there is one", async () => {
    const { user, reportCalls } = await openCountries('/countries', () =>
      fileResponse(PDF_BYTES, 'application/pdf', null),
    );
    const dialog = await openDialog(user);
    await user.clear(within(dialog).getByRole('textbox', { name: /Naziv izvještaja/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Preuzmi' }));
    expect(await within(dialog).findByText('Obavezno polje.')).toBeInTheDocument();
    expect(reportCalls()).toHaveLength(0);
    expect(saved).toHaveLength(0);
  });

  it('requires a name and a type, worded as the server words them', () => {
    const result = reportChoiceSchema.safeParse(
      { name: '  ', type: '', show_all: true, columns: [{ key: 'name', title: 'Naziv', isChosen: true }] },
      { reportInput: true },
    );
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error?.issues ?? [], 'me')).toEqual({
      name: ['Obavezno polje.'],
      type: ['Obavezno polje'],
    });
  });

  it("sends the list's filters and sort with the report fields and the shown columns", async () => {
    const { user, reportCalls } = await openCountries(
      '/countries?f.name=Crna&sort=name&page=2&active=active',
      () =>
        fileResponse(
          'PK\u0003\u0004xlsx',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          null,
        ),
    );
    const dialog = await openDialog(user);
    const name = within(dialog).getByRole('textbox', { name: /Naziv izvještaja/ });
    await user.clear(name);
    await user.type(name, 'države');
    await user.click(within(dialog).getByRole('combobox', { name: /Tip fajla/ }));
    await user.click(await screen.findByRole('option', { name: 'Excel (XLSX)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Prikaži sve/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Preuzmi' }));

    await waitFor(() => expect(reportCalls()).toHaveLength(1));
    expect(reportCalls()[0]?.body).toEqual({
      filters: { name: { operator: 'contains', value: 'Crna' } },
      options: { page: 2, itemsPerPage: 10, sortBy: ['name'], sortDesc: [false] },
      show_only_active: true,
      is_report: true,
      report_name: 'države',
      report_type: 'xlsx',
      report_ignore_pagination: false,
      show_columns: [
        { key: 'updated_at', title: 'Ažurirano' },
        { key: 'name', title: 'Naziv države' },
        { key: 'code', title: 'Oznaka' },
        { key: 'is_active', title: 'Status' },
      ],
    });
    // No fallback name was given by the server: '<name>.<type>'.
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('države.xlsx');
  });

  it("downloads the answer under the server's file name, then closes", async () => {
    const { user } = await openCountries('/countries', () =>
      fileResponse(
        PDF_BYTES,
        'application/pdf',
        `attachment; filename="drzave.pdf"; filename*=UTF-8''dr%C5%BEave%20ME.pdf`,
      ),
    );
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Preuzmi' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('države ME.pdf');
    expect(saved[0]?.href).toMatch(/^blob:/);
    expect(await saved[0]?.blob?.text()).toBe(PDF_BYTES);
    expect(await screen.findByText('Izvještaj države ME.pdf je preuzet.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Preuzimanje izvještaja' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's message from a JSON error in the 'Greška' dialog and stays open", async () => {
    const { user } = await openCountries('/countries', () =>
      jsonResponse(422, { message: 'Izvještaj može imati najviše 100000 redova. Suzite filtere.' }),
    );
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Preuzmi' }));
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Izvještaj može imati najviše 100000 redova. Suzite filtere.');
    expect(saved).toHaveLength(0);
    await act(async () => within(error).getByRole('button', { name: 'Zatvori' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Preuzimanje izvještaja' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Preuzmi' })).toBeEnabled();
  });

  it('titles the columns in the current language', async () => {
    const { user, reportCalls } = await openCountries('/countries', () =>
      fileResponse(PDF_BYTES, 'application/pdf', null),
    );
    await act(async () => changeLanguage('en'));
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download a report' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(reportCalls()).toHaveLength(1));
    expect(reportCalls()[0]?.body).toMatchObject({
      report_name: 'report',
      report_type: 'pdf',
      report_ignore_pagination: true,
      show_columns: [
        { key: 'updated_at', title: 'Updated' },
        { key: 'name', title: 'Country name' },
        { key: 'code', title: 'Code' },
        { key: 'is_active', title: 'Status' },
      ],
    });
    expect(saved[0]?.fileName).toBe('report.pdf');
  });

  it("offers the list's shown columns, all chosen in the list's order; the report sends the chosen ones in the order set", async () => {
    const { user, reportCalls } = await openCountries('/countries', () =>
      fileResponse(PDF_BYTES, 'application/pdf', null),
    );
    const dialog = await openDialog(user);
    const chooser = within(dialog).getByRole('group', { name: 'Kolone izvještaja' });
    const boxes = within(chooser).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Ažurirano',
      'Naziv države',
      'Oznaka',
      'Status',
    ]);
    for (const box of boxes) expect(box).toBeChecked();
    // The first can't move up, the last can't move down.
    expect(within(chooser).getByRole('button', { name: 'Pomjeri gore: Ažurirano' })).toBeDisabled();
    expect(within(chooser).getByRole('button', { name: 'Pomjeri dolje: Status' })).toBeDisabled();

    await user.click(within(chooser).getByRole('checkbox', { name: 'Ažurirano' }));
    await user.click(within(chooser).getByRole('button', { name: 'Pomjeri gore: Oznaka' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preuzmi' }));

    await waitFor(() => expect(reportCalls()).toHaveLength(1));
    expect(reportCalls()[0]?.body).toMatchObject({
      show_columns: [
        { key: 'code', title: 'Oznaka' },
        { key: 'name', title: 'Naziv države' },
        { key: 'is_active', title: 'Status' },
      ],
    });
  });

  it("offers the list's hidden columns too, unchosen, after the shown ones", async () => {
    const { user, reportCalls } = await openCountries(
      '/countries',
      () => fileResponse(PDF_BYTES, 'application/pdf', null),
      { countries: { columns: ['code', 'name'] } },
    );
    const dialog = await openDialog(user);
    const chooser = within(dialog).getByRole('group', { name: 'Kolone izvještaja' });
    const boxes = within(chooser).getAllByRole('checkbox');
    expect(
      boxes.map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['Oznaka', true],
      ['Naziv države', true],
      ['Ažurirano', false],
      ['Status', false],
    ]);
    await user.click(within(chooser).getByRole('checkbox', { name: 'Status' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preuzmi' }));
    await waitFor(() => expect(reportCalls()).toHaveLength(1));
    expect(reportCalls()[0]?.body).toMatchObject({
      show_columns: [
        { key: 'code', title: 'Oznaka' },
        { key: 'name', title: 'Naziv države' },
        { key: 'is_active', title: 'Status' },
      ],
    });
  });

  it('orders the columns by keyboard alone, the moved column keeping the focus, and keeps one column at least', async () => {
    const { user, reportCalls } = await openCountries('/countries', () =>
      fileResponse(PDF_BYTES, 'application/pdf', null),
    );
    const dialog = await openDialog(user);
    const chooser = within(dialog).getByRole('group', { name: 'Kolone izvještaja' });
    const down = within(chooser).getByRole('button', { name: 'Pomjeri dolje: Ažurirano' });
    down.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    // At the end its 'down' is disabled, and its 'up' has the focus.
    expect(within(chooser).getByRole('button', { name: 'Pomjeri gore: Ažurirano' })).toHaveFocus();
    expect(
      within(chooser)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Naziv države', 'Oznaka', 'Status', 'Ažurirano']);
    // Unchoosing all but one: the last one left cannot be unchosen.
    for (const title of ['Naziv države', 'Oznaka', 'Status']) {
      within(chooser).getByRole('checkbox', { name: title }).focus();
      await user.keyboard(' ');
    }
    expect(within(chooser).getByRole('checkbox', { name: 'Ažurirano' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Preuzmi' }));
    await waitFor(() => expect(reportCalls()).toHaveLength(1));
    expect(reportCalls()[0]?.body).toMatchObject({
      show_columns: [{ key: 'updated_at', title: 'Ažurirano' }],
    });
  });

  it('refuses a report without any column chosen', () => {
    expect(
      reportChoiceSchema.safeParse({
        name: 'x',
        type: 'pdf',
        show_all: true,
        columns: [{ key: 'a', title: 'A', isChosen: false }],
      }).success,
    ).toBe(false);
  });

  it('is on the users list too, with its columns', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/roles/index_active': listAnswer([]),
      'POST /api/users/index': (request) =>
        (request.body as { is_report?: boolean }).is_report
          ? fileResponse(PDF_BYTES, 'application/pdf', `attachment; filename*=UTF-8''korisnici.pdf`)
          : jsonResponse(200, listAnswer([]).body),
    });
    const user = userEvent.setup();
    await renderApp('/users', { isReset: false });
    await screen.findByText('Nema podataka');
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Preuzmi' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('korisnici.pdf');
    const body = net.lastBodyOf('POST /api/users/index') as { show_columns: { key: string }[] };
    // The users list's default columns (those fit 1366 px); the others are in the chooser, unticked.
    expect(body.show_columns.map((c) => c.key)).toEqual([
      'full_name',
      'email',
      'credit',
      'roles',
      'is_active',
    ]);
  });
});

describe('file name from Content-Disposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''dr%C5%BEave.pdf`, 'države.pdf'],
    [`attachment; filename="plain.xlsx"; filename*=UTF-8''%C4%8Da%C4%91.xlsx`, 'čađ.xlsx'],
    ['attachment; filename="plain name.docx"', 'plain name.docx'],
    ['attachment; filename=bare.pdf', 'bare.pdf'],
    [`attachment; filename*=UTF-8''..%2F..%2Fetc.pdf`, '.._.._etc.pdf'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});
