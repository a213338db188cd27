import { readFile } from 'node:fs/promises';
import { type Locator, type Page, request as playwrightRequest } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, looksFor, newPage, PHONE, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { solidPng } from '../support/png.ts';
import { readZipEntry } from '../support/zip.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-5);

function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/** Waits for the success snackbar, then lets it go so the next one is a new one. */
async function expectSnack(page: Page, text: string): Promise<void> {
  // Over an open dialog (the credits dialog) the rest of the page is hidden from the a11y tree.
  const alert = page.getByRole('alert', { includeHidden: true }).filter({ hasText: text });
  await alert.waitFor();
  await alert.getByRole('button', { name: /close|zatvori/i, includeHidden: true }).click();
  await alert.waitFor({ state: 'detached' });
}

async function filterBy(page: Page, filterLabel: string, text: string): Promise<void> {
  const filter = page.getByRole('textbox', { name: filterLabel });
  await filter.fill(text);
  await filter.press('Enter');
  await rowWith(page, text).waitFor();
}

/** Chooses an option of a MUI select; a multi-select's menu is closed again with Escape. */
async function choose(page: Page, scope: Locator, label: RegExp, option: string, isMultiple = false) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  if (isMultiple) await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** What the web login answers for these credentials: 401 wrong password, 403 right one but a member. */
async function webLoginStatus(username: string, password: string): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  const answer = await api.post('/api/loginWeb', { data: { username, password, is_web: true } });
  await api.dispose();
  return answer.status();
}

