import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { tabTo } from '../support/keyboard.ts';
import { firstIds } from '../support/list-api.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones and other runs'. */
const RUN = Date.now().toString(36).slice(-5);
const PASSWORD = 'lozinka-123';

const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** An approved ad of a member's of its own (and another member, to report it), through the API. */
async function approvedAd(page: Page, suffix: string): Promise<{ id: number; title: string }> {
  const member = async (role: string) => {
    const username = `prijava-${role}-${suffix}`;
    const created = await page.request.post('/api/users/store', {
      multipart: {
        name: 'Prijava',
        last_name: `${role} ${suffix}`,
        email: `${username}@primjer.me`,
        username,
        phone: '+38267000002',
        user_type_id: '2',
        roles: '[2]',
        password: PASSWORD,
        confirm_password: PASSWORD,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  };
  const posterId = await member('oglasivac');
  await member('clan');
  const [service] = await firstIds(page, '/api/service_choices/index_active', 1);
  const [currency] = await firstIds(page, '/api/currencies/index_active', 1);
  const title = `Sumnjivo jeftino košenje ${suffix}`;
  const stored = await page.request.post('/api/jobs/store', {
    data: {
      title,
      is_offer: true,
      services: [service],
      posted_by_user_id: posterId,
      currency_id: currency,
      price_from: 5,
      allCountries: true,
      allWorkingDays: true,
    },
    headers: key(),
  });
  expect(stored.status(), await stored.text()).toBe(201);
  const id = ((await stored.json()) as { id: number }).id;
  const approved = await page.request.put(`/api/jobs/changeStatus/${id}`, {
    data: { ad_status_id: 2, status_comment: null },
    headers: key(),
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { id, title };
}

/**
 * An approved ad of a member's of its own, reported through the API as the apps do: by another
 * member (bearer token, 'spam') and by staff (the session, 'other' with a text). Answers its title.
 */
async function reportedAd(page: Page, suffix: string): Promise<string> {
  const { id, title } = await approvedAd(page, suffix);
  const login = await page.request.post('/api/login', {
    data: { username: `prijava-clan-${suffix}`, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const byMember = await page.request.post('/api/ad_reports/store', {
    data: { ad_id: id, reason: 'spam', text: null },
    headers: { ...key(), Authorization: `Bearer ${token}` },
  });
  expect(byMember.status(), await byMember.text()).toBe(201);
  const byStaff = await page.request.post('/api/ad_reports/store', {
    data: { ad_id: id, reason: 'other', text: 'Cijena nije stvarna.' },
    headers: key(),
  });
  expect(byStaff.status(), await byStaff.text()).toBe(201);
  return title;
}

/** Tab until the focus is on a button with this name. */

async function openQueueRow(page: Page, title: string) {
  await page.goto(`/ad-reports?f.title=${encodeURIComponent(title)}`);
  await page.getByRole('heading', { level: 1, name: 'Prijave' }).waitFor();
  await page.getByText(title, { exact: true }).first().waitFor();
}

describe.each(LOOKS)('the reports queue, $theme theme, $size', ({ theme, viewport, size }) => {
  it('shows a reported ad with its count and reasons; resolved by keyboard with dismiss', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const title = await reportedAd(page, `${theme}-${size}-${RUN}`);
    await openQueueRow(page, title);
    await page.getByText('Drugo (1), Spam (1)').first().waitFor();
    await screenshot(page, `ad-reports-queue-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);

    await tabTo(page, 'Riješi');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rješavanje prijava' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: /Odbaci prijave/ }).isChecked()).toBe(true);
    await screenshot(page, `ad-reports-resolve-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await tabTo(page, 'Riješi prijave');
    const resolved = page.waitForResponse((answer) => answer.url().includes('/api/ad_reports/resolve/'));
    await page.keyboard.press('Enter');
    expect((await resolved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(title, { exact: true }).first().waitFor({ state: 'detached' });
    await context.close();
  });
});

describe.each(LOOKS)('reporting from the details, $theme theme, $size', ({ theme, viewport, size }) => {
  it('staff report an ad from its details by keyboard; it shows in the Prijave queue with the reason', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const { title } = await approvedAd(page, `iz-detalja-${theme}-${size}-${RUN}`);
    await page.goto(`/ads?f.title=${encodeURIComponent(title)}`);
    await page.getByText(title, { exact: true }).first().waitFor();
    await tabTo(page, 'Detalji oglasa');
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: new RegExp(title) });
    await details.waitFor();
    await tabTo(page, 'Prijavi');
    await page.keyboard.press('Enter');
    const report = page.getByRole('dialog', { name: 'Prijava oglasa' });
    await report.waitFor();
    // The first reason has the focus; the arrows choose another, Tab leads on to the text.
    await expect
      .poll(() => report.getByRole('radio', { name: 'Spam' }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    expect(await report.getByRole('radio', { name: 'Obmanjujuća cijena' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Cijena od 5 € nije stvarna.');
    expect(await report.getByRole('textbox', { name: 'Opis' }).inputValue()).toBe(
      'Cijena od 5 € nije stvarna.',
    );
    await screenshot(page, `ad-reports-report-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await tabTo(page, 'Pošalji prijavu');
    const sent = page.waitForResponse((answer) => answer.url().endsWith('/api/ad_reports/store'));
    await page.keyboard.press('Enter');
    const answer = await sent;
    expect(answer.status(), await answer.text()).toBe(201);
    await report.waitFor({ state: 'detached' });
    await page.getByText(`Oglas „${title}“ je prijavljen.`).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // The Prijave queue has it, with the reason given.
    await openQueueRow(page, title);
    await page.getByText('Obmanjujuća cijena (1)').first().waitFor();
    await context.close();
  });
});

describe('resolving reports with a status change', () => {
  it("rejects the reported ad by keyboard: the status order's choice, a reason, the queue emptied", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const title = await reportedAd(page, `status-${RUN}`);
    await openQueueRow(page, title);
    await tabTo(page, 'Riješi');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rješavanje prijava' });
    await dialog.waitFor();
    // The decision's radios: the arrow moves to "change the status".
    await page.keyboard.press('ArrowDown');
    const statuses = dialog.getByRole('radiogroup', { name: 'Novi status' });
    await statuses.waitFor();
    // Into the statuses (an approved ad's order: Odbijen first) and pick the first.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('radio', { name: 'Odbijen' }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Obrazloženje' }).fill('Cijena je lažna, oglas je spam.');
    await screenshot(page, 'ad-reports-resolve-status-light-desktop');
    await expectNoSeriousAxeViolations(page);
    await tabTo(page, 'Riješi prijave');
    const resolved = page.waitForResponse((answer) => answer.url().includes('/api/ad_reports/resolve/'));
    await page.keyboard.press('Enter');
    const answer = await resolved;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(await answer.json()).toMatchObject({ decision: 'status', resolved_reports: 2 });
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(title, { exact: true }).first().waitFor({ state: 'detached' });

    const ads = await page.request.post('/api/jobs/index', {
      data: { filters: { title: { operator: 'equals', value: title } } },
    });
    const { result } = (await ads.json()) as { result: { status: { id: number } }[] };
    expect(result.map((row) => row.status.id)).toEqual([3]);
    await context.close();
  });
});
