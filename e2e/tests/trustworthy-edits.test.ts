import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

type ListAnswer<Row> = { result: Row[]; total_rows: number };
type CityRow = { id: number; name: string; post_code: string; updated_at: string };
type CountryRow = { id: number; name: string; code: string; updated_at: string };
type ServiceNode = {
  id: number;
  name: string;
  is_active: boolean;
  deactivated_items: number;
  updated_at: string;
  services: ServiceNode[];
};

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

async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The rows of `entity` whose `key` contains `value`, as the API lists them (active and inactive). */
async function listed<Row>(request: APIRequestContext, entity: string, key: string, value: string) {
  const answer = await request.post(`/api/${entity}/index`, {
    data: {
      filters: { [key]: { operator: 'contains', value } },
      options: { page: 1, itemsPerPage: 10, sortBy: ['updated_at'], sortDesc: [true] },
      show_only_active: null,
    },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ListAnswer<Row>;
}

async function storeCountry(request: APIRequestContext, name: string, code: string): Promise<CountryRow> {
  const answer = await request.post('/api/os_countries/store', { data: { name, code } });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as CountryRow;
}

/** The tree as the services screen reads it, inactive nodes included. */
async function serviceTree(request: APIRequestContext): Promise<ServiceNode[]> {
  const answer = await request.post('/api/services/index_active', {
    data: { is_single_level: false, show_inactive_items: true },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as ListAnswer<ServiceNode>).result;
}

async function storeService(
  request: APIRequestContext,
  fields: { name: string; isService: boolean; parentId?: number },
): Promise<ServiceNode> {
  const answer = await request.post('/api/services/store', {
    multipart: {
      name: fields.name,
      description: '',
      is_service: String(fields.isService),
      credit: fields.isService ? '3' : '',
      service_id: fields.parentId === undefined ? '' : String(fields.parentId),
    },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as ServiceNode;
}

/** Opens a row's edit dialog of a list filtered to that row's name. */
async function openEdit(page: Page, path: string, name: string, title: string): Promise<Locator> {
  await page.goto(`${path}?f.name=${encodeURIComponent(name)}`);
  await rowWith(page, name).getByRole('button', { name: 'Izmijeni' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

describe('no lost update', () => {
  it('two pages edit the same city: the second sees the conflict and re-applies its edit on top of the first', async () => {
    const first = await newPage(browser(), baseUrl);
    const second = await newPage(browser(), baseUrl);
    await signIn(first.page);
    await signIn(second.page);
    const countries = await listed<CountryRow>(first.page.request, 'os_countries', 'name', 'Crna Gora');
    const montenegro = countries.result.find((country) => country.name === 'Crna Gora');
    const name = `Dvoje ${RUN}`;
    const stored = await first.page.request.post('/api/os_cities/store', {
      data: { name, post_code: '81100', os_country_id: montenegro?.id },
    });
    expect(stored.status()).toBe(201);

    // Both read the city, then each changes another field.
    const one = await openEdit(first.page, '/cities', name, 'Izmjena grada');
    const two = await openEdit(second.page, '/cities', name, 'Izmjena grada');
    await one.getByRole('textbox', { name: /Poštanski broj/ }).fill('81101');
    await one.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(first.page, 'Uspješno ste izmijenili grad');

    const renamed = `${name} B`;
    await two.getByRole('textbox', { name: /Naziv grada/ }).fill(renamed);
    await two.getByRole('button', { name: 'Sačuvaj' }).click();
    const notice = two.getByRole('alert');
    await notice.getByText('Neko je u međuvremenu izmijenio ovaj zapis', { exact: false }).waitFor();
    // What the first page changed: the post code, from the value the second started from.
    expect(await notice.getByRole('term').allTextContents()).toEqual(['Poštanski broj']);
    const change = await notice.getByRole('definition').first().textContent();
    expect(change).toMatch(/81100.*81101/);
    expect(await second.page.getByRole('dialog', { name: 'Greška' }).count()).toBe(0);
    await screenshot(second.page, 'conflict-city');

    await notice.getByRole('button', { name: 'Primijeni moje izmjene' }).click();
    expect(await two.getByRole('textbox', { name: /Poštanski broj/ }).inputValue()).toBe('81101');
    expect(await two.getByRole('textbox', { name: /Naziv grada/ }).inputValue()).toBe(renamed);
    await two.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(second.page, 'Uspješno ste izmijenili grad');

    // Both edits are saved.
    const saved = await listed<CityRow>(first.page.request, 'os_cities', 'name', name);
    expect(saved.result.map((city) => [city.name, city.post_code])).toEqual([[renamed, '81101']]);
    await first.context.close();
    await second.context.close();
  });

  it('shows the conflict at 1366 and 390 px in both themes, operated by the keyboard, axe clean', async () => {
    for (const look of LOOKS) {
      const { context, page } = await newPage(browser(), baseUrl, look.viewport, { theme: look.theme });
      await signIn(page);
      const name = `Pogled ${RUN} ${look.theme} ${look.size}`;
      const country = await storeCountry(page.request, name, `${look.theme[0]}${look.size[0]}${RUN}`);
      await page.goto(`/countries?f.name=${encodeURIComponent(name)}`);
      const edit = rowWith(page, name)
        .or(page.getByRole('listitem').filter({ hasText: name }))
        .getByRole('button', { name: /Izmijeni/ });
      await edit.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Izmjena države' });
      const nameField = dialog.getByRole('textbox', { name: /Naziv države/ });
      await expect.poll(() => nameField.evaluate((el) => el === document.activeElement)).toBe(true);

      // Someone else renames it meanwhile.
      const other = await page.request.put(`/api/os_countries/update/${country.id}`, {
        data: { name: `${name} (druga)`, code: country.code, updated_at: country.updated_at },
      });
      expect(other.status()).toBe(200);

      // Keyboard only: change the code, Tab to Save, Enter.
      await page.keyboard.press('Tab');
      await page.keyboard.press('End');
      await page.keyboard.type('X');
      await page.keyboard.press('Enter');
      const notice = dialog.getByRole('alert');
      await notice.waitFor();
      await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true);
      await screenshot(page, `conflict-${look.theme}-${look.size}`);
      await expectNoSeriousAxe(page);

      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Primijeni moje izmjene');
      await page.keyboard.press('Enter');
      await dialog.getByRole('status').waitFor();
      expect(await nameField.inputValue()).toBe(`${name} (druga)`);
      expect(await dialog.getByRole('textbox', { name: /Oznaka/ }).inputValue()).toBe(`${country.code}X`);
      await screenshot(page, `conflict-reapplied-${look.theme}-${look.size}`);
      await expectNoSeriousAxe(page);
      await dialog.getByRole('button', { name: 'Sačuvaj' }).focus();
      await page.keyboard.press('Enter');
      await expectSnack(page, 'Uspješno ste izmijenili državu');
      await context.close();
    }
  });
});

describe('no action counts twice', () => {
  it('a double click on Save in the add dialog sends one notification', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.goto('/notifications');
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const add = page.getByRole('dialog', { name: 'Nova notifikacija' });
    // A notification has nothing unique in it: only the client's care keeps it from going out twice.
    const subject = `Dvoklik ${RUN}`;
    await add.getByRole('textbox', { name: /Naslov/ }).fill(subject);
    await add.getByRole('textbox', { name: /Tekst notifikacije/ }).fill('Jednom, ne dvaput.');
    await add.getByRole('combobox', { name: /Tipovi korisnika/ }).click();
    await page.getByRole('option', { name: 'Pravno lice' }).click();
    await page.keyboard.press('Escape');
    // The two clicks of a double click on a busy phone: the second before the page has re-rendered.
    await add.getByRole('button', { name: 'Sačuvaj' }).evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await add.waitFor({ state: 'detached' });
    // Long enough for a second request to have landed, had one been sent.
    await page.waitForTimeout(1000);
    const sent = await listed<{ subject: string }>(page.request, 'notifications', 'subject', subject);
    expect(sent.total_rows).toBe(1);
    await context.close();
  });
});

describe('undo a folder’s deactivation in one step', () => {
  it('restores a folder with the items deactivated with it; the choice looked at in every look', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const folderName = `Vraćanje ${RUN}`;
    const folder = await storeService(page.request, { name: folderName, isService: false });
    const inside = await storeService(page.request, {
      name: `Unutra ${RUN}`,
      isService: true,
      parentId: folder.id,
    });
    const alone = await storeService(page.request, {
      name: `Ranije ${RUN}`,
      isService: true,
      parentId: folder.id,
    });
    // One item was turned off on its own before the folder: it stays off.
    expect((await page.request.delete(`/api/services/destroy/${alone.id}`)).status()).toBe(200);
    expect((await page.request.delete(`/api/services/destroy/${folder.id}`)).status()).toBe(200);
    await context.close();

    for (const [index, look] of LOOKS.entries()) {
      const opened = await newPage(browser(), baseUrl, look.viewport, { theme: look.theme });
      const lookPage = opened.page;
      await signIn(lookPage);
      await lookPage.goto('/services');
      await lookPage.getByRole('switch', { name: 'Prikaži neaktivne' }).check();
      const row = lookPage
        .getByRole('treeitem')
        .filter({
          has: lookPage.locator(':scope > .MuiTreeItem-content [data-node-name]').getByText(folderName),
        })
        .locator('> .MuiTreeItem-content');
      await row.waitFor();
      if (look.size === 'desktop') {
        await row.getByRole('button', { name: 'Vrati' }).click();
      } else {
        await row.getByRole('button', { name: `Akcije: ${folderName}` }).click();
        await lookPage.getByRole('menuitem', { name: 'Vrati' }).click();
      }
      const question = lookPage.getByRole('dialog', { name: `Vratiti folder „${folderName}“?` });
      await question.getByText('stavke deaktivirane zajedno s njim (1)', { exact: false }).waitFor();
      await screenshot(lookPage, `services-restore-with-items-${look.theme}-${look.size}`);
      await expectNoSeriousAxe(lookPage);
      // Keyboard: the safe button has the focus; Tab reaches 'the folder only', then 'with its items'.
      await expect
        .poll(() => lookPage.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Otkaži');
      await lookPage.keyboard.press('Tab');
      await expect
        .poll(() => lookPage.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Vrati samo folder');
      await lookPage.keyboard.press('Tab');
      await expect
        .poll(() => lookPage.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Vrati folder i stavke deaktivirane s njim (1)');
      if (index < LOOKS.length - 1) {
        await lookPage.keyboard.press('Escape');
        await question.waitFor({ state: 'detached' });
      } else {
        await lookPage.keyboard.press('Enter');
        await expectSnack(
          lookPage,
          `Uspješno ste vratili folder „${folderName}“ i stavke deaktivirane s njim (vraćenih stavki: 2)`,
        );
        const tree = await serviceTree(lookPage.request);
        const restored = tree.find((node) => node.id === folder.id);
        expect(restored?.is_active).toBe(true);
        expect(restored?.deactivated_items).toBe(0);
        const children = new Map(restored?.services.map((node) => [node.id, node.is_active]));
        expect(children.get(inside.id)).toBe(true);
        expect(children.get(alone.id)).toBe(false);
      }
      await opened.context.close();
    }
  });
});

describe('messages with their numbers', () => {
  /** What a person reads on the page: no placeholder left unfilled anywhere. */
  async function expectNoRawPlaceholder(page: Page): Promise<void> {
    expect(await page.locator('body').innerText()).not.toMatch(/\{\{|\}\}/);
  }

  const TEXTS = {
    me: {
      switchTo: null,
      save: 'Sačuvaj',
      cancel: 'Otkaži',
      newPrice: 'Nova cijena kredita',
      price: /^Cijena po kreditu/,
      newService: 'Nova usluga',
      name: /^Naziv/,
      credit: /^Kredit/,
      threeDecimals: ['0,705', '12,345'],
      decimals: 'Najviše 2 decimale.',
      digits: 'Maks 6 cifara.',
    },
    en: {
      switchTo: 'English',
      save: 'Save',
      cancel: 'Cancel',
      newPrice: 'New credit price',
      price: /^Price per credit/,
      newService: 'New service',
      name: /^Name/,
      credit: /^Credit/,
      threeDecimals: ['0.705', '12.345'],
      decimals: 'At most 2 decimals.',
      digits: 'At most 6 digits.',
    },
  } as const;

  // Montenegrin in the file's first look, English in its second: both widths and both themes.
  const CASES = LOOKS.map((look, index) => ({ look, language: index === 0 ? 'me' : 'en' }) as const);

  it.each(CASES)(
    'a price and a credit typed past their limits say the numbers ($language, $look.theme $look.size)',
    async ({ look, language }) => {
      const text = TEXTS[language];
      const { context, page } = await newPage(browser(), baseUrl, look.viewport, { theme: look.theme });
      await signIn(page);
      if (text.switchTo) await page.getByRole('button', { name: text.switchTo }).click();

      // A credit price with 3 decimals (the money fields of fields.ts).
      await page.goto('/credits');
      await page.getByRole('button', { name: language === 'me' ? 'Dodaj' : 'Add', exact: true }).click();
      const price = page.getByRole('dialog', { name: text.newPrice });
      await price.getByRole('textbox', { name: text.price }).fill(text.threeDecimals[0]);
      await price.getByRole('button', { name: text.save }).click();
      await price.getByText(text.decimals, { exact: true }).waitFor();
      await expectNoRawPlaceholder(page);
      await price.getByRole('button', { name: text.cancel }).click();
      await price.waitFor({ state: 'detached' });

      // A service's credit of 7 digits, then with 3 decimals (services.ts).
      await page.goto('/services');
      await page.getByRole('button', { name: text.newService }).click();
      const service = page.getByRole('dialog', { name: text.newService });
      await service.getByRole('textbox', { name: text.name }).fill(`Brojevi ${RUN}`);
      const credit = service.getByRole('textbox', { name: text.credit });
      await credit.fill('1000000');
      await service.getByRole('button', { name: text.save }).click();
      await service.getByText(text.digits, { exact: true }).waitFor();
      await expectNoRawPlaceholder(page);
      await page.mouse.move(0, 0);
      await screenshot(page, `numbers-credit-digits-${language}-${look.theme}-${look.size}`);
      await expectNoSeriousAxe(page);

      await credit.fill(text.threeDecimals[1]);
      await service.getByRole('button', { name: text.save }).click();
      await service.getByText(text.decimals, { exact: true }).waitFor();
      await expectNoRawPlaceholder(page);
      await context.close();
    },
  );
});
