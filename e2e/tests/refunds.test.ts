import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { tabTo } from '../support/keyboard.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-5);
const PASSWORD = 'lozinka-123';

/** A staff write through the API with the signed-in admin's session. */
async function staff(
  page: Page,
  method: 'post' | 'put',
  path: string,
  data: object,
): Promise<{ id: number }> {
  const answer = await page.request[method](path, {
    data,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return (await answer.json()) as { id: number };
}

async function createMember(page: Page, username: string, lastName: string): Promise<number> {
  const answer = await page.request.post('/api/users/store', {
    multipart: {
      name: 'Povrat',
      last_name: lastName,
      email: `${username}@primjer.me`,
      username,
      phone: '+38267000000',
      user_type_id: '2',
      roles: '[2]',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** The member's app: a bearer token from POST /api/login, then a JSON write with its own key. */
async function asMember(page: Page, username: string) {
  const login = await page.request.post('/api/login', { data: { username, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return async (path: string, data: object) => {
    const answer = await page.request.post(path, {
      data,
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return answer.json() as Promise<Record<string, unknown>>;
  };
}

/** A waiting refund request of a fresh member, whose last name names it on the desk. */
async function waitingRequest(page: Page, suffix: string): Promise<string> {
  const lastName = `Kupac ${suffix}`;
  const posterName = `oglasivac-${suffix}`;
  const buyerName = `kupac-${suffix}`;
  const posterId = await createMember(page, posterName, `Oglašivač ${suffix}`);
  const buyerId = await createMember(page, buyerName, lastName);
  const prices = await page.request.post('/api/credit_prices/index_active', { data: {} });
  const [price] = ((await prices.json()) as { result: { id: number }[] }).result;
  await staff(page, 'post', '/api/lead_transactions/store', {
    credit_amount: 50,
    credit_price_id: price?.id,
    credit_for_user_id: buyerId,
  });
  const services = await page.request.post('/api/service_choices/index_active', { data: {} });
  const [service] = ((await services.json()) as { result: { id: number }[] }).result;
  const currencies = await page.request.post('/api/currencies/index_active', { data: {} });
  const [currency] = ((await currencies.json()) as { result: { id: number }[] }).result;
  const ad = await page.request.post('/api/jobs/store', {
    multipart: {
      title: `Oglas za povrat ${suffix}`,
      is_offer: 'true',
      services: JSON.stringify([service?.id]),
      posted_by_user_id: String(posterId),
      currency_id: String(currency?.id),
      price_from: '20',
      allCountries: 'true',
      allWorkingDays: 'true',
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(ad.status(), await ad.text()).toBe(201);
  const adId = ((await ad.json()) as { id: number }).id;
  await staff(page, 'put', `/api/jobs/changeStatus/${adId}`, { ad_status_id: 2, status_comment: null });
  const buyer = await asMember(page, buyerName);
  const contact = (await buyer('/api/leads/contact', { ad_id: adId, service_id: service?.id })) as {
    lead: { id: number };
  };
  await buyer('/api/refund_requests/store', {
    lead_id: contact.lead.id,
    reason: 'invalid_contact',
    text: null,
  });
  return `Povrat ${lastName}`;
}

/** Moves the focus with Tab alone until it is on a control with this accessible name. */

describe.each(LOOKS)('the refund desk, $theme theme, $size', ({ theme, viewport, size }) => {
  it('approves a waiting request by keyboard alone: screenshots and axe', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const suffix = `${theme}-${size}-${RUN}`;
    const member = await waitingRequest(page, suffix);

    await page.goto(`/refunds?f.member_name=${encodeURIComponent(member)}`);
    await page.getByText(member, { exact: true }).first().waitFor();
    await page.getByText('Čeka', { exact: true }).first().waitFor();
    await screenshot(page, `refunds-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);

    await tabTo(page, 'Odobri povrat');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Odobriti povrat za „Oglas za povrat/ });
    await dialog.waitFor();
    await screenshot(page, `refunds-approve-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    // The safe button has the focus; the next one approves.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Povrat je odobren: krediti su vraćeni.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Odobren', { exact: true }).first().waitFor();
    await screenshot(page, `refunds-approved-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