/** A member with a balance, made through the API (multipart, as the form sends it). */
async function createMember(page: Page, username: string): Promise<number> {
  const answer = await page.request.post('/api/users/store', {
    multipart: {
      name: 'Kreditni',
      last_name: `Član ${username}`,
      email: `${username}@primjer.me`,
      username,
      phone: '+38267000000',
      user_type_id: '2',
      roles: '[2]',
      password: 'lozinka-123',
      confirm_password: 'lozinka-123',
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** Credits for a user through the API, at the first active price. */
async function topUp(page: Page, userId: number, amount: number): Promise<void> {
  const prices = await page.request.post('/api/credit_prices/index_active', { data: {} });
  const [price] = ((await prices.json()) as { result: { id: number }[] }).result;
  const answer = await page.request.post('/api/lead_transactions/store', {
    data: { credit_amount: amount, credit_price_id: price?.id, credit_for_user_id: userId },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

describe.each(LOOKS)('screens, $theme theme, $size', ({ theme, viewport, size }) => {
  it('users list, user form, credits dialog, credit prices and reports: screenshots and axe', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const username = `izgled-${theme}-${size}-${RUN}`;
    await topUp(page, await createMember(page, username), 120);
    const suffix = `${theme}-${size}`;

    await page.goto('/users');
    await page.getByText('admin@usluge.me', { exact: true }).first().waitFor();
    await screenshot(page, `users-list-${suffix}`);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Dodaj' }).click();
    const form = page.getByRole('dialog', { name: 'Novi korisnik' });
    await form.getByText('PNG ili JPEG, do 2 MB').waitFor();
    await screenshot(page, `users-form-${suffix}`);
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Otkaži' }).click();
    await form.waitFor({ state: 'detached' });

    await page.goto(`/users?f.username=${username}`);
    await page.getByText(`${username}@primjer.me`, { exact: true }).waitFor();
    // The menu has a 'Krediti' item and the table a 'Krediti' column to sort by: the row's action.
    await page.getByRole('main').getByRole('button', { name: 'Krediti', exact: true }).last().click();
    const credits = page.getByRole('dialog', { name: /^Krediti: / });
    await credits.getByText('Stanje kredita: 120').waitFor();
    await credits.getByText('+120').waitFor();
    await screenshot(page, `credits-dialog-${suffix}`);
    await expectNoSeriousAxeViolations(page);
    await credits.getByRole('button', { name: 'Zatvori' }).click();

    await page.goto('/credits');
    await page.getByText('Crna Gora').first().waitFor();
    await screenshot(page, `credit-prices-${suffix}`);
    await expectNoSeriousAxeViolations(page);

    await page.goto('/reports');
    await page.getByText('Dopuna kredita').first().waitFor();
    await screenshot(page, `reports-${suffix}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});

describe('users', () => {
  it('creates a company user with an image, edits it with a new password, and the saved values reopen', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.goto('/users');
    await page.getByRole('cell', { name: 'admin@usluge.me', exact: true }).waitFor();

    const username = `firma-${RUN}`;
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi korisnik' });
    await dialog.getByRole('textbox', { name: /^Ime/ }).fill('Firma');
    await dialog.getByRole('textbox', { name: /^Prezime/ }).fill(`Test ${RUN}`);
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`${username}@primjer.me`);
    await dialog.getByRole('textbox', { name: /^Korisničko ime/ }).fill(username);
    await dialog.getByRole('textbox', { name: /^Telefon/ }).fill('+38220111222');
    await choose(page, dialog, /^Uloge/, 'Korisnik', true);
    // Address and PIB belong to companies only.
    expect(await dialog.getByRole('textbox', { name: /^Adresa/ }).count()).toBe(0);
    await choose(page, dialog, /^Tip korisnika/, 'Pravno lice');
    await dialog.getByRole('textbox', { name: /^Adresa/ }).fill('Njegoševa 1, Podgorica');
    await dialog.getByRole('textbox', { name: /^PIB/ }).fill(`0${RUN}`);
    await dialog.getByText('PNG ili JPEG, do 2 MB').waitFor();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(64, 64, [200, 40, 40]) });
    await dialog.getByRole('img', { name: 'Pregled slike' }).waitFor();
    await dialog.getByLabel(/^Lozinka/).fill('prva-lozinka-1');
    await dialog.getByLabel(/^Potvrda lozinke/).fill('prva-lozinka-1');
    await screenshot(page, 'users-form-company', true);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste dodali korisnika');
    await dialog.waitFor({ state: 'detached' });

    await filterBy(page, 'Filter: E-mail', `${username}@primjer.me`);
    await rowWith(page, `${username}@primjer.me`).getByRole('button', { name: 'Izmijeni' }).click();
    const edit = page.getByRole('dialog', { name: 'Izmjena korisnika' });
    expect(await edit.getByRole('textbox', { name: /^Adresa/ }).inputValue()).toBe('Njegoševa 1, Podgorica');
    const preview = edit.getByRole('img', { name: 'Pregled slike' });
    const imageUrl = (await preview.getAttribute('src')) ?? '';
    expect(imageUrl).toMatch(/^\/api\/image\/user_images\//);
    // The stored image is served and is a picture.
    expect(await preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    // The password is not part of an edit until 'change password' is ticked.
    expect(await edit.getByLabel(/^Lozinka/).count()).toBe(0);
    await edit.getByRole('checkbox', { name: 'Promijeni lozinku' }).check();
    await edit.getByLabel(/^Lozinka/).fill('druga-lozinka-2');
    await edit.getByLabel(/^Potvrda lozinke/).fill('druga-lozinka-2');
    await edit.getByRole('textbox', { name: /^Telefon/ }).fill('+38220999888');
    await screenshot(page, 'users-form-edit-password');
    await edit.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste izmijenili korisnika');
    await edit.waitFor({ state: 'detached' });

    // The new password is the one that counts (members may not use the web panel: 403, not 401).
    expect(await webLoginStatus(username, 'druga-lozinka-2')).toBe(403);
    expect(await webLoginStatus(username, 'prva-lozinka-1')).toBe(401);

    await rowWith(page, `${username}@primjer.me`).getByRole('button', { name: 'Izmijeni' }).click();
    const again = page.getByRole('dialog', { name: 'Izmjena korisnika' });
    expect(await again.getByRole('textbox', { name: /^Telefon/ }).inputValue()).toBe('+38220999888');
    expect(await again.getByRole('textbox', { name: /^PIB/ }).inputValue()).toBe(`0${RUN}`);
    expect(await again.getByRole('combobox', { name: /^Tip korisnika/ }).textContent()).toContain(
      'Pravno lice',
    );
    expect(await again.getByRole('combobox', { name: /^Uloge/ }).textContent()).toContain('Korisnik');
    // The stored image is removed: saved without it, the form shows none and the file is gone.
    await again.getByRole('button', { name: 'Ukloni sliku' }).click();
    expect(await again.getByRole('img', { name: 'Pregled slike' }).count()).toBe(0);
    await again.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste izmijenili korisnika');
    await again.waitFor({ state: 'detached' });
    await rowWith(page, `${username}@primjer.me`).getByRole('button', { name: 'Izmijeni' }).click();
    const withoutImage = page.getByRole('dialog', { name: 'Izmjena korisnika' });
    await withoutImage.getByRole('textbox', { name: /^Telefon/ }).waitFor();
    expect(await withoutImage.getByRole('img', { name: 'Pregled slike' }).count()).toBe(0);
    expect((await page.request.get(imageUrl)).status()).toBe(404);
    await withoutImage.getByRole('button', { name: 'Otkaži' }).click();
    await context.close();
  });
});

describe.each(LOOKS)('the total that will be saved, $theme theme, $size', ({ theme, viewport, size }) => {
  it('a typed total that buys no whole number of credits says what Save keeps, and the field shows it on leaving (keyboard only)', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const suffix = `${theme}-${size}`;
    const username = `ukupno-${suffix}-${RUN}`;
    await createMember(page, username);
    await page.goto(`/users?f.username=${username}`);
    await page.getByText(`${username}@primjer.me`, { exact: true }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Krediti', exact: true }).last().focus();
    await page.keyboard.press('Enter');
    const credits = page.getByRole('dialog', { name: /^Krediti: / });
    await credits.getByText('Stanje kredita: 0').waitFor();
    await credits.getByRole('button', { name: 'Dodaj kredite' }).focus();
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Dodavanje kredita' });
    await add.waitFor();
    await page.keyboard.press('ArrowDown'); // the price select has the focus and opens
    await page.getByRole('option', { name: 'Crna Gora · 0,50 €', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.keyboard.press('Tab'); // the quantity
    await page.keyboard.press('Tab'); // the total
    await page.keyboard.type('101,30');
    const quantity = add.getByRole('textbox', { name: /^Količina/ });
    const total = add.getByRole('textbox', { name: /^Ukupna cijena/ });
    // 202 whole credits: the field keeps what is typed, the note says what Save keeps.
    expect(await quantity.inputValue()).toBe('202');
    expect(await total.inputValue()).toBe('101,30');
    await add.getByText('Biće sačuvano: 101,00 € za količinu 202').waitFor();
    await screenshot(page, `credits-total-typed-${suffix}`);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Tab');
    await expect.poll(() => total.inputValue()).toBe('101,00');
    await add.getByText('Biće sačuvano').waitFor({ state: 'detached' });
    await screenshot(page, `credits-total-settled-${suffix}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});

describe('credits of a user', () => {
  it('tops up 500 credits at a chosen price, and a correction that would overdraw shows the server message', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const username = `krediti-${RUN}`;
    await createMember(page, username);
    await page.goto('/users');
    await filterBy(page, 'Filter: E-mail', `${username}@primjer.me`);
    const row = rowWith(page, `${username}@primjer.me`);
    await row.getByRole('button', { name: 'Krediti' }).click();
    const credits = page.getByRole('dialog', { name: `Krediti: Kreditni Član ${username}` });
    await credits.getByText('Stanje kredita: 0').waitFor();
    await credits.getByText('Nema podataka').waitFor();

    await credits.getByRole('button', { name: 'Dodaj kredite' }).click();
    const add = page.getByRole('dialog', { name: 'Dodavanje kredita' });
    const quantity = add.getByRole('textbox', { name: /^Količina/ });
    const total = add.getByRole('textbox', { name: /^Ukupna cijena/ });
    expect(await quantity.isDisabled()).toBe(true);
    expect(await total.isDisabled()).toBe(true);
    await choose(page, add, /^Cijena kredita/, 'Crna Gora · 0,50 €');
    await quantity.fill('+500');
    expect(await total.inputValue()).toBe('250,00');
    await total.fill('100,70');
    expect(await quantity.inputValue()).toBe('201');
    await quantity.fill('500');
    await screenshot(page, 'credits-add-dialog');
    await expectNoSeriousAxeViolations(page);
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste dodali kredite');
    await add.waitFor({ state: 'detached' });
    await credits.getByText('Stanje kredita: 500').waitFor();
    const entry = credits.getByRole('row').filter({ hasText: '+500' });
    await entry.getByRole('cell', { name: '250,00 €', exact: true }).waitFor();
    await entry.getByRole('cell', { name: '0,50 €', exact: true }).waitFor();
    await screenshot(page, 'credits-dialog-history');
    await expectNoSeriousAxeViolations(page);

    // A correction that would overdraw, by keyboard alone: the server's message under the quantity.
    await credits.getByRole('button', { name: 'Dodaj kredite' }).focus();
    await page.keyboard.press('Enter');
    await add.waitFor();
    await page.keyboard.press('ArrowDown'); // the price select has the focus and opens
    await page.getByRole('option', { name: 'Crna Gora · 0,50 €', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.keyboard.press('Tab');
    await page.keyboard.type('-600');
    await page.keyboard.press('Enter');
    await add.getByText('Stanje kredita ne može biti negativno (trenutno stanje: 500).').waitFor();
    await screenshot(page, 'credits-overdraw');
    await page.keyboard.press('Escape');
    // Changed, so closing asks first; the balance did not move.
    await page
      .getByRole('dialog', { name: 'Odbaciti izmjene?' })
      .getByRole('button', { name: 'Odbaci izmjene' })
      .click();
    await add.waitFor({ state: 'detached' });
    await credits.getByText('Stanje kredita: 500').waitFor();
    await credits.getByRole('button', { name: 'Zatvori' }).click();
    // The list shows the new balance.
    await row.getByRole('cell', { name: '500', exact: true }).waitFor();
    await context.close();
  });

  it('reads on a phone', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await signIn(page);
    const username = `telefon-${RUN}`;
    await createMember(page, username);
    await page.goto('/users');
    await page.getByRole('button', { name: /^Filteri/ }).click();
    await page.getByRole('textbox', { name: 'Filter: E-mail' }).fill(`${username}@primjer.me`);
    await page.getByRole('textbox', { name: 'Filter: E-mail' }).press('Enter');
    await page.getByRole('button', { name: 'Krediti' }).first().click();
    const credits = page.getByRole('dialog', { name: /^Krediti: / });
    await credits.getByText('Stanje kredita: 0').waitFor();
    await screenshot(page, 'credits-dialog-phone');
    await credits.getByRole('button', { name: 'Dodaj kredite' }).click();
    await page.getByRole('dialog', { name: 'Dodavanje kredita' }).waitFor();
    await screenshot(page, 'credits-add-dialog-phone');
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});

describe('credit prices', () => {
  it('adds a price, changes it, and its history shows both', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.goto('/credits');
    await page.getByRole('heading', { level: 1, name: 'Krediti' }).waitFor();
    await rowWith(page, 'Crna Gora').first().waitFor();

    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova cijena kredita' });
    await choose(page, dialog, /^Država/, 'Hrvatska');
    await choose(page, dialog, /^Valuta/, 'Američki dolar');
    await dialog.getByRole('textbox', { name: /^Cijena po kreditu/ }).fill('0,70');
    await screenshot(page, 'credit-price-form');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste dodali cijenu kredita');

    const row = page.getByRole('row').filter({ hasText: 'Hrvatska' }).filter({ hasText: 'USD' });
    await row.getByRole('cell', { name: '0,70 $', exact: true }).waitFor();
    await row.getByRole('button', { name: 'Izmijeni' }).click();
    const edit = page.getByRole('dialog', { name: 'Izmjena cijene kredita' });
    await edit.getByRole('textbox', { name: /^Cijena po kreditu/ }).fill('0,75');
    await edit.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste izmijenili cijenu kredita');
    await row.getByRole('cell', { name: '0,75 $', exact: true }).waitFor();

    await row.getByRole('button', { name: 'Istorija cijene' }).click();
    const history = page.getByRole('dialog', { name: 'Istorija cijene: Hrvatska · USD' });
    await history.getByRole('cell', { name: '0,75 $', exact: true }).waitFor();
    await history.getByRole('cell', { name: '0,70 $', exact: true }).waitFor();
    expect(await history.getByRole('row').count()).toBe(3); // the header and two prices
    await screenshot(page, 'credit-price-history');
    await expectNoSeriousAxeViolations(page);
    await history.getByRole('button', { name: 'Zatvori' }).click();
    await context.close();
  });
});

describe('transactions report', () => {
  it('lists the ledger and downloads it named transakcije', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await newPage(browser(), baseUrl, viewport);
      await signIn(page);
      await page.goto('/reports');
      await page.getByRole('heading', { level: 1, name: 'Izvještaji' }).waitFor();
      await page.getByText('Dopuna kredita').first().waitFor();
      await screenshot(page, `reports-${viewport.width}`);
      if (viewport === PHONE) {
        await context.close();
        continue;
      }
      await page.getByRole('button', { name: 'Izvještaj' }).click();
      const dialog = page.getByRole('dialog', { name: 'Preuzimanje izvještaja' });
      expect(await dialog.getByRole('textbox', { name: /Naziv izvještaja/ }).inputValue()).toBe(
        'transakcije',
      );
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Preuzmi' }).click(),
      ]);
      expect(pdf.suggestedFilename()).toBe('transakcije.pdf');
      const pdfBytes = await readFile(await pdf.path());
      expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await page.getByRole('button', { name: 'Izvještaj' }).click();
      await dialog.getByRole('combobox', { name: /Tip fajla/ }).click();
      await page.getByRole('option', { name: 'Excel (XLSX)', exact: true }).click();
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Preuzmi' }).click(),
      ]);
      expect(xlsx.suggestedFilename()).toBe('transakcije.xlsx');
      const bytes = await readFile(await xlsx.path());
      const xml = [
        readZipEntry(bytes, 'xl/sharedStrings.xml'),
        readZipEntry(bytes, 'xl/worksheets/sheet1.xml'),
      ].join('');
      for (const text of ['Korisnik', 'Opis', 'Iznos kredita', 'Stanje kredita', 'Dopuna kredita']) {
        expect(xml).toContain(text);
      }
      await context.close();
    }
  });
});
