import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { tabTo } from '../support/keyboard.ts';
import { firstIds } from '../support/list-api.ts';
import { solidPng } from '../support/png.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones and other runs'. */
const RUN = Date.now().toString(36).slice(-5);
const PASSWORD = 'lozinka-123';
const DIFF_TITLE = 'Izmjene od posljednjeg odobrenja';

const photo = (name: string, colour: readonly [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: solidPng(64, 48, colour),
});

/**
 * An ad of the test's own, through the API as the apps send it: a member posts it with a photo,
 * staff approve it, the member edits it (the title, a service, the photo replaced). It waits for
 * approval again, marked edited, with a diff. Answers its title before and after the edit.
 */
async function editedApprovedAd(
  page: Page,
  suffix: string,
): Promise<{ id: number; title: string; titleBefore: string }> {
  const username = `revizija-${suffix}`;
  const created = await page.request.post('/api/users/store', {
    multipart: {
      name: 'Revizija',
      last_name: suffix,
      email: `${username}@primjer.me`,
      username,
      phone: '+38267000001',
      user_type_id: '2',
      roles: '[2]',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const login = await page.request.post('/api/login', { data: { username, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const asMember = (path: string, multipart: Record<string, string | ReturnType<typeof photo>>) =>
    page.request.post(path, {
      multipart,
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    });

  const titleBefore = `Krečenje stana ${suffix}`;
  const [first, second] = await firstIds(page, '/api/service_choices/index_active', 2);
  const [currency] = await firstIds(page, '/api/currencies/index_active', 1);
  const fields = {
    is_offer: 'true',
    currency_id: String(currency),
    price_from: '20',
    allCountries: 'true',
    allWorkingDays: 'true',
  };
  const posted = await asMember('/api/me/ads/store', {
    ...fields,
    title: titleBefore,
    description: 'Krečim stanove i kuće brzo i čisto.',
    services: JSON.stringify([first]),
    'photos[0]': photo('prva.png', [200, 60, 40]),
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const id = ((await posted.json()) as { id: number }).id;

  const approved = await page.request.put(`/api/jobs/changeStatus/${id}`, {
    data: { ad_status_id: 2, status_comment: null },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const { updated_at } = (await approved.json()) as { updated_at: string };

  const title = `Krečenje i gletovanje stana ${suffix}`;
  const edited = await asMember(`/api/me/ads/update/${id}`, {
    ...fields,
    title,
    description: 'Krečim i gletujem stanove i kuće brzo i čisto.',
    services: JSON.stringify([second]),
    kept_photos: '[]',
    updated_at,
    'photos[0]': photo('druga.png', [40, 120, 200]),
  });
  expect(edited.status(), await edited.text()).toBe(200);
  expect(await edited.json()).toMatchObject({ status: { id: 1 } });
  return { id, title, titleBefore };
}

/** Every thumbnail is shown: the removed photo's file is kept while the approved revision shows it. */
async function expectImagesLoaded(region: Locator): Promise<void> {
  await expect
    .poll(() =>
      region
        .getByRole('img')
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
}

/** Moves the focus with Tab alone until it is on a control with this accessible name. */

describe.each(LOOKS)('the re-review diff, $theme theme, $size', ({ theme, viewport, size }) => {
  it("shows an edited ad's changes in its details, opened by keyboard: screenshots and axe", async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const suffix = `${theme}-${size}-${RUN}`;
    const ad = await editedApprovedAd(page, suffix);

    await page.goto(`/ads?f.title=${encodeURIComponent(ad.title)}`);
    await page.getByText(ad.title, { exact: true }).first().waitFor();
    await tabTo(page, 'Detalji oglasa');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(ad.title) });
    const diff = dialog.getByRole('region', { name: DIFF_TITLE });
    await diff.waitFor();
    // The title's new words inserted, the service swapped, the photo replaced.
    await expect.poll(() => diff.locator('ins').first().textContent()).toContain('[dodato: i gletovanje');
    expect(await diff.getByRole('img', { name: 'Uklonjena fotografija 1' }).count()).toBe(1);
    expect(await diff.getByRole('img', { name: 'Dodata fotografija 1' }).count()).toBe(1);
    await diff.getByText('Usluge', { exact: true }).waitFor();
    await expectImagesLoaded(diff);
    await screenshot(page, `ad-revisions-details-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);

    // The ad's change history (the audit trail), opened by keyboard: the poster's edit just made.
    await tabTo(page, 'Prikaži istoriju izmjena');
    await page.keyboard.press('Enter');
    const entries = dialog.getByRole('list', { name: 'Istorija izmjena' });
    const titleText = `Naslov: ${ad.titleBefore} → ${ad.title}`;
    const titleChange = entries.getByText(titleText, { exact: true });
    await titleChange.waitFor();
    // The entry of the edit names it and its author (the status entry it caused sits beside it).
    expect(await entries.locator(':scope > li', { hasText: titleText }).textContent()).toMatch(
      new RegExp(`Izmjena · Revizija ${suffix} \\(#\\d+\\)`),
    );
    // The services swapped read as names, as every named value of the trail does, not as JSON.
    const editEntry = entries.locator(':scope > li', { hasText: titleText });
    expect(await editEntry.textContent()).toMatch(/Usluge: [^{}→]+ → [^{}→]+/);
    await titleChange.scrollIntoViewIfNeeded();
    await screenshot(page, `ad-revisions-history-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the changes in review mode when the edited ad comes up', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const ad = await editedApprovedAd(page, `review-${theme}-${size}-${RUN}`);

    // The queue narrowed to this ad by its title: review mode goes through what the list shows.
    await page.goto(`/ads-on-approval?f.status=1&f.title=${encodeURIComponent(ad.title)}`);
    await page.getByText(ad.title, { exact: true }).first().waitFor();
    // Its row is marked edited (the time on hover), the only row the filter leaves.
    const mark = page.getByText('Izmijenjen', { exact: true });
    await mark.waitFor();
    expect(await mark.count()).toBe(1);
    expect(await page.locator('.MuiChip-root', { has: mark }).getAttribute('title')).toMatch(
      /^Oglašivač je izmijenio oglas \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, nakon odluke moderatora\.$/,
    );
    await screenshot(page, `ad-revisions-queue-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await tabTo(page, 'Pregled jedan po jedan');
    await page.keyboard.press('Enter');
    const review = page.getByRole('dialog', { name: /Pregled oglasa na odobrenju/ });
    await review.getByRole('heading', { level: 3, name: ad.title }).waitFor();
    // Beside the heading: marked edited, with the time.
    await review.getByText(/^Izmijenjen \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).waitFor();
    const diff = review.getByRole('region', { name: DIFF_TITLE });
    await diff.waitFor();
    await diff.getByRole('img', { name: 'Dodata fotografija 1' }).waitFor();
    await expectImagesLoaded(diff);
    await screenshot(page, `ad-revisions-review-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });
    await context.close();
  });
});
