import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, listAnswer, mockFetch } from '../test/fetch-mock.ts';
import { ADMIN_USER } from '../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../test/render-app.tsx';

const STAFF = { ...ADMIN_USER, id: 42 };
const COUNTRY = {
  id: 7,
  name: 'Crna Gora',
  code: 'ME',
  is_active: true,
  updated_at: '2026-11-25T17:00:00.123Z',
};

/** The countries screen, reached from the admin home: Back has somewhere to go. */
async function openCountries() {
  await resetApp();
  setAuthenticatedFlag();
  mockFetch({
    ...ADMIN_HOME_ANSWERS,
    'GET /api/user': { body: STAFF },
    'POST /api/os_countries/index': listAnswer([COUNTRY]),
    'POST /api/os_cities/index': listAnswer([]),
  });
  const { router } = await renderApp('/ads-on-approval', { isReset: false });
  await screen.findByRole('heading', { name: 'Oglasi na odobrenju' }, { timeout: 20_000 });
  await act(() => router.navigate('/countries'));
  await screen.findByText('Crna Gora', {}, { timeout: 20_000 });
  return { router, user: userEvent.setup() };
}

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  const row = screen.getByText('Crna Gora').closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
  return screen.findByRole('dialog', { name: 'Izmjena države' });
}

function nameField(dialog: HTMLElement) {
  return within(dialog).getByRole('textbox', { name: /Naziv države/ });
}

/** The browser's Back button (or a phone's back gesture). */
async function pressBack(router: { navigate: (delta: number) => Promise<void> }) {
  await act(() => router.navigate(-1));
}

describe("the browser's Back inside a dialog", () => {
  it('closes a dialog without changes and keeps the page; the next Back leaves it', async () => {
    const { router, user } = await openCountries();
    await openEdit(user);
    await pressBack(router);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/countries');

    // No history entry was added or lost: the next Back goes where it always would.
    await pressBack(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ads-on-approval'));
  });

  it('asks first when the dialog holds changes: keep editing keeps them, discard closes it', async () => {
    const { router, user } = await openCountries();
    const dialog = await openEdit(user);
    await user.clear(nameField(dialog));
    await user.type(nameField(dialog), 'Crna Gora 2');

    await pressBack(router);
    const ask = await screen.findByRole('dialog', { name: 'Odbaciti izmjene?' });
    expect(router.state.location.pathname).toBe('/countries');
    await user.click(within(ask).getByRole('button', { name: 'Nastavi uređivanje' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Odbaciti izmjene?' })).toBeNull());
    expect(nameField(dialog)).toHaveValue('Crna Gora 2');

    // Back over the question answers it the safe way, as Escape does.
    await pressBack(router);
    await screen.findByRole('dialog', { name: 'Odbaciti izmjene?' });
    await pressBack(router);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Odbaciti izmjene?' })).toBeNull());
    expect(nameField(dialog)).toHaveValue('Crna Gora 2');

    await pressBack(router);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Odbaciti izmjene?' })).getByRole('button', {
        name: 'Odbaci izmjene',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/countries');
    await pressBack(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ads-on-approval'));
  });

  it('closes a confirmation as its safe button would', async () => {
    const { router, user } = await openCountries();
    const row = screen.getByText('Crna Gora').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Deaktiviraj' }));
    await screen.findByRole('dialog', { name: 'Deaktivirati državu „Crna Gora“?' });
    await pressBack(router);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/countries');
  });
});

describe('leaving a page with unsaved changes', () => {
  it('asks first: keep editing stays with the changes, discard goes on', async () => {
    const { router, user } = await openCountries();
    const dialog = await openEdit(user);
    await user.type(nameField(dialog), ' (nova)');

    await act(() => router.navigate('/cities'));
    const ask = await screen.findByRole('dialog', { name: 'Napustiti stranicu?' });
    expect(ask).toHaveTextContent('Imate nesačuvane izmjene.');
    await user.click(within(ask).getByRole('button', { name: 'Nastavi uređivanje' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Napustiti stranicu?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/countries');
    expect(nameField(dialog)).toHaveValue('Crna Gora (nova)');

    await act(() => router.navigate('/cities'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Napustiti stranicu?' })).getByRole('button', {
        name: 'Odbaci izmjene',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/cities'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lets the page go without a question when nothing was changed', async () => {
    const { router, user } = await openCountries();
    await openEdit(user);
    await act(() => router.navigate('/cities'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cities'));
    expect(screen.queryByRole('dialog', { name: 'Napustiti stranicu?' })).not.toBeInTheDocument();
  });

  it('has the browser ask before closing or reloading the tab, only while changes are unsaved', async () => {
    const { user } = await openCountries();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const dialog = await openEdit(user);
    expect(unload()).toBe(false);
    await user.type(nameField(dialog), 'x');
    await waitFor(() => expect(unload()).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Otkaži' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(unload()).toBe(false);
  });
});
