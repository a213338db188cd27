import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const TOKEN_INVALID = {
  status: 422,
  body: { message: 'Link nije ispravan, već je iskorišćen ili je istekao.' },
};

describe('verify account page', () => {
  it('shows the progress, then the success, and sends the token once', async () => {
    const net = mockFetch({
      'POST /api/verify-account': {
        body: { message: 'Nalog je potvrđen. Možete se prijaviti.', is_already_verified: false },
      },
    });
    await renderApp('/verify-account/abc-123');
    // The first test of the file also loads the page's chunk, slowly on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verifikacija naloga' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(
      /Potvrđujemo vaš nalog…|Nalog je potvrđen\. Možete se prijaviti\./,
    );
    expect(await screen.findByText('Nalog je potvrđen. Možete se prijaviti.')).toBeInTheDocument();
    expect(net.callsTo('POST /api/verify-account')).toHaveLength(1);
    expect(net.lastBodyOf('POST /api/verify-account')).toEqual({ token: 'abc-123' });
    expect(screen.getByRole('link', { name: 'Nazad na početnu' })).toHaveAttribute('href', '/');
  });

  it("says 'Nalog je već potvrđen.' when the link is opened again after it verified the account", async () => {
    mockFetch({
      'POST /api/verify-account': {
        body: { message: 'Nalog je već potvrđen. Možete se prijaviti.', is_already_verified: true },
      },
    });
    await renderApp('/verify-account/ponovo');
    expect(await screen.findByText('Nalog je već potvrđen. Možete se prijaviti.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nazad na početnu' })).toHaveAttribute('href', '/');
  });

  it("shows the server's message when the link is used or expired, with no error dialog", async () => {
    mockFetch({ 'POST /api/verify-account': TOKEN_INVALID });
    await renderApp('/verify-account/stari');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link nije ispravan, već je iskorišćen ili je istekao.',
    );
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
  });

  it("says 'Došlo je do greške prilikom verifikacije. Kontaktirajte podršku.' when no answer came", async () => {
    mockFetch({ 'POST /api/verify-account': () => Promise.reject(new TypeError('offline')) });
    await renderApp('/verify-account/x');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Došlo je do greške prilikom verifikacije. Kontaktirajte podršku.',
    );
  });

  it("says 'Došlo je do greške kontaktirajte podršku' for a link without a token, asking nothing", async () => {
    const net = mockFetch({});
    await renderApp('/verify-account/%20');
    expect(await screen.findByRole('alert')).toHaveTextContent('Došlo je do greške kontaktirajte podršku');
    expect(net.requests).toHaveLength(0);
  });
});

async function openResetPage(extra: Parameters<typeof mockFetch>[0] = {}) {
  const net = mockFetch({ 'POST /api/check-uuid': { body: { full_name: 'Jelena Vuković' } }, ...extra });
  await renderApp('/reset-password/tok-1');
  await screen.findByText('Nalog: Jelena Vuković');
  return { net, user: userEvent.setup() };
}

