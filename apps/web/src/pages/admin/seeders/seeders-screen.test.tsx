import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../../../test/download-capture.ts';
import { jsonResponse, type MockReply, mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER, MODERATOR_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

const TABLES = { result: [{ table_name: 'os_countries' }, { table_name: 'users' }], total_rows: 2 };
const SEED_FILE = '{"format":"usluge-seed/1","table":"users","columns":["id"]}\n[1]\n';

const saved = captureDownloads();

async function openSeeders(table: Record<string, MockReply | MockReply[]>, user = ADMIN_USER) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({ 'GET /api/user': { body: user }, ...table });
  await renderApp('/seeders', { isReset: false });
  await screen.findByRole('heading', { level: 1, name: 'Generator sidera' });
  return { net, user: userEvent.setup() };
}

describe('seeder generator screen', () => {
  it("lists the tables and downloads one under the server's file name", async () => {
    const { net, user } = await openSeeders({
      'POST /api/all_tables/pgsql': { body: TABLES },
      'GET /api/seeder_generator/users': () =>
        new Response(SEED_FILE, {
          status: 200,
          headers: {
            'Content-Type': 'application/x-ndjson; charset=utf-8',
            'Content-Disposition': 'attachment; filename="users.seed.ndjson"',
          },
        }),
    });
    const table = await screen.findByRole('table', { name: 'Generator sidera' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['os_countries', 'users']);
    // The tables came from the route, which takes no body (the API document says none).
    expect(net.lastBodyOf('POST /api/all_tables/pgsql')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Preuzmi tabelu users' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('users.seed.ndjson');
    expect(await saved[0]?.blob?.text()).toBe(SEED_FILE);
    expect(net.callsTo('GET /api/seeder_generator/users')[0]?.credentials).toBe('include');
    expect(await screen.findByText('Preuzet je fajl users.seed.ndjson')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preuzmi tabelu users' })).toBeEnabled();
  });

  it('says the generator is off when the server has no seeder routes (404), without the error dialog', async () => {
    await openSeeders({
      'POST /api/all_tables/pgsql': { status: 404, body: { message: 'Ne postoji.' } },
    });
    expect(await screen.findByText('Generator sidera je isključen')).toBeInTheDocument();
    expect(screen.getByText(/SEEDERS_ENABLED=true/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
  });

  it('shows another failure with a way to try again', async () => {
    const { user } = await openSeeders({
      'POST /api/all_tables/pgsql': [
        { status: 500, body: { message: 'Baza nije dostupna.' } },
        { body: TABLES },
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Spisak tabela nije učitan. Baza nije dostupna.');
    await user.click(within(alert).getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await screen.findByRole('rowheader', { name: 'users' })).toBeInTheDocument();
  });

  it("opens the 'Greška' dialog when a download fails, and saves nothing", async () => {
    const { user } = await openSeeders({
      'POST /api/all_tables/pgsql': { body: TABLES },
      'GET /api/seeder_generator/users': () => jsonResponse(404, { message: 'Tabela ne postoji.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi tabelu users' }));
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Tabela ne postoji.');
    expect(saved).toHaveLength(0);
    await act(async () => within(error).getByRole('button', { name: 'Zatvori' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Preuzmi tabelu users' })).toBeEnabled();
  });

  it('is for administrators only: a moderator neither sees it in the menu nor opens it', async () => {
    const { net } = await openSeeders({ 'POST /api/all_tables/pgsql': { body: TABLES } }, MODERATOR_USER);
    expect(screen.getByText('Vaša uloga nema pravo da otvori ovaj ekran.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Meni administracije' });
    expect(within(nav).queryByRole('link', { name: 'Generator sidera' })).not.toBeInTheDocument();
    expect(net.callsTo('POST /api/all_tables/pgsql')).toHaveLength(0);
  });

  it('does not exist while the server has it off (seeders_enabled false): no menu item, the page not found', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({
      'GET /api/user': { body: { ...ADMIN_USER, seeders_enabled: false } },
      'POST /api/all_tables/pgsql': { body: TABLES },
    });
    await renderApp('/seeders', { isReset: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stranica nije pronađena' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Meni administracije' });
    expect(within(nav).getByRole('link', { name: 'Korisnici' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Generator sidera' })).not.toBeInTheDocument();
    expect(net.callsTo('POST /api/all_tables/pgsql')).toHaveLength(0);
  });

  it('shows in the menu of an administrator while the server offers it', async () => {
    await openSeeders({ 'POST /api/all_tables/pgsql': { body: TABLES } });
    const nav = screen.getByRole('navigation', { name: 'Meni administracije' });
    expect(within(nav).getByRole('link', { name: 'Generator sidera' })).toBeInTheDocument();
  });
});
