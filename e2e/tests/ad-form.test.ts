import type { AdDetails } from '@usluge/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { newPage, PHONE, screenshot, signIn, type ThemeMode, useBrowser } from '../support/browser.ts';
import { solidPng } from '../support/png.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's ad apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const TITLE = `Košenje dvorišta ${RUN}`;

function formDialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

/** Types a 24-hour time into one picker of a shift ('Od' or 'Do'), replacing what it held. */
async function typeTime(shift: Locator, label: 'Od' | 'Do', time: string): Promise<void> {
  const field = shift.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await shift.page().keyboard.type(time.replace(':', ''));
}

/** The 'HH:MM' values a shift's two pickers hold. */
async function shiftTimes(shift: Locator): Promise<string[]> {
  return shift
    .locator('input')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** Chooses an option of an autocomplete after typing part of it. */
async function choose(page: Page, box: Locator, typed: string, option: string | RegExp): Promise<void> {
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

async function expectSnack(page: Page, text: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  await alert.getByRole('button', { name: /close|zatvori/i }).click();
  await alert.waitFor({ state: 'detached' });
}

async function details(page: Page, id: number): Promise<AdDetails> {
  const answer = await page.request.get(`/api/jobs/show/${id}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as AdDetails;
}

/** The ads list narrowed to this run's ad, and its edit dialog opened. */
async function openEdit(page: Page): Promise<Locator> {
  await page.goto(`/ads?f.title=${encodeURIComponent(TITLE)}`);
  // Rows on a desktop, cards on a phone: the list holds this one ad either way.
  await page.getByText(TITLE, { exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Izmijeni' }).first().click();
  const dialog = formDialog(page, 'Izmjena oglasa');
  await dialog.getByLabel(/^Naslov/).waitFor();
  await expect.poll(() => dialog.getByLabel(/^Naslov/).inputValue(), { timeout: 10_000 }).toBe(TITLE);
  return dialog;
}

let adId = 0;

describe('the ad form', () => {
  it('creates an ad with two countries and their cities, two working days of two shifts, and two photos', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.goto('/ads');
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = formDialog(page, 'Novi oglas');
    await dialog.getByLabel(/^Naslov/).waitFor();
    await expect
      .poll(() => dialog.getByLabel(/^Naslov/).evaluate((el) => el === document.activeElement), {
        timeout: 10_000,
      })
      .toBe(true);

    await dialog.getByLabel(/^Naslov/).fill(TITLE);
    await dialog.getByLabel(/^Opis/).fill('Košenje i orezivanje u Podgorici, Nikšiću i Beogradu.');
    await choose(page, dialog.getByRole('combobox', { name: /^Usluge/ }), 'Košenje', 'Košenje trave');
    await choose(
      page,
      dialog.getByRole('combobox', { name: /^Korisnik/ }),
      'Zeleni',
      /^Zeleni kutak d\.o\.o\./,
    );
    await dialog.getByRole('combobox', { name: /^Valuta/ }).click();
    await page.getByRole('option', { name: 'Euro', exact: true }).click();
    await dialog.getByLabel(/^Cijena od/).fill('20,50');
    await dialog.getByLabel(/^Cijena do/).fill('80');

    await dialog.getByRole('switch', { name: 'Sve države' }).click();
    const first = dialog.getByRole('group', { name: 'Država 1' });
    await first.getByRole('combobox', { name: /^Država/ }).click();
    await page.getByRole('option', { name: 'Crna Gora', exact: true }).click();
    await choose(page, first.getByRole('combobox', { name: /^Gradovi/ }), 'Podg', 'Podgorica');
    await choose(page, first.getByRole('combobox', { name: /^Gradovi/ }), 'Nikš', 'Nikšić');
    await dialog.getByRole('button', { name: 'Dodaj državu' }).click();
    const second = dialog.getByRole('group', { name: 'Država 2' });
    await second.getByRole('combobox', { name: /^Država/ }).click();
    await page.getByRole('option', { name: 'Srbija', exact: true }).click();
    await choose(page, second.getByRole('combobox', { name: /^Gradovi/ }), 'Beo', 'Beograd');

    await dialog.getByRole('switch', { name: 'Svi radni dani' }).click();
    await dialog.getByRole('checkbox', { name: 'Ponedjeljak' }).check();
    const mondayFirst = dialog.getByRole('group', { name: 'Ponedjeljak, smjena 1' });
    await typeTime(mondayFirst, 'Do', '12:00');
    expect(await shiftTimes(mondayFirst)).toEqual(['08:00', '12:00']);
    await dialog.getByRole('button', { name: 'Dodaj smjenu: Ponedjeljak' }).click();
    expect(await shiftTimes(dialog.getByRole('group', { name: 'Ponedjeljak, smjena 2' }))).toEqual([
      '13:00',
      '17:00',
    ]);
    await dialog.getByRole('checkbox', { name: 'Srijeda' }).check();
    const wednesdayFirst = dialog.getByRole('group', { name: 'Srijeda, smjena 1' });
    await typeTime(wednesdayFirst, 'Od', '07:15');
    await typeTime(wednesdayFirst, 'Do', '11:00');
    await dialog.getByRole('button', { name: 'Dodaj smjenu: Srijeda' }).click();

    const photos = dialog.locator('input[type="file"]');
    await photos.setInputFiles([
      { name: 'zeleno.png', mimeType: 'image/png', buffer: solidPng(40, 30, [40, 160, 60]) },
      { name: 'plavo.png', mimeType: 'image/png', buffer: solidPng(40, 30, [40, 90, 200]) },
    ]);
    await expect.poll(() => dialog.getByRole('img', { name: /^Fotografija/ }).count()).toBe(2);
    // The second photo goes first.
    await dialog.getByRole('button', { name: 'Pomjeri fotografiju 2 ulijevo' }).click();
    await screenshot(page, 'ad-form-new-filled', true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const stored = page.waitForResponse((answer) => answer.url().endsWith('/api/jobs/store'));
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const answer = await stored;
    expect(answer.status(), await answer.text()).toBe(201);
    adId = ((await answer.json()) as { id: number }).id;
    await expectSnack(page, 'Uspješno ste dodali oglas');

    const saved = await details(page, adId);
    expect(saved.places.map((p) => [p.name, p.cities.map((c) => c.name)])).toEqual([
      ['Crna Gora', ['Nikšić', 'Podgorica']],
      ['Srbija', ['Beograd']],
    ]);
    expect(saved.ad_days.map((d) => [d.name, d.times])).toEqual([
      [
        'Ponedjeljak',
        [
          { start_at: '08:00', stop_at: '12:00' },
          { start_at: '13:00', stop_at: '17:00' },
        ],
      ],
      [
        'Srijeda',
        [
          { start_at: '07:15', stop_at: '11:00' },
          { start_at: '12:00', stop_at: '16:00' },
        ],
      ],
    ]);
    expect(saved.photos).toHaveLength(2);
    expect(saved).toMatchObject({ price_from: 20.5, price_to: 80, user_name: 'Zeleni kutak d.o.o.' });
    await context.close();
  });

  it('reopens the ad with everything filled back, saves it unchanged, and shows an overlapping shift', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const before = await details(page, adId);
    const dialog = await openEdit(page);

    await dialog.getByRole('button', { name: 'Košenje trave' }).waitFor();
    expect(await dialog.getByRole('combobox', { name: /^Korisnik/ }).inputValue()).toBe(
      'Zeleni kutak d.o.o.',
    );
    expect(await dialog.getByLabel(/^Cijena od/).inputValue()).toBe('20,50');
    const montenegro = dialog.getByRole('group', { name: 'Država 1' });
    await montenegro.getByRole('button', { name: 'Podgorica' }).waitFor();
    await montenegro.getByRole('button', { name: 'Nikšić' }).waitFor();
    await dialog.getByRole('group', { name: 'Država 2' }).getByRole('button', { name: 'Beograd' }).waitFor();
    expect(await shiftTimes(dialog.getByRole('group', { name: 'Ponedjeljak, smjena 2' }))).toEqual([
      '13:00',
      '17:00',
    ]);
    expect(await shiftTimes(dialog.getByRole('group', { name: 'Srijeda, smjena 1' }))).toEqual([
      '07:15',
      '11:00',
    ]);
    const images = dialog.getByRole('img', { name: /^Fotografija/ });
    await expect.poll(() => images.count()).toBe(2);
    expect(await images.first().getAttribute('src')).toBe(before.photos[0]?.photo_url);
    await screenshot(page, 'ad-form-edit-loaded', true);

    // Saved unchanged: the server holds exactly what it held.
    const updated = page.waitForResponse((answer) => answer.url().endsWith(`/api/jobs/update/${adId}`));
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    expect((await updated).status()).toBe(200);
    await expectSnack(page, 'Uspješno ste izmijenili oglas');
    const { updated_at: _after, ...after } = await details(page, adId);
    const { updated_at: _before, ...unchanged } = before;
    expect(after).toEqual(unchanged);

    const again = await openEdit(page);
    const mondaySecond = again.getByRole('group', { name: 'Ponedjeljak, smjena 2' });
    await typeTime(mondaySecond, 'Od', '11:00');
    await again.getByRole('button', { name: 'Sačuvaj' }).click();
    await mondaySecond.getByText('Smjena ne može početi prije kraja prethodne.').waitFor();
    await mondaySecond.scrollIntoViewIfNeeded();
    await screenshot(page, 'ad-form-overlap');

    // Escape with unsaved changes asks first.
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Odbaciti izmjene?' })
      .getByRole('button', { name: 'Odbaci izmjene' })
      .click();
    await again.waitFor({ state: 'detached' });
    await context.close();
  });

  for (const [theme, width] of [
    ['light', 'phone'],
    ['dark', 'phone'],
    ['dark', 'desktop'],
  ] as const satisfies readonly (readonly [ThemeMode, string])[]) {
    it(`reads well and passes axe in the ${theme} theme on a ${width}`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, width === 'phone' ? PHONE : undefined, {
        theme,
        isTouch: width === 'phone',
      });
      await signIn(page);
      const dialog = await openEdit(page);
      await dialog.getByRole('group', { name: 'Ponedjeljak, smjena 1' }).waitFor();
      if (width === 'phone') {
        const box = await dialog.boundingBox();
        expect(box?.width).toBe(PHONE.width);
      }
      await screenshot(page, `ad-form-${width}-${theme}`);
      await dialog.getByRole('heading', { name: 'Radni dani' }).scrollIntoViewIfNeeded();
      await screenshot(page, `ad-form-${width}-${theme}-days`);
      await dialog.getByRole('button', { name: 'Dodaj fotografije' }).scrollIntoViewIfNeeded();
      await screenshot(page, `ad-form-${width}-${theme}-photos`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
