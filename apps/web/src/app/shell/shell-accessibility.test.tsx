import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';
import { fakeScreen } from '../../test/setup.ts';

const COUNTRIES = [
  { id: 4, name: 'Crna Gora', code: 'ME', is_active: true, updated_at: '2024-05-01T10:00:00Z' },
];

async function openAdmin(path = '/dashboard') {
  await resetApp();
  setAuthenticatedFlag();
  mockFetch({
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/os_countries/index': listAnswer(COUNTRIES),
  });
  const app = await renderApp(path, { isReset: false });
  await screen.findByRole('heading', { level: 1 });
  return { ...app, user: userEvent.setup() };
}

describe('admin shell: keyboard and screen readers', () => {
  it('starts with a skip link that moves the focus to the main content', async () => {
    const { user } = await openAdmin('/countries');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Preskoči na glavni sadržaj' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The next Tab goes on from the content, not from the top of the page.
    await user.tab();
    expect(screen.getByRole('main').contains(document.activeElement)).toBe(true);
  });

  it('lists the menu in valid lists: every link in an <li>, the management group a nested list', async () => {
    await openAdmin();
    const nav = screen.getByRole('navigation', { name: 'Meni administracije' });
    for (const list of nav.querySelectorAll('ul')) {
      for (const child of list.children) expect(child.tagName).toBe('LI');
    }
    for (const link of within(nav).getAllByRole('link')) expect(link.parentElement?.tagName).toBe('LI');
    const management = within(nav).getByRole('list', { name: 'Upravljanje' });
    expect(management.parentElement?.closest('ul')).not.toBeNull();
    expect(within(management).getByRole('link', { name: 'Države' })).toBeInTheDocument();
    expect(within(management).queryByRole('link', { name: 'Oglasi' })).not.toBeInTheDocument();
  });

  it('marks the current screen in the menu', async () => {
    await openAdmin('/countries');
    const nav = screen.getByRole('navigation', { name: 'Meni administracije' });
    expect(within(nav).getByRole('link', { name: 'Države' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Gradovi' })).not.toHaveAttribute('aria-current');
  });

  it('on a phone, closes the menu after a choice and puts the focus on the new screen', async () => {
    fakeScreen.width = 390;
    const { user, router } = await openAdmin();
    const open = screen.getByRole('button', { name: 'Otvori meni' });
    await user.click(open);
    const nav = await screen.findByRole('navigation', { name: 'Meni administracije' });
    await user.click(within(nav).getByRole('link', { name: 'Države' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/countries'));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Otvori meni' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('login page: keyboard', () => {
  it('has the skip link first, before the language and theme controls', async () => {
    mockFetch({});
    const user = userEvent.setup();
    await renderApp('/login');
    await screen.findByLabelText(/Korisničko ime/);
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Preskoči na glavni sadržaj' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
