import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GlobalSearchHit } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';

const HITS: GlobalSearchHit[] = [
  { type: 'user', id: 41, title: 'Đurđa Šćepanović', subtitle: 'djurdja@primjer.test · djurdja' },
  { type: 'ad', id: 5173, title: 'Košenje trave', subtitle: 'Petar Oglašivač · Odobren' },
];

async function openAdmin() {
  await resetApp();
  setAuthenticatedFlag();
  const seen: string[] = [];
  mockFetch({
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/os_countries/index': listAnswer([]),
    'POST /api/search': (request) => {
      const { q } = request.body as { q: string };
      seen.push(q);
      return jsonResponse(200, { result: q.length >= 2 ? HITS : [] });
    },
  });
  const app = await renderApp('/countries', { isReset: false });
  // The first screen is lazy: its code loads before it shows (slow on a busy machine).
  await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 });
  return { ...app, seen, user: userEvent.setup() };
}

describe('global search in the shell', { timeout: 60_000 }, () => {
  it('opens with Ctrl+K, searches once typing pauses, and opens the chosen record by keyboard', async () => {
    const { user, router, seen } = await openAdmin();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Pretraga' });
    const box = within(dialog).getByRole('combobox', { name: 'Korisnik ili oglas' });
    expect(box).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Upišite najmanje 2 znaka.');
    await user.type(box, 'kosenje');
    const options = await within(dialog).findAllByRole('option');
    // One request for the whole word, not one per letter.
    expect(seen).toEqual(['kosenje']);
    expect(options.map((option) => option.textContent)).toEqual([
      'KorisnikĐurđa Šćepanovićdjurdja@primjer.test · djurdja',
      'OglasKošenje travePetar Oglašivač · Odobren',
    ]);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ads/5173'));
    expect(screen.queryByRole('dialog', { name: 'Pretraga' })).not.toBeInTheDocument();
  });

  it('opens with / when not typing, wraps the arrows round, and Escape gives the focus back', async () => {
    const { user, router } = await openAdmin();
    const button = screen.getByRole('button', { name: 'Pretraga (Ctrl+K)' });
    button.focus();
    await user.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Pretraga' });
    const box = within(dialog).getByRole('combobox');
    await user.type(box, 'dj');
    const options = await within(dialog).findAllByRole('option');
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(router.state.location.pathname).toBe('/countries');
  });

  it('leaves / alone while typing in a field', async () => {
    const { user } = await openAdmin();
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('/');
    expect(field).toHaveValue('/');
    expect(screen.queryByRole('dialog', { name: 'Pretraga' })).not.toBeInTheDocument();
    field.remove();
  });

  it('opens a user by a click', async () => {
    const { user, router } = await openAdmin();
    await user.click(screen.getByRole('button', { name: 'Pretraga (Ctrl+K)' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox'), 'durda');
    await user.click(await within(dialog).findByRole('option', { name: /Đurđa/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/41'));
  });
});
