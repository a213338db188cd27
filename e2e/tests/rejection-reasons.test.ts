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

/** A template of the test's own, through the API. */
async function storeTemplate(page: Page, title: string): Promise<number> {
  const stored = await page.request.post('/api/rejection_reasons/store', {
    data: {
      title_me: title,
      title_en: `${title} (en)`,
      text_me: `Objašnjenje: ${title}.`,
      text_en: `Explanation: ${title}.`,
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(stored.status(), await stored.text()).toBe(201);
  return ((await stored.json()) as { id: number }).id;
}

/** An ad of the test's own, awaiting approval: a member of its own posts it, through staff's API. */
async function waitingAd(page: Page, suffix: string): Promise<{ id: number; title: string }> {
  const username = `razlog-${suffix}`;
  const created = await page.request.post('/api/users/store', {
    multipart: {
      name: 'Razlog',
      last_name: suffix,
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
  const posterId = ((await created.json()) as { id: number }).id;
  const [service] = await firstIds(page, '/api/service_choices/index_active', 1);
  const [currency] = await firstIds(page, '/api/currencies/index_active', 1);
  const title = `Farbanje ograde ${suffix}`;
  const posted = await page.request.post('/api/jobs/store', {
    data: {
      title,
      description: 'Farbam ograde i kapije.',
      is_offer: true,
      services: [service],
      posted_by_user_id: posterId,
      currency_id: currency,
      price_from: 15,
      allCountries: true,
      allWorkingDays: true,
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return { id: ((await posted.json()) as { id: number }).id, title };
}

describe('rejection reason templates', () => {
  it('an administrator adds a template by keyboard alone', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.goto('/rejection-reasons');
    await page.getByRole('button', { name: 'Dodaj' }).focus();
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Novi razlog odbijanja' });
    await add.waitFor();
    const title = `Loša fotografija ${RUN}`;
    // The first field has the focus; Tab moves through the rest.
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`Poor photo ${RUN}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Fotografija ne prikazuje uslugu.');
    await page.keyboard.press('Tab');
    await page.keyboard.type('The photo does not show the service.');
    await add.getByRole('button', { name: 'Sačuvaj' }).focus();
    await page.keyboard.press('Enter');
    await add.waitFor({ state: 'detached' });
    await page.getByText('Uspješno ste dodali razlog odbijanja').waitFor();
    const active = await page.request.post('/api/rejection_reasons/index_active', {
      data: { filters: { title_me: { operator: 'equals', value: title } } },
    });
    expect(((await active.json()) as { result: unknown[] }).result).toHaveLength(1);
    await context.close();
  });
});

describe.each(LOOKS)('rejection reasons, $theme theme, $size', ({ theme, viewport, size }) => {
  it('the templates screen and a rejection citing two templates: screenshots and axe', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const suffix = `${theme}-${size}-${RUN}`;
    const first = `Nepotpuna cijena ${suffix}`;
    const second = `Nejasna lokacija ${suffix}`;
    await storeTemplate(page, first);
    await storeTemplate(page, second);

    await page.goto(`/rejection-reasons?f.title_me=${encodeURIComponent(first)}`);
    await page.getByText(first, { exact: true }).first().waitFor();
    await screenshot(page, `rejection-reasons-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);

    const ad = await waitingAd(page, suffix);
    await page.goto(`/ads?f.title=${encodeURIComponent(ad.title)}`);
    await page.getByText(ad.title, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Promijeni status: Čeka odobrenje' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Promjena statusa' });
    await dialog.getByRole('radio', { name: 'Odbijen' }).check();
    const picker = dialog.getByRole('combobox', { name: 'Razlozi iz predložaka' });
    // By keyboard: type part of a title, Enter picks the highlighted one.
    await picker.focus();
    await page.keyboard.type(first);
    await page.getByRole('option', { name: new RegExp(first) }).waitFor();
    await page.keyboard.press('Enter');
    await picker.fill('');
    await page.keyboard.type(second);
    await page.getByRole('option', { name: new RegExp(second) }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await dialog.getByRole('textbox', { name: /Razlog/ }).fill('Dopunite opis.');
    await screenshot(page, `rejection-reasons-status-dialog-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Sačuvaj status' }).click();
    await dialog.waitFor({ state: 'detached' });

    const details = await page.request.get(`/api/jobs/show/${ad.id}`);
    const { status_history: history } = (await details.json()) as {
      status_history: { reason_ids: number[]; statement: string | null }[];
    };
    expect(history.at(-1)?.reason_ids).toHaveLength(2);
    expect(history.at(-1)?.statement).toContain(`1. ${first}`);
    expect(history.at(-1)?.statement).toContain(`2. ${second}`);
    await context.close();
  });

  it('review mode rejects with a template by keyboard (Ctrl+Enter), and the details show the text sent', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const suffix = `pregled-${theme}-${size}-${RUN}`;
    const template = `Nema cijene ${suffix}`;
    const templateId = await storeTemplate(page, template);
    const ad = await waitingAd(page, suffix);

    await page.goto(`/ads-on-approval?f.status=1&f.title=${encodeURIComponent(ad.title)}`);
    await page.getByText(ad.title, { exact: true }).first().waitFor();
    await tabTo(page, 'Pregled jedan po jedan');
    await page.keyboard.press('Enter');
    const review = page.getByRole('dialog', { name: /Pregled oglasa na odobrenju/ });
    await review.getByRole('heading', { level: 3, name: ad.title }).waitFor();
    // R: the reason, with the focus in its text; Tab leads on to the templates.
    await page.keyboard.press('r');
    const reason = review.getByRole('textbox', { name: 'Razlog odbijanja' });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Dopunite opis.');
    await page.keyboard.press('Tab');
    const picker = review.getByRole('combobox', { name: 'Razlozi iz predložaka' });
    await expect.poll(() => picker.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(template);
    await page.getByRole('option', { name: new RegExp(template) }).waitFor();
    await page.keyboard.press('Enter');
    // Escape closes the choices only; the review and its reason stay.
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await review.getByRole('button', { name: template }).waitFor();
    await screenshot(page, `rejection-reasons-review-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    const decided = page.waitForResponse((answer) =>
      answer.url().endsWith(`/api/jobs/changeStatus/${ad.id}`),
    );
    await page.keyboard.press('Control+Enter');
    const answer = await decided;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({
      ad_status_id: 3,
      status_comment: 'Dopunite opis.',
      reason_ids: [templateId],
    });
    await review.getByText(`Oglas „${ad.title}“ je odbijen.`).waitFor();
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });

    // The ad's status history keeps the statement sent, the template's text in it.
    await page.goto(`/ads?f.title=${encodeURIComponent(ad.title)}`);
    await page.getByText(ad.title, { exact: true }).first().waitFor();
    await tabTo(page, 'Detalji oglasa');
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: new RegExp(ad.title) });
    await details.waitFor();
    await tabTo(page, 'Poslato obrazloženje');
    await page.keyboard.press('Enter');
    const sent = details.getByText(`1. ${template}: Objašnjenje: ${template}.`);
    await sent.waitFor();
    await sent.scrollIntoViewIfNeeded();
    await screenshot(page, `rejection-reasons-history-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});

describe('bulk reject with a template', () => {
  it('rejects the chosen ads citing a template; each history keeps its text', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const template = `Dupli oglas ${RUN}`;
    const templateId = await storeTemplate(page, template);
    const ads = [await waitingAd(page, `masovno-1-${RUN}`), await waitingAd(page, `masovno-2-${RUN}`)];

    await page.goto(`/ads-on-approval?f.status=1&f.title=${encodeURIComponent(`masovno-`)}`);
    for (const ad of ads) await page.getByRole('checkbox', { name: `Izaberi red ${ad.title}` }).check();
    await page.getByText('Izabrano: 2').waitFor();
    await page.getByRole('button', { name: 'Odbij izabrane' }).click();
    const ask = page.getByRole('dialog', { name: 'Odbiti izabrane oglase (2)?' });
    await ask.waitFor();
    // The reason's text has the focus; the templates are one Tab away.
    await page.keyboard.press('Tab');
    const picker = ask.getByRole('combobox', { name: 'Razlozi iz predložaka' });
    await expect.poll(() => picker.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(template);
    await page.getByRole('option', { name: new RegExp(template) }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: template }).waitFor();
    await screenshot(page, 'rejection-reasons-bulk');
    await expectNoSeriousAxeViolations(page);
    await tabTo(page, 'Odbij');
    await page.keyboard.press('Enter');
    const result = page.getByRole('dialog', { name: 'Rezultat promjene statusa' });
    await result.getByText('Promijenjeno (2)').waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Enter');
    await result.waitFor({ state: 'detached' });

    for (const ad of ads) {
      const details = await page.request.get(`/api/jobs/show/${ad.id}`);
      const { status, status_history: history } = (await details.json()) as {
        status: { id: number };
        status_history: { reason_ids: number[]; statement: string | null }[];
      };
      expect(status.id).toBe(3);
      expect(history.at(-1)?.reason_ids).toEqual([templateId]);
      expect(history.at(-1)?.statement).toContain(`1. ${template}: Objašnjenje: ${template}.`);
    }
    await context.close();
  });
});
