import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { tabTo } from '../support/keyboard.ts';
import { firstIds } from '../support/list-api.ts';
import { drawnPng } from '../support/png.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones and other runs'. */
const RUN = Date.now().toString(36).slice(-5);
const PASSWORD = 'lozinka-123';
const HINTS_TITLE = 'Mogući duplikati i spam';

/** Letters of its own for each test: other runs' lookalikes must not crowd this one's out. */
const randomWord = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(14)), (byte) => 'abcdefghijklmnoprstuvz'[byte % 22]).join(
    '',
  );

/**
 * A picture with a gradient, a disc and a bar, placed by `seed` (0–1): a photograph's structure at
 * any size, a different picture for each seed.
 */
const scene = (seed: number, width: number, height: number) =>
  drawnPng(width, height, (x, y) => {
    if ((x - 0.2 - 0.6 * seed) ** 2 + (y - 0.3 - 0.3 * seed) ** 2 < 0.04) return [240, 220, 150];
    if (x > 0.6 - 0.5 * seed && x < 0.95 - 0.5 * seed && y > 0.65 && y < 0.85) return [40, 60, 140];
    return [Math.round(200 * (seed > 0.5 ? x : 1 - x)), Math.round(120 * (1 - y)), Math.round(255 * seed)];
  });

/** A member of this test's own, with a phone. */
async function member(page: Page, username: string, phone: string): Promise<number> {
  const created = await page.request.post('/api/users/store', {
    multipart: {
      name: 'Nagovještaj',
      last_name: username,
      email: `${username}@primjer.me`,
      username,
      phone,
      user_type_id: '2',
      roles: '[2]',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/**
 * Two ads of the test's own, by staff for two members who share a phone: the second has a title
 * like the first's and the first's photo again, smaller. Both wait for approval.
 */
async function lookalikeAds(page: Page, suffix: string) {
  const phone = `+38268${String(Date.now()).slice(-6)}`;
  const poster = await member(page, `hint-a-${suffix}`, phone);
  const twin = await member(page, `hint-b-${suffix}`, phone);
  const [service] = await firstIds(page, '/api/service_choices/index_active', 1);
  const [currency] = await firstIds(page, '/api/currencies/index_active', 1);
  const store = async (posterId: number, title: string, photo: Buffer) => {
    const answer = await page.request.post('/api/jobs/store', {
      multipart: {
        title,
        is_offer: 'true',
        services: JSON.stringify([service]),
        posted_by_user_id: String(posterId),
        currency_id: String(currency),
        price_from: '30',
        allCountries: 'true',
        allWorkingDays: 'true',
        'photos[0]': { name: 'sat.png', mimeType: 'image/png', buffer: photo },
      },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { id: number }).id;
  };
  const word = randomWord();
  const seed = Math.random();
  const other = { title: `Sat ${word} ${suffix}` };
  const otherId = await store(twin, other.title, scene(seed, 320, 240));
  const title = `Satovi ${word} ${suffix}`;
  const id = await store(poster, title, scene(seed, 800, 600));
  return { id, title, other: { id: otherId, title: other.title }, twinName: `Nagovještaj hint-b-${suffix}` };
}

/** Moves the focus with Tab alone until it is on a control whose name starts so. */

describe.each(LOOKS)('duplicate and spam hints, $theme theme, $size', ({ theme, viewport, size }) => {
  it("shows an ad's lookalike in its details, and the link opens it: screenshots and axe", async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const ad = await lookalikeAds(page, `${theme}-${size}-${RUN}`);

    await page.goto(`/ads?f.title=${encodeURIComponent(ad.title)}`);
    await page.getByText(ad.title, { exact: true }).first().waitFor();
    await tabTo(page, 'Detalji oglasa', { isPrefix: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(ad.title) });
    const hints = dialog.getByRole('region', { name: HINTS_TITLE });
    await hints.waitFor();
    const similar = hints.getByRole('region', { name: 'Oglasi sa sličnim naslovom ili opisom' });
    const samePhoto = hints.getByRole('region', { name: 'Oglasi s istom fotografijom' });
    const contacts = hints.getByRole('region', { name: 'Nalozi s istim telefonom ili e-mailom' });
    await similar.getByRole('link', { name: new RegExp(ad.other.title) }).waitFor();
    await samePhoto.getByRole('link', { name: new RegExp(ad.other.title) }).waitFor();
    await contacts.getByRole('link', { name: new RegExp(ad.twinName) }).waitFor();
    // The score beside this test's own lookalike: the other looks' ads reuse the same photo too.
    await samePhoto
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: new RegExp(ad.other.title) }) })
      .getByText(/^Poklapanje 6[1-4]\/64$/)
      .waitFor();
    await hints.scrollIntoViewIfNeeded();
    await screenshot(page, `ad-hints-details-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);

    // By keyboard: the link opens the other ad's page in a new tab.
    await similar.getByRole('link', { name: new RegExp(ad.other.title) }).focus();
    const opened = context.waitForEvent('page');
    await page.keyboard.press('Enter');
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === `/ads/${ad.other.id}`);
    await tab.getByRole('heading', { level: 1, name: new RegExp(ad.other.title) }).waitFor();
    await context.close();
  });

  it('shows the hints in review mode when the ad comes up', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const ad = await lookalikeAds(page, `review-${theme}-${size}-${RUN}`);

    await page.getByRole('heading', { level: 1, name: 'Oglasi na odobrenju' }).waitFor();
    // Each ad review mode shows asks for its hints; skipped by the S key until this test's ad (the
    // newest waiting ad, so the last of the queue).
    const shown = () => page.waitForResponse((answer) => answer.url().includes('/api/jobs/hints/'));
    let next = shown();
    await tabTo(page, 'Pregled jedan po jedan', { isPrefix: true });
    await page.keyboard.press('Enter');
    const review = page.getByRole('dialog', { name: /Pregled oglasa na odobrenju/ });
    for (let step = 0; step < 1000; step++) {
      const answer = await next;
      if (answer.url().endsWith(`/api/jobs/hints/${ad.id}`)) break;
      next = shown();
      await review.getByRole('button', { name: 'Preskoči' }).waitFor();
      await page.keyboard.press('s');
    }
    await review.getByRole('heading', { level: 3, name: ad.title }).waitFor();
    const hints = review.getByRole('region', { name: HINTS_TITLE });
    await hints
      .getByRole('region', { name: 'Oglasi s istom fotografijom' })
      .getByRole('link', { name: new RegExp(ad.other.title) })
      .waitFor();
    expect(
      await hints
        .getByRole('link', { name: new RegExp(ad.other.title) })
        .first()
        .getAttribute('href'),
    ).toBe(`/ads/${ad.other.id}`);
    await hints.scrollIntoViewIfNeeded();
    await screenshot(page, `ad-hints-review-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });
    await context.close();
  });
});
