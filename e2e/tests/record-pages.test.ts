import type { APIRequestContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { firstIds } from '../support/list-api.ts';
import { drawnPng } from '../support/png.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

/** Issue 18 item 1: `/users/{id}` and `/ads/{id}`, each record at an address of its own. */

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones and other runs'. */
const RUN = Date.now().toString(36).slice(-5);
const PASSWORD = 'stranica-lozinka-7';

async function createUser(api: APIRequestContext, username: string, roles: string): Promise<number> {
  const answer = await api.post('/api/users/store', {
    multipart: {
      name: 'Zapis',
      last_name: username,
      email: `${username}@primjer.me`,
      username,
      phone: '+38267000018',
      user_type_id: '2',
      roles,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** An ad of `posterId` with two photos (two different pictures), waiting for approval. */
async function createAd(api: APIRequestContext, posterId: number, title: string): Promise<number> {
  const [service] = await firstIds(api, '/api/service_choices/index_active', 1);
  const [currency] = await firstIds(api, '/api/currencies/index_active', 1);
  const photo = (shade: number) =>
    drawnPng(320, 240, (x, y) => [Math.round(255 * x), Math.round(200 * y), shade]);
  const answer = await api.post('/api/jobs/store', {
    multipart: {
      title,
      description: 'Oglas za stranicu zapisa.',
      is_offer: 'true',
      services: JSON.stringify([service]),
      posted_by_user_id: String(posterId),
      currency_id: String(currency),
      price_from: '30',
      allCountries: 'true',
      allWorkingDays: 'true',
      'photos[0]': { name: 'prva.png', mimeType: 'image/png', buffer: photo(40) },
      'photos[1]': { name: 'druga.png', mimeType: 'image/png', buffer: photo(220) },
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

describe.each(LOOKS)('record pages, $theme theme, $size', ({ theme, viewport, size }) => {
  it('opens a user page from the users list; the copied address shows the same; Back returns to the filtered list', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const username = `zapis-${theme}-${size}-${RUN}`;
    const userId = await createUser(page.request, username, '[2]');
    const title = `Stranica zapisa ${theme} ${size} ${RUN}`;
    await createAd(page.request, userId, title);
    const fullName = `Zapis ${username}`;

    const listAddress = `/users?f.username=${encodeURIComponent(username)}`;
    await page.goto(listAddress);
    const link = page.getByRole('link', { name: fullName, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/users/${userId}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/users/${userId}`);
    const heading = page.getByRole('heading', { level: 1, name: new RegExp(fullName) });
    await heading.waitFor();
    const ads = page.getByRole('region', { name: 'Oglasi korisnika' }).first();
    await ads.getByRole('link', { name: title }).waitFor();
    await page.getByText('Stanje kredita: 0').waitFor();
    await screenshot(page, `record-user-${theme}-${size}`);
    await screenshot(page, `record-user-full-${theme}-${size}`, true);
    await expectNoSeriousAxeViolations(page);

    // The address alone, in a new tab of the same session, is the same view.
    const copy = await context.newPage();
    await copy.goto(page.url());
    await copy.getByRole('heading', { level: 1, name: new RegExp(fullName) }).waitFor();
    await copy
      .getByRole('region', { name: 'Oglasi korisnika' })
      .first()
      .getByRole('link', { name: title })
      .waitFor();
    await copy.close();

    // Back: the list as it was, its filter included.
    await page.goBack();
    await page.waitForURL(
      (url) => url.pathname === '/users' && url.searchParams.get('f.username') === username,
    );
    await page.getByRole('link', { name: fullName, exact: true }).waitFor();
    await context.close();
  });

  it("shows an ad's page with its photos in the lightbox and the poster's page linked", async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const username = `oglas-${theme}-${size}-${RUN}`;
    const userId = await createUser(page.request, username, '[2]');
    const title = `Oglas na svojoj adresi ${theme} ${size} ${RUN}`;
    const adId = await createAd(page.request, userId, title);

    await page.goto(`/ads/${adId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(title) }).waitFor();
    await page.getByText('Oglas za stranicu zapisa.').waitFor();
    await page.getByRole('region', { name: 'Istorija kontakata' }).first().waitFor();
    const poster = page.getByRole('link', { name: `Zapis ${username}`, exact: true });
    expect(await poster.getAttribute('href')).toBe(`/users/${userId}`);
    await screenshot(page, `record-ad-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Otvori fotografiju 1 od 2 u punoj veličini' }).click();
    const lightbox = page.locator('.yarl__root');
    await lightbox.waitFor();
    const current = () => lightbox.locator('.yarl__slide_current img').getAttribute('alt');
    await expect.poll(current).toBe(`Fotografija 1 od 2: ${title}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(current).toBe(`Fotografija 2 od 2: ${title}`);
    await screenshot(page, `record-ad-lightbox-${theme}-${size}`);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    // The page stays where it was: Escape closed the lightbox only.
    expect(new URL(page.url()).pathname).toBe(`/ads/${adId}`);

    // The poster's link leads to their page.
    await poster.click();
    await page.waitForURL((url) => url.pathname === `/users/${userId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`Zapis ${username}`) }).waitFor();
    await context.close();
  });
});

describe('record pages and roles', () => {
  it("a moderator opens an ad's page, sees the poster as text, and is refused the user's page", async () => {
    const admin = await newPage(browser(), baseUrl);
    await signIn(admin.page);
    const moderatorName = `zapis-moderator-${RUN}`;
    await createUser(admin.page.request, moderatorName, '[3]');
    const posterName = `zapis-poster-${RUN}`;
    const posterId = await createUser(admin.page.request, posterName, '[2]');
    const title = `Oglas za moderatora ${RUN}`;
    const adId = await createAd(admin.page.request, posterId, title);
    await admin.context.close();

    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto('/login');
    await page.getByLabel(/^Korisničko ime/).fill(moderatorName);
    await page.getByLabel(/^Lozinka/).fill(PASSWORD);
    await page.getByLabel(/^Lozinka/).press('Enter');
    await page.waitForURL((url) => url.pathname === '/ads-on-approval');

    await page.goto(`/ads/${adId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(title) }).waitFor();
    await page.getByText(`Zapis ${posterName}`, { exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: `Zapis ${posterName}`, exact: true }).count()).toBe(0);

    await page.goto(`/users/${posterId}`);
    await page.getByText('Vaša uloga nema pravo da otvori ovaj ekran.').waitFor();
    expect(await page.getByText(`${posterName}@primjer.me`).count()).toBe(0);
    await context.close();
  });

  it('says a missing record is not found, for an unknown id and for an address that is no id', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    for (const address of ['/ads/2147483000', '/users/abc']) {
      await page.goto(address);
      await page.getByText('Zapis nije pronađen').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    await context.close();
  });
});