describe('reset password page', () => {
  it("checks the token first and greets the account's owner by name", async () => {
    const { net } = await openResetPage();
    expect(net.lastBodyOf('POST /api/check-uuid')).toEqual({ token: 'tok-1' });
    expect(screen.getByLabelText(/^Nova lozinka/)).toHaveFocus();
    expect(screen.getByText('Minimum 8 karaktera.')).toBeInTheDocument();
  });

  it("shows the check's failure with an error icon and no form", async () => {
    mockFetch({ 'POST /api/check-uuid': TOKEN_INVALID });
    await renderApp('/reset-password/stari');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link nije ispravan, već je iskorišćen ili je istekao.',
    );
    expect(screen.queryByLabelText(/^Nova lozinka/)).not.toBeInTheDocument();
  });

  it("says 'Token neispravan' for an empty token", async () => {
    const net = mockFetch({});
    await renderApp('/reset-password/%20');
    expect(await screen.findByRole('alert')).toHaveTextContent('Token neispravan');
    expect(net.requests).toHaveLength(0);
  });

  it('requires both fields and a matching confirmation before it sends anything', async () => {
    const { net, user } = await openResetPage();
    await user.click(screen.getByRole('button', { name: 'Sačuvaj lozinku' }));
    expect(await screen.findAllByText('Obavezno polje.')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Nova lozinka/), 'kratka');
    await user.type(screen.getByLabelText(/^Potvrda lozinke/), 'kratka');
    await user.click(screen.getByRole('button', { name: 'Sačuvaj lozinku' }));
    expect(await screen.findByText('Minimum 8 karaktera.', { selector: '.Mui-error' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Nova lozinka/));
    await user.type(screen.getByLabelText(/^Nova lozinka/), 'Nova-Lozinka-1');
    await user.click(screen.getByRole('button', { name: 'Sačuvaj lozinku' }));
    expect(await screen.findByText('Lozinke se ne poklapaju.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Potvrda lozinke/)).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST /api/set-new-password')).toHaveLength(0);
  });

  it('sets the new password with the token and says so', async () => {
    const { net, user } = await openResetPage({
      'POST /api/set-new-password': { body: { message: 'Lozinka je promijenjena.' } },
    });
    await user.type(screen.getByLabelText(/^Nova lozinka/), 'Nova-Lozinka-1');
    await user.type(screen.getByLabelText(/^Potvrda lozinke/), 'Nova-Lozinka-1{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Lozinka je promijenjena. Prijavite se novom lozinkom.',
    );
    expect(net.lastBodyOf('POST /api/set-new-password')).toEqual({
      token: 'tok-1',
      new_password: 'Nova-Lozinka-1',
    });
  });

  it("shows a failed save's message in a red snackbar and keeps the form", async () => {
    const { user } = await openResetPage({ 'POST /api/set-new-password': TOKEN_INVALID });
    await user.type(screen.getByLabelText(/^Nova lozinka/), 'Nova-Lozinka-1');
    await user.type(screen.getByLabelText(/^Potvrda lozinke/), 'Nova-Lozinka-1{Enter}');
    const snack = await screen.findByText('Link nije ispravan, već je iskorišćen ili je istekao.');
    expect(snack.closest('.MuiAlert-root')?.className).toMatch(/colorError|filledError/);
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sačuvaj lozinku' })).toBeEnabled();
  });

  it('speaks English when the interface does', async () => {
    await openResetPage();
    await changeLanguage('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'New password' })).toBeInTheDocument();
    expect(screen.getByText('Account: Jelena Vuković')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeInTheDocument();
  });
});

const SENT = {
  body: { message: 'Ako nalog sa ovim podacima postoji, poslali smo link za potvrdu brisanja.' },
};

describe('delete account page', () => {
  it('checks the fields, asks first, then says the same whatever the answer', async () => {
    const net = mockFetch({ 'POST /api/delete-account': SENT });
    const user = userEvent.setup();
    await renderApp('/delete-account');
    await user.click(await screen.findByRole('button', { name: 'Zatraži brisanje' }));
    expect(await screen.findAllByText('Obavezno polje.')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Korisničko ime/), 'jelena.v');
    await user.type(screen.getByLabelText(/^E-mail/), 'nije-adresa');
    await user.click(screen.getByRole('button', { name: 'Zatraži brisanje' }));
    expect(await screen.findByText('E-mail mora biti u formatu pr. ime@primjer.com.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^E-mail/));
    await user.type(screen.getByLabelText(/^E-mail/), 'jelena@primjer.me');
    await user.click(screen.getByRole('button', { name: 'Zatraži brisanje' }));

    const dialog = await screen.findByRole('dialog', { name: 'Zatražiti brisanje naloga?' });
    expect(within(dialog).getByRole('button', { name: 'Otkaži' })).toHaveFocus();
    expect(net.callsTo('POST /api/delete-account')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ako nalog sa ovim podacima postoji, poslali smo link za potvrdu brisanja.',
    );
    expect(net.lastBodyOf('POST /api/delete-account')).toEqual({
      username: 'jelena.v',
      email: 'jelena@primjer.me',
    });
  });

  it('sends nothing when the question is declined', async () => {
    const net = mockFetch({ 'POST /api/delete-account': SENT });
    const user = userEvent.setup();
    await renderApp('/delete-account');
    await user.type(await screen.findByLabelText(/^Korisničko ime/), 'jelena.v');
    await user.type(screen.getByLabelText(/^E-mail/), 'jelena@primjer.me{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Zatražiti brisanje naloga?' });
    await user.click(within(dialog).getByRole('button', { name: 'Otkaži' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST /api/delete-account')).toHaveLength(0);
    expect(screen.getByLabelText(/^Korisničko ime/)).toHaveValue('jelena.v');
  });

  it("shows a refusal's message in a red snackbar", async () => {
    mockFetch({
      'POST /api/delete-account': {
        status: 429,
        body: { message: 'Previše zahtjeva. Pokušajte ponovo kasnije.' },
      },
    });
    const user = userEvent.setup();
    await renderApp('/delete-account');
    await user.type(await screen.findByLabelText(/^Korisničko ime/), 'jelena.v');
    await user.type(screen.getByLabelText(/^E-mail/), 'jelena@primjer.me{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Zatražiti brisanje naloga?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji link' }));
    const snack = await screen.findByText('Previše zahtjeva. Pokušajte ponovo kasnije.');
    expect(snack.closest('.MuiAlert-root')?.className).toMatch(/colorError|filledError/);
    expect(await screen.findByRole('button', { name: 'Zatraži brisanje' })).toBeEnabled();
  });

  it('deletes with the mailed token only after a click and the question, never on the visit', async () => {
    const net = mockFetch({ 'POST /api/delete-account/confirm': { body: { message: 'Nalog je obrisan.' } } });
    const user = userEvent.setup();
    await renderApp('/delete-account?token=del-9');
    await user.click(await screen.findByRole('button', { name: 'Obriši nalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trajno obrisati nalog?' });
    expect(net.callsTo('POST /api/delete-account/confirm')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Obriši nalog' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nalog je obrisan.');
    expect(net.lastBodyOf('POST /api/delete-account/confirm')).toEqual({ token: 'del-9' });
  });

  it('shows why a used token failed and offers a new link', async () => {
    mockFetch({ 'POST /api/delete-account/confirm': TOKEN_INVALID });
    const user = userEvent.setup();
    await renderApp('/delete-account?token=stari');
    await user.click(await screen.findByRole('button', { name: 'Obriši nalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trajno obrisati nalog?' });
    await user.click(within(dialog).getByRole('button', { name: 'Obriši nalog' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link nije ispravan, već je iskorišćen ili je istekao.',
    );
    expect(screen.getByRole('link', { name: 'Zatraži novi link' })).toHaveAttribute(
      'href',
      '/delete-account',
    );
  });
});
