import type { APIRequestContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  looksFor,
  newPage,
  screenshot,
  signIn,
  type ThemeMode,
  useBrowser,
  type Viewport,
} from '../support/browser.ts';
import { firstIds } from '../support/list-api.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones and other runs'. */
const RUN = Date.now().toString(36).slice(-5);
const PASSWORD = 'moderator-lozinka-2';

const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** A user made by the administrator through the API (multipart, as the form sends it). */
async function createUser(api: APIRequestContext, username: string, roles: string): Promise<number> {
  const answer = await api.post('/api/users/store', {
    multipart: {
      name: 'Druga',
      last_name: username,
      email: `${username}@primjer.me`,
      username,
      phone: '+38267000003',
      user_type_id: '2',
      roles,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** Ads awaiting approval, made by the administrator, in this order (so the last waits least). */
async function waitingAds(
  api: APIRequestContext,
  titles: readonly string[],
  posterId: number,
): Promise<number[]> {
  const [service] = await firstIds(api, '/api/service_choices/index_active', 1);
  const [currency] = await firstIds(api, '/api/currencies/index_active', 1);
  const ids: number[] = [];
  for (const title of titles) {
    const stored = await api.post('/api/jobs/store', {
      data: {
        title,
        is_offer: true,
        services: [service],
        posted_by_user_id: posterId,
        currency_id: currency,
        price_from: 25,
        allCountries: true,
        allWorkingDays: true,
      },
      headers: key(),
    });
    expect(stored.status(), await stored.text()).toBe(201);
    ids.push(((await stored.json()) as { id: number }).id);
  }
  return ids;
}

/** The administrator claims the ad as review mode does; answers the holder's name. */
async function claim(api: APIRequestContext, adId: number): Promise<string> {
  const answer = await api.post(`/api/jobs/claim/${adId}`, { headers: key() });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { claimed_by: string }).claimed_by;
}

/**
 * Two moderators: the administrator (first context) and a second moderator made for the test,
 * signed in through the login form in a browser context of their own.
 */
async function twoModerators(suffix: string, viewport: Viewport, theme: ThemeMode) {
  const admin = await newPage(browser(), baseUrl);
  await signIn(admin.page);
  const username = `moderator-${suffix}`;
  await createUser(admin.page.request, username, '[3]');
  const posterId = await createUser(admin.page.request, `oglasivac-${suffix}`, '[2]');
  const second = await newPage(browser(), baseUrl, viewport, { theme });
  await second.page.goto('/login');
  await second.page.getByLabel(/^Korisničko ime/).fill(username);
  await second.page.getByLabel(/^Lozinka/).fill(PASSWORD);
  await second.page.getByLabel(/^Lozinka/).press('Enter');
  await second.page.waitForURL((url) => url.pathname === '/ads-on-approval');
  return { admin, second, posterId };
}

describe.each(LOOKS)('claims, $theme theme, $size', ({ theme, viewport, size }) => {
  it('the second moderator sees who reviews the ad, and their decision on it is refused naming the holder', async () => {
    const suffix = `${theme}-${size}-${RUN}`;
    const { admin, second, posterId } = await twoModerators(suffix, viewport, theme);
    const title = `Zauzet oglas ${suffix}`;
    const [adId] = await waitingAds(admin.page.request, [title], posterId);
    const holder = await claim(admin.page.request, Number(adId));

    const { page } = second;
    await page.goto(`/ads-on-approval?f.status=1&f.title=${encodeURIComponent(title)}`);
    await page.getByText(`Pregleda: ${holder}`).first().waitFor();
    await screenshot(page, `moderation-claims-list-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Promijeni status: Čeka odobrenje' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Promjena statusa' });
    await dialog.getByRole('radio', { name: 'Odobren' }).check();
    await dialog.getByRole('button', { name: 'Sačuvaj status' }).click();
    const error = page.getByRole('dialog', { name: 'Greška' });
    await error
      .getByText(`Ovaj oglas upravo pregleda ${holder}: sačekajte da završi ili izaberite drugi.`)
      .waitFor();
    await screenshot(page, `moderation-claims-refused-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await error.waitFor({ state: 'detached' });
    const ads = await page.request.post('/api/jobs/index', {
      data: { filters: { title: { operator: 'equals', value: title } } },
    });
    const { result } = (await ads.json()) as {
      result: { status: { id: number }; claimed_by: string | null }[];
    };
    expect(result).toEqual([
      expect.objectContaining({ status: expect.objectContaining({ id: 1 }), claimed_by: holder }),
    ]);
    await second.context.close();
    await admin.context.close();
  });
});

describe('review mode and claims', () => {
  it('skips the ad another moderator reviews (by keyboard), and shows the next one', async () => {
    const suffix = `review-${RUN}`;
    const { admin, second, posterId } = await twoModerators(suffix, { width: 1366, height: 850 }, 'light');
    const claimedTitle = `Pregled zauzet ${suffix}`;
    const freeTitle = `Pregled slobodan ${suffix}`;
    const [claimedId, freeId] = await waitingAds(admin.page.request, [claimedTitle, freeTitle], posterId);
    await claim(admin.page.request, Number(claimedId));

    const { page } = second;
    const claimAnswers = new Map<number, number>();
    page.on('response', (answer) => {
      const match = /\/api\/jobs\/claim\/(\d+)$/.exec(answer.url());
      if (match && answer.request().method() === 'POST') claimAnswers.set(Number(match[1]), answer.status());
    });
    const claimed = () =>
      page.waitForResponse(
        (answer) =>
          /\/api\/jobs\/claim\/\d+$/.test(answer.url()) &&
          answer.request().method() === 'POST' &&
          answer.status() === 200,
      );
    let next = claimed();
    await page.getByRole('button', { name: 'Pregled jedan po jedan' }).focus();
    await page.keyboard.press('Enter');
    const review = page.getByRole('dialog', { name: /Pregled oglasa na odobrenju/ });
    // Oldest first: S skips every ad until this test's free one (the newest two are ours).
    for (let step = 0; step < 1000; step++) {
      const answer = await next;
      const shownId = Number(answer.url().split('/').at(-1));
      expect(shownId).not.toBe(claimedId);
      if (shownId === freeId) break;
      next = claimed();
      await review.getByRole('button', { name: 'Preskoči' }).waitFor();
      await page.keyboard.press('s');
    }
    await review.getByRole('heading', { level: 3, name: freeTitle }).waitFor();
    expect(claimAnswers.get(Number(claimedId))).toBe(409);
    await screenshot(page, 'moderation-claims-review-light-desktop');
    await expectNoSeriousAxeViolations(page);
    // Closing the review releases the shown ad.
    const released = page.waitForResponse(
      (answer) =>
        answer.url().endsWith(`/api/jobs/claim/${freeId}`) && answer.request().method() === 'DELETE',
    );
    await page.keyboard.press('Escape');
    expect((await released).status()).toBe(200);
    await second.context.close();
    await admin.context.close();
  });
});
