import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER, MODERATOR_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

describe('login page', () => {
  it('puts the focus on the username field first', async () => {
    mockFetch({});
    await renderApp('/login');
    const username = await screen.findByLabelText(/Korisničko ime/);
    expect(username).toHaveFocus();
  });

  it('shows the hint "Minimum 8 karaktera" under the password', async () => {
    mockFetch({});
    await renderApp('/login');
    expect(await screen.findByText('Minimum 8 karaktera')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    mockFetch({});
    const user = userEvent.setup();
    await renderApp('/login');
    const password = await screen.findByLabelText(/^Lozinka/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Prikaži lozinku' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Sakrij lozinku' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('submits with Enter, stores the flag and lands on /ads-on-approval with a greeting', async () => {
    const net = mockFetch({ ...ADMIN_HOME_ANSWERS, 'POST /api/loginWeb': { body: { user: ADMIN_USER } } });
    const user = userEvent.setup();
    const { router } = await renderApp('/login');
    await user.type(await screen.findByLabelText(/Korisničko ime/), 'admin');
    await user.type(screen.getByLabelText(/^Lozinka/), 'tajna-lozinka{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/ads-on-approval'));
    expect(net.lastBodyOf('POST /api/loginWeb')).toEqual({
      is_web: true,
      username: 'admin',
      password: 'tajna-lozinka',
    });
    expect(net.callsTo('POST /api/loginWeb')[0]?.credentials).toBe('include');
    expect(window.localStorage.getItem('isAuthenticated')).toBe('true');
    expect(await screen.findByText('Zdravo, Ana')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Oglasi na odobrenju' })).toBeInTheDocument();
  });

  it("shows the server's error text in a red alert under the form and stays on /login", async () => {
    const net = mockFetch({
      'POST /api/loginWeb': {
        status: 401,
        body: { error: 'Pogrešno korisničko ime ili lozinka.', message: 'x' },
      },
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/login');
    await user.type(await screen.findByLabelText(/Korisničko ime/), 'admin');
    await user.type(screen.getByLabelText(/^Lozinka/), 'pogresna{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Pogrešno korisničko ime ili lozinka.');
    expect(alert.className).toMatch(/colorError|filledError/);
    // The form's own alert, not the error dialog; no refresh attempt on the login page.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(net.callsTo('GET /api/refresh-token-web')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('isAuthenticated')).not.toBe('true');
  });

  it('says in the red alert how long a locked sign-in has to wait', async () => {
    const text =
      'Previše pokušaja prijave. Pokušajte ponovo za 15 min. Administrator može i odmah otključati vašu prijavu.';
    mockFetch({ 'POST /api/loginWeb': { status: 429, body: { error: text, message: text } } });
    const user = userEvent.setup();
    await renderApp('/login');
    await user.type(await screen.findByLabelText(/Korisničko ime/), 'admin');
    await user.type(screen.getByLabelText(/^Lozinka/), 'tajna-lozinka{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert.className).toMatch(/colorError|filledError/);
    expect(screen.getByRole('button', { name: 'Prijavi se' })).toBeEnabled();
  });

  it("words a 429 without the server's text (a proxy's) as too many attempts, not as a fault", async () => {
    mockFetch({ 'POST /api/loginWeb': { status: 429 } });
    const user = userEvent.setup();
    await renderApp('/login');
    await user.type(await screen.findByLabelText(/Korisničko ime/), 'admin');
    await user.type(screen.getByLabelText(/^Lozinka/), 'tajna-lozinka{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Previše pokušaja prijave. Pokušajte ponovo kasnije.',
    );
  });

  it('asks for both fields before calling the server', async () => {
    const net = mockFetch({});
    const user = userEvent.setup();
    await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Prijavi se' }));
    expect(screen.getAllByText('Obavezno polje.')).toHaveLength(2);
    expect(net.callsTo('POST /api/loginWeb')).toHaveLength(0);
  });

  it.each([
    ['an administrator', ADMIN_USER],
    ['a moderator', MODERATOR_USER],
  ])('sends %s who is signed in already on to the admin home, without the form', async (_, signedIn) => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({ ...ADMIN_HOME_ANSWERS, 'GET /api/user': { body: signedIn } });
    const { router } = await renderApp('/login', { isReset: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ads-on-approval'));
    expect(await screen.findByRole('heading', { name: 'Oglasi na odobrenju' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Korisničko ime/)).not.toBeInTheDocument();
  });

  it('shows the form when the stored session has ended, and forgets it', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Niste prijavljeni.' } } });
    const { router } = await renderApp('/login', { isReset: false });
    expect(await screen.findByLabelText(/Korisničko ime/)).toHaveFocus();
    expect(router.state.location.pathname).toBe('/login');
    expect(net.callsTo('GET /api/user')).toHaveLength(1);
    expect(window.localStorage.getItem('isAuthenticated')).toBe('false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
