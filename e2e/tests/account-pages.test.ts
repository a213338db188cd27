import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import {
  DESKTOP,
  looksFor,
  newPage,
  screenshot,
  signIn,
  type ThemeMode,
  useBrowser,
} from '../support/browser.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const mailLog = inject('mailLog');
const browser = useBrowser();

/** A suffix that keeps this run's accounts apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-5);
const INVALID_LINK = 'Link nije ispravan, već je iskorišćen ili je istekao.';

type Mail = { to: string[]; subject: string; text: string };

async function mailsSoFar(): Promise<Mail[]> {
  const text = await readFile(mailLog, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Mail);
}

/**
 * The token of the link `path…` in the first mail to `address` after the first `after` mails, as
 * the SMTP peer of global-setup.ts received it (the server's worker delivers within seconds).
 */
async function tokenMailedTo(address: string, path: string, after: number): Promise<string> {
  const pattern = new RegExp(
    `${baseUrl.replace(/[.]/g, '\\.')}${path.replace(/[?]/g, '\\?')}([A-Za-z0-9_%-]+)`,
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mail = (await mailsSoFar())
      .slice(after)
      .find((m) => m.to.includes(address) && pattern.test(m.text));
    const token = mail && pattern.exec(mail.text)?.[1];
    if (token) return decodeURIComponent(token);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${path} mail reached ${address}`);
}

/** A POST from the page, as the app sends it (its cookies, its origin): JSON, or multipart text fields. */
async function post(page: Page, url: string, body: Record<string, unknown>, isMultipart = false) {
  return page.evaluate(
    async ({ url, body, isMultipart }) => {
      const init: RequestInit = { method: 'POST' };
      if (isMultipart) {
        const form = new FormData();
        for (const [name, value] of Object.entries(body)) form.set(name, String(value));
        init.body = form;
      } else {
        init.headers = { 'Content-Type': 'application/json' };
        init.body = JSON.stringify(body);
      }
      const response = await fetch(url, init);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { url, body, isMultipart },
  );
}

/** Each theme and size in turn, on the page as it is (no reload: a spent token stays shown). */
async function checkEveryLook(page: Page, name: string): Promise<void> {
  const themeNow = () => page.evaluate(() => document.documentElement.dataset.theme);
  const switchTo = async (theme: ThemeMode) => {
    if ((await themeNow()) === theme) return;
    await page
      .getByRole('button', { name: theme === 'dark' ? 'Uključi tamnu temu' : 'Uključi svijetlu temu' })
      .click();
    await expect.poll(themeNow).toBe(theme);
    // The pointer leaves the toggle, so its tooltip is not caught half faded in by axe.
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
  };
  for (const { theme, viewport, size } of LOOKS) {
    await page.setViewportSize(viewport);
    await switchTo(theme);
    await screenshot(page, `account-${name}-${theme}-${size}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
  await switchTo('light');
}

describe('reset password', () => {
  it('sets a new password from a real mailed link, and the new password signs in', async () => {
    // A staff account of this test's own: the demo admin's password is every other test's.
    const person = {
      name: 'Vesna',
      last_name: `Resetović ${RUN}`,
      email: `vesna.${RUN}@example.com`,
      username: `vesna.${RUN}`,
    };
    const oldPassword = 'Stara-Lozinka-1';
    const newPassword = 'Nova-Lozinka-2';
    const admin = await newPage(browser(), baseUrl);
    await signIn(admin.page);
    const created = await post(
      admin.page,
      '/api/users/store',
      {
        ...person,
        phone: '+382 67 000 111',
        user_type_id: 2,
        roles: '[3]',
        password: oldPassword,
        confirm_password: oldPassword,
      },
      true,
    );
    expect(created.status).toBe(201);
    await admin.context.close();

    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto('/login');
    const before = (await mailsSoFar()).length;
    const asked = await post(page, '/api/forgot-password', { email: person.email });
    expect(asked.status).toBe(200);
    const token = await tokenMailedTo(person.email, '/reset-password/', before);

    await page.goto(`/reset-password/${token}`);
    await page.getByRole('heading', { level: 1, name: 'Nova lozinka' }).waitFor();
    await page.getByText(`Nalog: ${person.name} ${person.last_name}`).waitFor();
    expect(await page.getByLabel(/^Nova lozinka/).evaluate((el) => el === document.activeElement)).toBe(true);
    await checkEveryLook(page, 'reset-form');

    // Both required, then the confirmation must match.
    await page.getByRole('button', { name: 'Sačuvaj lozinku' }).click();
    await expect.poll(() => page.getByText('Obavezno polje.', { exact: true }).count()).toBe(2);
    await page.getByLabel(/^Nova lozinka/).fill(newPassword);
    await page.getByLabel(/^Potvrda lozinke/).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Sačuvaj lozinku' }).click();
    await page.getByText('Lozinke se ne poklapaju.').waitFor();
    await screenshot(page, 'reset-password-mismatch');

    await page.getByLabel(/^Potvrda lozinke/).fill(newPassword);
    await page.getByLabel(/^Potvrda lozinke/).press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Lozinka je promijenjena. Prijavite se novom lozinkom.' })
      .waitFor();
    await checkEveryLook(page, 'reset-done');

    // The link worked once.
    await page.goto(`/reset-password/${token}`);
    await page.getByRole('alert').filter({ hasText: INVALID_LINK }).waitFor();
    await screenshot(page, 'reset-password-used-link');

    // The old password no longer signs in; the new one does.
    await page.goto('/login');
    await page.getByLabel(/^Korisničko ime/).fill(person.username);
    await page.getByLabel(/^Lozinka/).fill(oldPassword);
    await page.getByLabel(/^Lozinka/).press('Enter');
    await page.getByRole('alert').waitFor();
    await page.getByLabel(/^Lozinka/).fill(newPassword);
    await page.getByLabel(/^Lozinka/).press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByText(`Zdravo, ${person.name}`).waitFor();
    await context.close();
  });
});

describe('verify and delete an account', () => {
  it('verifies a registered member from the mailed link, then deletes the account after asking', async () => {
    const member = {
      name: 'Luka',
      last_name: `Brisanović ${RUN}`,
      email: `luka.${RUN}@example.com`,
      username: `luka.${RUN}`,
      phone: '+382 69 000 222',
      user_type_id: 2,
      password: 'Lukina-Lozinka-1',
    };
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto('/delete-account');
    const beforeRegister = (await mailsSoFar()).length;
    expect((await post(page, '/api/register', member)).status).toBe(201);
    const verifyToken = await tokenMailedTo(member.email, '/verify-account/', beforeRegister);

    await page.goto(`/verify-account/${verifyToken}`);
    await page.getByRole('status').filter({ hasText: 'Nalog je potvrđen. Možete se prijaviti.' }).waitFor();
    await checkEveryLook(page, 'verify-done');
    // Opened again (a reload after success): the account is already verified, not a broken link.
    await page.goto(`/verify-account/${verifyToken}`);
    await page
      .getByRole('status')
      .filter({ hasText: 'Nalog je već potvrđen. Možete se prijaviti.' })
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    // The request: checked fields, a question first, and the same answer for an unknown account.
    await page.goto('/delete-account');
    await page.getByRole('heading', { level: 1, name: 'Brisanje naloga' }).waitFor();
    await page.getByLabel(/^Korisničko ime/).fill(member.username);
    await page.getByLabel(/^E-mail/).fill('nije-adresa');
    await page.getByRole('button', { name: 'Zatraži brisanje' }).click();
    await page.getByText('E-mail mora biti u formatu pr. ime@primjer.com.').waitFor();
    await page.getByLabel(/^E-mail/).fill(member.email);
    const beforeDelete = (await mailsSoFar()).length;
    await page.getByRole('button', { name: 'Zatraži brisanje' }).click();
    const question = page.getByRole('dialog', { name: 'Zatražiti brisanje naloga?' });
    await question.waitFor();
    // The theme toggle is behind the dialog; every look of a dialog is checked at the end of the file.
    await screenshot(page, 'account-delete-question');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Pošalji link' }).click();
    const sent = page
      .getByRole('status')
      .filter({ hasText: 'Ako nalog sa ovim podacima postoji, poslali smo link za potvrdu brisanja.' });
    await sent.waitFor();
    await checkEveryLook(page, 'delete-sent');

    await page.goto('/delete-account');
    await page.getByLabel(/^Korisničko ime/).fill(`niko.${RUN}`);
    await page.getByLabel(/^E-mail/).fill(`niko.${RUN}@example.com`);
    await page.getByRole('button', { name: 'Zatraži brisanje' }).click();
    await question.getByRole('button', { name: 'Pošalji link' }).click();
    await sent.waitFor();

    // The mailed link: nothing happens on the visit; the click and the question delete it.
    const deleteToken = await tokenMailedTo(member.email, '/delete-account?token=', beforeDelete);
    await page.goto(`/delete-account?token=${encodeURIComponent(deleteToken)}`);
    await page.getByRole('button', { name: 'Obriši nalog' }).waitFor();
    await screenshot(page, 'delete-account-confirm');
    await page.getByRole('button', { name: 'Obriši nalog' }).click();
    const confirm = page.getByRole('dialog', { name: 'Trajno obrisati nalog?' });
    await confirm.waitFor();
    expect(
      await confirm.getByRole('button', { name: 'Otkaži' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'delete-account-confirm-question');
    await confirm.getByRole('button', { name: 'Obriši nalog' }).click();
    await page.getByRole('status').filter({ hasText: 'Nalog je obrisan.' }).waitFor();
    await checkEveryLook(page, 'delete-done');

    // The account is gone: its sign-in fails, and the link is spent.
    const signInAgain = await post(page, '/api/loginWeb', {
      is_web: false,
      username: member.username,
      password: member.password,
    });
    expect(signInAgain.status).toBe(401);
    await page.goto(`/delete-account?token=${encodeURIComponent(deleteToken)}`);
    await page.getByRole('button', { name: 'Obriši nalog' }).click();
    await confirm.getByRole('button', { name: 'Obriši nalog' }).click();
    await page.getByRole('alert').filter({ hasText: INVALID_LINK }).waitFor();
    await page.getByRole('link', { name: 'Zatraži novi link' }).waitFor();
    await context.close();
  });
});

describe.each(LOOKS)('account pages, $theme theme, $size', ({ theme, viewport, size }) => {
  it('look right and axe finds nothing serious on them', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    const check = async (name: string) => {
      await screenshot(page, `account-${name}-${theme}-${size}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
    };
    await page.goto('/verify-account/nepostojeci');
    await page.getByRole('alert').filter({ hasText: INVALID_LINK }).waitFor();
    await check('verify-failed');

    await page.goto('/reset-password/nepostojeci');
    await page.getByRole('alert').filter({ hasText: INVALID_LINK }).waitFor();
    await check('reset-failed');

    await page.goto('/delete-account');
    await page.getByRole('button', { name: 'Zatraži brisanje' }).click();
    await page.getByText('Obavezno polje.').first().waitFor();
    await check('delete-form');

    await page.goto('/delete-account?token=nepostojeci');
    await page.getByRole('button', { name: 'Obriši nalog' }).click();
    await page.getByRole('dialog', { name: 'Trajno obrisati nalog?' }).waitFor();
    await check('delete-confirm');
    await context.close();
  });
});
