import { type Page, request as playwrightRequest } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's users apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-5);
const PASSWORD = 'moderator-lozinka-1';

/** A moderator made through the API (multipart, as the form sends it). */
async function createModerator(page: Page, username: string): Promise<void> {
  const answer = await page.request.post('/api/users/store', {
    multipart: {
      name: 'Zaključani',
      last_name: username,
      email: `${username}@primjer.me`,
      username,
      phone: '+38267000001',
      user_type_id: '2',
      roles: '[3]',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

/** Wrong passwords from this machine's address until the server locks the username for it. */
async function guessUntilLocked(username: string): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  try {
    for (let i = 0; i < 10; i++) {
      const answer = await api.post('/api/loginWeb', {
        data: { username, password: 'pogresna', is_web: true },
      });
      if (answer.status() === 429) return;
      expect(answer.status()).toBe(401);
    }
    throw new Error(`${username} was never locked`);
  } finally {
    await api.dispose();
  }
}

async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel(/^Korisničko ime/).fill(username);
  await page.getByLabel(/^Lozinka/).fill(password);
  await page.getByLabel(/^Lozinka/).press('Enter');
}

describe.each(LOOKS)('sign-in lock, $theme theme, $size', ({ theme, viewport, size }) => {
  it('the login form says how long to wait; an administrator lifts the lock by keyboard', async () => {
    const suffix = `${theme}-${size}`;
    const username = `zakljucan-${suffix}-${RUN}`;
    const admin = await newPage(browser(), baseUrl, viewport, { theme });
    const locked = await newPage(browser(), baseUrl, viewport, { theme });
    try {
      await signIn(admin.page);
      await createModerator(admin.page, username);
      await guessUntilLocked(username);

      // The locked user, even with the right password: the red alert says how long.
      await locked.page.goto('/login');
      await submitLogin(locked.page, username, PASSWORD);
      const alert = locked.page.getByRole('alert');
      await expect
        .poll(() => alert.textContent())
        .toBe(
          'Previše pokušaja prijave. Pokušajte ponovo za 15 min. Administrator može i odmah otključati vašu prijavu.',
        );
      await screenshot(locked.page, `sign-in-lock-login-${suffix}`);
      await expectNoSeriousAxeViolations(locked.page);

      // The administrator, keyboard only: the row's action, the confirmation, Tab to the action.
      await admin.page.goto(`/users?f.username=${username}`);
      await admin.page.getByText(`${username}@primjer.me`, { exact: true }).first().waitFor();
      const action = admin.page.getByRole('main').getByRole('button', { name: 'Otključaj prijavu' });
      await expect.poll(() => action.count()).toBe(1);
      await action.focus();
      await admin.page.keyboard.press('Enter');
      const dialog = admin.page.getByRole('dialog', {
        name: `Otključati prijavu korisnika „Zaključani ${username}“?`,
      });
      await dialog.waitFor();
      await expect
        .poll(() =>
          dialog.getByRole('button', { name: 'Otkaži' }).evaluate((b) => b === document.activeElement),
        )
        .toBe(true);
      await screenshot(admin.page, `sign-in-lock-confirm-${suffix}`);
      await expectNoSeriousAxeViolations(admin.page);
      await admin.page.keyboard.press('Tab');
      await admin.page.keyboard.press('Enter');
      await admin.page
        .getByRole('alert')
        .filter({ hasText: `Prijava korisnika „Zaključani ${username}“ je otključana` })
        .waitFor();
      await dialog.waitFor({ state: 'detached' });
      await screenshot(admin.page, `sign-in-lock-unlocked-${suffix}`);

      // Unlocked: the same address signs in at once.
      await submitLogin(locked.page, username, PASSWORD);
      await locked.page.waitForURL((url) => url.pathname === '/ads-on-approval');
    } finally {
      await admin.context.close();
      await locked.context.close();
    }
  });
});
