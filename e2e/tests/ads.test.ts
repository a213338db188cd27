import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import {
  DESKTOP,
  newPage,
  PHONE,
  screenshot,
  signIn,
  type ThemeMode,
  useBrowser,
  type Viewport,
} from '../support/browser.ts';
import { solidPng } from '../support/png.ts';
import { readZipEntry } from '../support/zip.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const WAITING = 1;
const APPROVED = 2;
const REJECTED = 3;

type AdRowAnswer = { id: number; title: string; status: { id: number; name: string } };
type ListAnswer<Row> = { result: Row[]; total_rows: number };

async function postJson<T>(api: APIRequestContext, path: string, data: unknown): Promise<T> {
  const answer = await api.post(path, { data });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

async function waitingAds(api: APIRequestContext, count: number): Promise<AdRowAnswer[]> {
  const answer = await postJson<ListAnswer<AdRowAnswer>>(api, '/api/jobs/index', {
    filters: { status: { operator: 'equals', value: WAITING } },
    options: { page: 1, itemsPerPage: count, sortBy: ['updated_at'], sortDesc: [false] },
    show_only_active: true,
  });
  return answer.result;
}

/** How many ads, in any status, have this very title (the seed repeats some). */
async function adsTitled(api: APIRequestContext, title: string): Promise<number> {
  const answer = await postJson<ListAnswer<AdRowAnswer>>(api, '/api/jobs/index', {
    filters: { title: { operator: 'equals', value: title } },
    options: { page: 1, itemsPerPage: 10 },
  });
  return answer.total_rows;
}

/** The oldest waiting ads whose titles no other ad has, so a row is found by its title. */
async function uniqueWaitingAds(api: APIRequestContext, count: number): Promise<AdRowAnswer[]> {
  const picked: AdRowAnswer[] = [];
  for (const ad of await waitingAds(api, 100)) {
    if ((await adsTitled(api, ad.title)) === 1) picked.push(ad);
    if (picked.length === count) return picked;
  }
  throw new Error(`fewer than ${count} waiting ads with titles of their own`);
}

async function statusOf(api: APIRequestContext, id: number) {
  const answer = await api.get(`/api/jobs/show/${id}`);
  return (await answer.json()) as {
    status: { id: number };
    status_history: { to: { id: number }; reason: string | null }[];
  };
}

type ServiceNode = { id: number; name: string; is_service: boolean; services: ServiceNode[] };

function firstService(nodes: ServiceNode[]): ServiceNode | undefined {
  for (const node of nodes) {
    if (node.is_service) return node;
    const inside = firstService(node.services);
    if (inside) return inside;
  }
  return undefined;
}

/** An ad with two photos, two countries' places and two working days, stored through the API. */
async function createAdWithPhotos(api: APIRequestContext, title: string): Promise<number> {
  const me = (await (await api.get('/api/user')).json()) as { id: number };
  const picker = { filters: {}, options: { page: 1, itemsPerPage: 1000 }, show_only_active: true };
  const currencies = await postJson<ListAnswer<{ id: number; short_name: string }>>(
    api,
    '/api/currencies/index_active',
    picker,
  );
  const countries = await postJson<ListAnswer<{ id: number; code: string }>>(
    api,
    '/api/os_countries/index_active',
    picker,
  );
  const montenegro = countries.result.find((c) => c.code === 'ME');
  const serbia = countries.result.find((c) => c.code === 'RS');
  const cities = await postJson<ListAnswer<{ id: number; name: string }>>(
    api,
    '/api/os_cities/index_active',
    {
      ...picker,
      filters: { os_country_id: { operator: 'equals', value: montenegro?.id } },
    },
  );
  const podgorica = cities.result.find((c) => c.name === 'Podgorica');
  const tree = await postJson<{ result: ServiceNode[] }>(api, '/api/services/index_active', {
    is_report: false,
    is_single_level: false,
  });
  const service = firstService(tree.result);
  const fields: Record<string, string> = {
    title,
    description: 'Fotografije prije i poslije, za pregled u galeriji.',
    is_offer: 'true',
    services: JSON.stringify([service?.id]),
    posted_by_user_id: String(me.id),
    currency_id: String(currencies.result.find((c) => c.short_name === 'EUR')?.id),
    price_from: '25',
    price_to: '90.5',
    allCountries: 'false',
    allWorkingDays: 'false',
    places: JSON.stringify([
      { os_country_id: montenegro?.id, cities: [podgorica?.id] },
      { os_country_id: serbia?.id, cities: [] },
    ]),
    ad_days: JSON.stringify([
      {
        day_id: 1,
        times: [
          { start_at: '08:00', stop_at: '12:00' },
          { start_at: '13:00', stop_at: '16:30' },
        ],
      },
      { day_id: 6, times: [{ start_at: '09:00', stop_at: '13:00' }] },
    ]),
  };
  const answer = await api.post('/api/jobs/store', {
    multipart: {
      ...fields,
      'photos[0]': { name: 'prije.png', mimeType: 'image/png', buffer: solidPng(640, 480, [46, 125, 50]) },
      'photos[1]': { name: 'poslije.png', mimeType: 'image/png', buffer: solidPng(480, 640, [21, 101, 192]) },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/** Waits for the success snackbar, then lets it go so the next one is a new one. */
async function expectSnack(page: Page, text: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  await alert.getByRole('button', { name: /close|zatvori/i }).click();
  await alert.waitFor({ state: 'detached' });
}

async function filterByTitle(page: Page, title: string): Promise<void> {
  const filter = page.getByRole('textbox', { name: 'Filter: Naslov' });
  await filter.fill(title);
  await filter.press('Enter');
  // Seeded titles repeat (several ads of the same kind).
  await rowWith(page, title).first().waitFor();
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('ads on approval: review mode', () => {
  it('approves one ad and rejects another with a reason, by keys, moving to the next waiting ad', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    // The list is fixed to the waiting status.
    await page.waitForURL('**/ads-on-approval?f.status=1');
    await page.getByRole('heading', { level: 1, name: 'Oglasi na odobrenju' }).waitFor();
    const [first, second, third] = await waitingAds(page.request, 3);
    if (!first || !second || !third) throw new Error('the demo seed has fewer than three waiting ads');

    await page.getByRole('button', { name: 'Pregled jedan po jedan' }).click();
    const review = page.getByRole('dialog', { name: /Pregled oglasa na odobrenju/ });
    await review.getByRole('heading', { level: 3, name: first.title }).waitFor();
    await review.getByText(/Prečice: A odobri, R odbij, S preskoči/).waitFor();
    await screenshot(page, 'ads-review-first');
    await expectNoSeriousViolations(page);

    // A: approve; the next waiting ad comes.
    await page.keyboard.press('a');
    await review.getByRole('status').getByText(`Oglas „${first.title}“ je odobren.`).waitFor();
    await review.getByRole('heading', { level: 3, name: second.title }).waitFor();
    expect((await statusOf(page.request, first.id)).status.id).toBe(APPROVED);

    // R: the reason field, with the focus; typing a, r, s there is text, not a decision.
    await page.keyboard.press('r');
    const reason = review.getByRole('textbox', { name: /Razlog odbijanja/ });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await review.getByRole('button', { name: 'Potvrdi odbijanje' }).click();
    await review.getByText('Obavezno polje.', { exact: true }).waitFor();
    await screenshot(page, 'ads-review-reason-required');
    await reason.pressSequentially('Nedostaje opis i slika radova.');
    expect(await reason.inputValue()).toBe('Nedostaje opis i slika radova.');
    expect((await statusOf(page.request, second.id)).status.id).toBe(WAITING);
    await review.getByRole('button', { name: 'Potvrdi odbijanje' }).click();
    await review.getByRole('status').getByText(`Oglas „${second.title}“ je odbijen.`).waitFor();
    const rejected = await statusOf(page.request, second.id);
    expect(rejected.status.id).toBe(3);
    expect(rejected.status_history.at(-1)).toMatchObject({
      to: { id: 3 },
      reason: 'Nedostaje opis i slika radova.',
    });

    // S: skip leaves the ad waiting and shows the next one.
    await review.getByRole('heading', { level: 3, name: third.title }).waitFor();
    await page.keyboard.press('s');
    await review.getByRole('status').getByText(`Oglas „${third.title}“ je preskočen.`).waitFor();
    await review.getByRole('button', { name: 'Preskoči' }).waitFor();
    expect((await statusOf(page.request, third.id)).status.id).toBe(WAITING);
    await screenshot(page, 'ads-review-after-skip');

    await review.getByRole('button', { name: 'Zatvori pregled' }).click();
    await review.waitFor({ state: 'detached' });
    await context.close();
  });

  it('bulk approves the chosen rows, saying which changed and which someone else decided first', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const rows = await uniqueWaitingAds(page.request, 3);
    const titles = rows.map((row) => row.title);
    // Every waiting ad on one page, oldest first.
    await page.goto('/ads-on-approval?f.status=1&size=100&sort=updated_at');
    const table = page.getByRole('table', { name: 'Oglasi na odobrenju' });
    await table.waitFor();
    for (const title of titles) {
      await page.getByRole('checkbox', { name: `Izaberi red ${title}` }).check();
    }
    await page.getByText('Izabrano: 3').waitFor();
    // Another moderator rejects the second one meanwhile.
    const decidedMeanwhile = rows[1] as AdRowAnswer;
    const meanwhile = await page.request.put(`/api/jobs/changeStatus/${decidedMeanwhile.id}`, {
      data: { ad_status_id: REJECTED, status_comment: 'Duplikat.', from_status_id: WAITING },
    });
    expect(meanwhile.status()).toBe(200);

    await page.getByRole('button', { name: 'Odobri izabrane' }).click();
    const ask = page.getByRole('dialog', { name: 'Odobriti izabrane oglase (3)?' });
    await ask.waitFor();
    await screenshot(page, 'ads-bulk-ask');
    await ask.getByRole('button', { name: 'Odobri' }).click();
    const result = page.getByRole('dialog', { name: 'Rezultat promjene statusa' });
    await result.getByText('Promijenjeno (2)').waitFor();
    await result.getByText('Nije promijenjeno (1)').waitFor();
    await result
      .getByText(
        `${decidedMeanwhile.title}: Oglas je u međuvremenu dobio status „Odbijen“. Osvježite prikaz i odlučite ponovo.`,
      )
      .waitFor();
    await screenshot(page, 'ads-bulk-result');
    await expectNoSeriousViolations(page);
    await result.getByRole('button', { name: 'Zatvori' }).click();
    // The one decided meanwhile keeps that decision.
    for (const row of rows) {
      expect((await statusOf(page.request, row.id)).status.id).toBe(
        row === decidedMeanwhile ? REJECTED : APPROVED,
      );
    }
    // The list reloads: the approved ads left it.
    await expect.poll(() => rowWith(page, titles[0] as string).count()).toBe(0);
    await context.close();
  });
});

describe('ads on approval: report', () => {
  it('downloads the waiting ads only, with the columns as the screen titles them', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.getByRole('table', { name: 'Oglasi na odobrenju' }).waitFor();
    await page.getByRole('button', { name: 'Izvještaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preuzimanje izvještaja' });
    await dialog.getByRole('textbox', { name: /Naziv izvještaja/ }).fill('oglasi-na-odobrenju');
    // Two of the columns the screen hides by default, added in the report's column chooser.
    const chooser = dialog.getByRole('group', { name: 'Kolone izvještaja' });
    await chooser.getByRole('checkbox', { name: 'Ponuda / potražnja' }).check();
    await chooser.getByRole('checkbox', { name: 'Cijena od' }).check();
    await dialog.getByRole('combobox', { name: /Tip fajla/ }).click();
    await page.getByRole('option', { name: 'Excel (XLSX)', exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Preuzmi' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('oglasi-na-odobrenju.xlsx');
    const bytes = await readFile(await file.path());
    const xml = [
      readZipEntry(bytes, 'xl/sharedStrings.xml'),
      readZipEntry(bytes, 'xl/worksheets/sheet1.xml'),
    ].join('');
    for (const text of [
      'Naslov',
      'Ponuda / potražnja',
      'Korisnik',
      'Cijena od',
      'Status oglasa',
      'Čeka odobrenje',
    ]) {
      expect(xml).toContain(text);
    }
    for (const other of ['Odbijen', 'Završen']) expect(xml).not.toContain(other);
    await context.close();
  });
});

describe('ads: status dialog, details and lead history', () => {
  it('changes a status from its chip: the reason is required for Odbijen; a stale decision says so', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const [ad, other] = await uniqueWaitingAds(page.request, 2);
    if (!ad || !other) throw new Error('no waiting ads left');
    await page.goto('/ads');
    await filterByTitle(page, ad.title);
    // By keyboard: the chip is a button; the choices are radios; Enter saves.
    await rowWith(page, ad.title).getByRole('button', { name: 'Promijeni status: Čeka odobrenje' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Promjena statusa' });
    await dialog.getByRole('radio', { name: 'Odbijen' }).waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(2);
    await page.keyboard.press('Enter');
    await dialog.getByText('Obavezno polje', { exact: true }).waitFor();
    await dialog.getByRole('radio', { name: 'Odobren' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: 'Odbijen' }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.getByText('Obavezno polje.', { exact: true }).waitFor();
    await screenshot(page, 'ads-status-reason-required');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('textbox', { name: /Razlog/ }).fill('Oglas nije u skladu sa pravilima.');
    await dialog.getByRole('button', { name: 'Sačuvaj status' }).click();
    await expectSnack(page, `Status oglasa „${ad.title}“ je sada: Odbijen.`);
    await rowWith(page, ad.title).getByRole('button', { name: 'Promijeni status: Odbijen' }).waitFor();

    // Someone decides first: the server's message, and the list shows the ad as it is now.
    await filterByTitle(page, other.title);
    await rowWith(page, other.title)
      .getByRole('button', { name: 'Promijeni status: Čeka odobrenje' })
      .click();
    await dialog.getByRole('radio', { name: 'Odobren' }).check();
    const meanwhile = await page.request.put(`/api/jobs/changeStatus/${other.id}`, {
      data: { ad_status_id: REJECTED, status_comment: 'Duplikat.', from_status_id: WAITING },
    });
    expect(meanwhile.status()).toBe(200);
    await dialog.getByRole('button', { name: 'Sačuvaj status' }).click();
    const error = page.getByRole('dialog', { name: 'Greška' });
    await error
      .getByText('Oglas je u međuvremenu dobio status „Odbijen“. Osvježite prikaz i odlučite ponovo.')
      .waitFor();
    await screenshot(page, 'ads-status-stale');
    await error.getByRole('button').first().click();
    await rowWith(page, other.title).getByRole('button', { name: 'Promijeni status: Odbijen' }).waitFor();
    expect((await statusOf(page.request, other.id)).status.id).toBe(3);
    await context.close();
  });

  it('opens the details of an ad with photos and the lightbox (keys and swipe)', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const title = `Uređenje dvorišta ${RUN}`;
    await createAdWithPhotos(page.request, title);
    await page.goto('/ads');
    await filterByTitle(page, title);
    await rowWith(page, title).getByRole('button', { name: 'Detalji oglasa' }).click();
    const details = page.getByRole('dialog', { name: new RegExp(title) });
    await details.getByText('Fotografije prije i poslije, za pregled u galeriji.').waitFor();
    await details.getByText('25,00 € – 90,50 €').waitFor();
    await details.getByText('Podgorica').waitFor();
    await details.getByText('cijela država').waitFor();
    await details.getByText('08:00–12:00, 13:00–16:30').waitFor();
    await details.getByText('Čeka odobrenje').first().waitFor();
    await screenshot(page, 'ads-details');
    await expectNoSeriousViolations(page);

    await details.getByRole('button', { name: 'Otvori fotografiju 1 od 2 u punoj veličini' }).click();
    const lightbox = page.locator('.yarl__root');
    await lightbox.waitFor();
    const current = () => lightbox.locator('.yarl__slide_current img').getAttribute('alt');
    await expect.poll(current).toBe(`Fotografija 1 od 2: ${title}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(current).toBe(`Fotografija 2 od 2: ${title}`);
    await screenshot(page, 'ads-lightbox');
    // Swipe back (a drag to the right).
    const box = await lightbox.boundingBox();
    if (!box) throw new Error('no lightbox');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.8, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(current).toBe(`Fotografija 1 od 2: ${title}`);
    // Escape closes the lightbox only.
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    await details.getByRole('button', { name: 'Zatvori' }).waitFor();
    await details.getByRole('button', { name: 'Zatvori' }).click();
    await details.waitFor({ state: 'detached' });
    await context.close();
  });

  it("shows a seeded ad's lead history: service, names, credits, times, accepted", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    type Lead = { ad_id: number; name: string; last_name: string | null; credit: number };
    const leads = await postJson<ListAnswer<Lead>>(page.request, '/api/leads/index', {
      options: { page: 1, itemsPerPage: 50 },
    });
    let picked: { lead: Lead; title: string } | null = null;
    for (const lead of leads.result) {
      const ad = (await (await page.request.get(`/api/jobs/show/${lead.ad_id}`)).json()) as { title: string };
      if ((await adsTitled(page.request, ad.title)) === 1) {
        picked = { lead, title: ad.title };
        break;
      }
    }
    if (!picked) throw new Error('no seeded lead of an ad with a title of its own');
    const { lead, title } = picked;
    await page.goto('/ads');
    await filterByTitle(page, title);
    await rowWith(page, title).getByRole('button', { name: 'Istorija kontakata' }).click();
    const dialog = page.getByRole('dialog', { name: `Istorija kontakata: ${title}` });
    for (const column of [
      'Usluga',
      'Ime',
      'Prezime',
      'Krediti',
      'Vrijeme kontakta',
      'Status kontakta',
      'Vrijeme odgovora',
    ]) {
      await dialog.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    await dialog.getByRole('cell', { name: lead.name, exact: true }).first().waitFor();
    await screenshot(page, 'ads-leads');
    await expectNoSeriousViolations(page);
    await context.close();
  });
});

describe('ads screens: screenshots and accessibility', () => {
  const variants: [string, Viewport, ThemeMode][] = [
    ['desktop-light', DESKTOP, 'light'],
    ['desktop-dark', DESKTOP, 'dark'],
    ['phone-light', PHONE, 'light'],
    ['phone-dark', PHONE, 'dark'],
  ];
  for (const [name, viewport, theme] of variants) {
    it(`ads lists, details and review at ${name}`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport, {
        theme,
        isTouch: viewport === PHONE,
      });
      await signIn(page);
      await page.getByRole('heading', { level: 1, name: 'Oglasi na odobrenju' }).waitFor();
      await page.getByRole('button', { name: 'Pregled jedan po jedan' }).waitFor();
      await page.getByText(/^Izabrano/).waitFor();
      await screenshot(page, `ads-on-approval-${name}`);
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: 'Pregled jedan po jedan' }).click();
      const review = page.getByRole('dialog', { name: /Pregled oglasa na odobrenju/ });
      await review.getByRole('heading', { level: 3 }).waitFor();
      await screenshot(page, `ads-review-${name}`);
      await expectNoSeriousViolations(page);
      await review.getByRole('button', { name: 'Zatvori pregled' }).click();
      await review.waitFor({ state: 'detached' });

      await page.goto('/ads');
      await page.getByRole('heading', { level: 1, name: 'Oglasi' }).waitFor();
      await page
        .getByRole('button', { name: /^Promijeni status/ })
        .first()
        .waitFor();
      await screenshot(page, `ads-list-${name}`);
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: 'Detalji oglasa' }).first().click();
      const details = page.getByRole('dialog');
      await details.getByText('Istorija statusa').waitFor();
      await screenshot(page, `ads-details-${name}`);
      await expectNoSeriousViolations(page);
      await context.close();
    });
  }
});
