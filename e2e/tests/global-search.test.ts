import type { APIRequestContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { firstIds } from '../support/list-api.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

/**
 * Issue 18 item 2: the shell's search. By keyboard alone: Ctrl+K or / opens it, a text typed
 * without diacritics finds the ad and the user that have them, arrows and Enter open the record's
 * page, Escape closes it; at 1366 and 390 px in both themes, axe clean.
 */

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Letters only (the search folds diacritics, digits stay): keeps this run's rows apart. */
const RUN = Date.now()
  .toString(36)
  .slice(-5)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');
const PASSWORD = 'pretraga-lozinka-7';

async function createUser(api: APIRequestContext, lastName: string): Promise<number> {
  const username = `pretraga-${lastName
    .normalize('NFD')
    .replace(/[^a-z-]/gi, '')
    .toLowerCase()}`;
  const answer = await api.post('/api/users/store', {
    multipart: {
      name: 'Đurđica',
      last_name: lastName,
      email: `${username}@primjer.me`,
      username,
      phone: '+38267000019',
      user_type_id: '2',
      roles: '[2]',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

async function createAd(api: APIRequestContext, posterId: number, title: string): Promise<number> {
  const [service] = await firstIds(api, '/api/service_choices/index_active', 1);
  const [currency] = await firstIds(api, '/api/currencies/index_active', 1);
  const answer = await api.post('/api/jobs/store', {
    multipart: {
      title,
      is_offer: 'true',
      services: JSON.stringify([service]),
      posted_by_user_id: String(posterId),
      currency_id: String(currency),
      price_from: '30',
      allCountries: 'true',
      allWorkingDays: 'true',
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

describe.each(LOOKS)('global search, $theme theme, $size', ({ theme, viewport, size }) => {
  it('finds an ad and a user typed without diacritics and opens each by keyboard', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const tag = `${RUN}${theme === 'dark' ? 'x' : 'y'}${size === 'phone' ? 'p' : 'd'}`;
    const userId = await createUser(page.request, `Šćepanović-${tag}`);
    const adId = await createAd(page.request, userId, `Košenje livade ${tag}`);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Ctrl+K from anywhere: the box has the focus.
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Pretraga' });
    await dialog.waitFor();
    const box = dialog.getByRole('combobox', { name: 'Korisnik ili oglas' });
    await expect
      .poll(() => box.evaluate((element) => element === document.activeElement), { timeout: 10_000 })
      .toBe(true);
    await page.keyboard.type(`kosenje livade ${tag}`);
    const adOption = dialog.getByRole('option', { name: new RegExp(`Košenje livade ${tag}`) });
    await adOption.waitFor();
    await expect.poll(() => dialog.getByRole('option').count()).toBe(1);
    expect(await adOption.getAttribute('aria-selected')).toBe('true');
    await screenshot(page, `global-search-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/ads/${adId}`);
    await dialog.waitFor({ state: 'detached' });

    // `/` opens it too (the focus is on no field); the user is found by the last name folded.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('/');
    await dialog.waitFor();
    await page.keyboard.type(`scepanovic-${tag}`);
    const userOption = dialog.getByRole('option', { name: new RegExp(`Đurđica Šćepanović-${tag}`) });
    await userOption.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/users/${userId}`);

    // Escape closes it and leaves the page as it was.
    await page.keyboard.press('Control+k');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/users/${userId}`);
    await context.close();
  });
});
