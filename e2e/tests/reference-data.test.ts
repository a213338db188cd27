import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { readZipEntry } from '../support/zip.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
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

/** Narrows the list to one name with the filter row, so paging never hides the row. */
async function filterByName(page: Page, filterLabel: string, name: string): Promise<void> {
  const filter = page.getByRole('textbox', { name: filterLabel });
  await filter.fill(name);
  await filter.press('Enter');
  await rowWith(page, name).waitFor();
}

/**
 * Deactivate then restore one row, each after the confirmation naming it, whose safe button has
 * the focus.
 */
async function deactivateAndRestore(page: Page, name: string, noun: string, shot: string): Promise<void> {
  const row = rowWith(page, name);
  await row.getByRole('button', { name: 'Deaktiviraj' }).click();
  const confirm = page.getByRole('dialog', { name: `Deaktivirati ${noun} „${name}“?` });
  await confirm.waitFor();
  await expect
    .poll(() =>
      confirm.getByRole('button', { name: 'Otkaži' }).evaluate((el) => el === document.activeElement),
    )
    .toBe(true);
  await screenshot(page, `${shot}-confirm-deactivate`);
  await confirm.getByRole('button', { name: 'Deaktiviraj' }).click();
  await expectSnack(page, `Uspješno ste deaktivirali ${noun}`);
  await row.getByText('Neaktivan').waitFor();
  await screenshot(page, `${shot}-deactivated`);

  await row.getByRole('button', { name: 'Vrati' }).click();
  const restore = page.getByRole('dialog', { name: `Vratiti ${noun} „${name}“?` });
  await restore.getByRole('button', { name: 'Vrati' }).click();
  await expectSnack(page, `Uspješno ste vratili ${noun}`);
  await row.getByText('Aktivan', { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Deaktiviraj' }).waitFor();
}

describe('countries', () => {
  it('adds, edits, deactivates and restores a country, with required fields and a code conflict', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.goto('/countries');
    await page.getByRole('cell', { name: 'Crna Gora', exact: true }).waitFor();

    // Empty form: the server's message under each field, and the note about required fields.
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const add = page.getByRole('dialog', { name: 'Nova država' });
    await add.getByText('Polja označena zvjezdicom (*) su obavezna.').waitFor();
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect.poll(() => add.getByText('Obavezno polje.', { exact: true }).count()).toBe(2);
    await screenshot(page, 'country-add-required');

    // A code that exists: 409 under the code field, and no 'Greška' dialog over the form.
    const name = `Testlandija ${RUN}`;
    await add.getByRole('textbox', { name: /Naziv države/ }).fill(name);
    await add.getByRole('textbox', { name: /Oznaka/ }).fill('ME');
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    await add.getByText('Država sa ovom oznakom već postoji.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Greška' }).count()).toBe(0);
    await screenshot(page, 'country-add-code-conflict');

    await add.getByRole('textbox', { name: /Oznaka/ }).fill(`T${RUN}`);
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste dodali državu');
    await add.waitFor({ state: 'detached' });
    await filterByName(page, 'Filter: Naziv države', name);
    expect(
      await rowWith(page, name)
        .getByRole('cell', { name: `T${RUN}`, exact: true })
        .count(),
    ).toBe(1);
    await screenshot(page, 'country-added');

    // Edit: the dialog starts from the row.
    await rowWith(page, name).getByRole('button', { name: 'Izmijeni' }).click();
    const edit = page.getByRole('dialog', { name: 'Izmjena države' });
    expect(await edit.getByRole('textbox', { name: /Naziv države/ }).inputValue()).toBe(name);
    const renamed = `${name} izmijenjena`;
    await edit.getByRole('textbox', { name: /Naziv države/ }).fill(renamed);
    await screenshot(page, 'country-edit');
    await edit.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste izmijenili državu');
    await filterByName(page, 'Filter: Naziv države', renamed);

    await deactivateAndRestore(page, renamed, 'državu', 'country');
    await screenshot(page, 'country-restored');
    await context.close();
  });
});

describe('cities', () => {
  it('adds a city in a picked country, edits, deactivates and restores it', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Meni administracije' })
      .getByRole('link', { name: 'Gradovi' })
      .click();
    await heading(page, 'Gradovi').waitFor();
    // Filtered by the country's name (contains).
    const countryFilter = page.getByRole('textbox', { name: 'Filter: Država' });
    await countryFilter.fill('Crna');
    await countryFilter.press('Enter');
    await page.waitForURL('**/cities?f.countries.name=Crna');
    await page.getByRole('cell', { name: 'Crna Gora', exact: true }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'Srbija', exact: true }).count()).toBe(0);
    await screenshot(page, 'cities-list-by-country');
    await page.getByRole('button', { name: 'Očisti filtere' }).click();
    await page.waitForURL((url) => url.search === '');

    await page.getByRole('button', { name: 'Dodaj' }).click();
    const add = page.getByRole('dialog', { name: 'Novi grad' });
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect.poll(() => add.getByText('Obavezno polje.', { exact: true }).count()).toBe(2);
    await add.getByText('Obavezno polje', { exact: true }).waitFor();
    await screenshot(page, 'city-add-required');

    const name = `Testgrad ${RUN}`;
    await add.getByRole('textbox', { name: /Naziv grada/ }).fill(name);
    await add.getByRole('textbox', { name: /Poštanski broj/ }).fill('99001');
    await add.getByRole('combobox', { name: /Država/ }).click();
    await page.getByRole('option', { name: 'Crna Gora', exact: true }).click();
    await screenshot(page, 'city-add-filled');
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste dodali grad');
    await add.waitFor({ state: 'detached' });
    await filterByName(page, 'Filter: Naziv grada', name);
    const row = rowWith(page, name);
    await row.getByRole('cell', { name: 'Crna Gora', exact: true }).waitFor();
    await row.getByRole('cell', { name: '99001', exact: true }).waitFor();

    // The same name again in the same country is a conflict on the name.
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const again = page.getByRole('dialog', { name: 'Novi grad' });
    await again.getByRole('textbox', { name: /Naziv grada/ }).fill(name);
    await again.getByRole('textbox', { name: /Poštanski broj/ }).fill('99002');
    await again.getByRole('combobox', { name: /Država/ }).click();
    await page.getByRole('option', { name: 'Crna Gora', exact: true }).click();
    await again.getByRole('button', { name: 'Sačuvaj' }).click();
    await again.getByText('Grad sa ovim imenom već postoji u izabranoj državi.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Greška' }).count()).toBe(0);
    await screenshot(page, 'city-add-name-conflict');
    await again.getByRole('button', { name: 'Otkaži' }).click();
    await again.waitFor({ state: 'detached' });

    // Edit: move it to another country with another post code.
    await row.getByRole('button', { name: 'Izmijeni' }).click();
    const edit = page.getByRole('dialog', { name: 'Izmjena grada' });
    expect(await edit.getByRole('combobox', { name: /Država/ }).textContent()).toContain('Crna Gora');
    await edit.getByRole('textbox', { name: /Poštanski broj/ }).fill('11999');
    await edit.getByRole('combobox', { name: /Država/ }).click();
    await page.getByRole('option', { name: 'Srbija', exact: true }).click();
    await edit.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste izmijenili grad');
    await row.getByRole('cell', { name: 'Srbija', exact: true }).waitFor();
    await row.getByRole('cell', { name: '11999', exact: true }).waitFor();
    await screenshot(page, 'city-edited');

    await deactivateAndRestore(page, name, 'grad', 'city');
    await context.close();
  });
});

describe('report download', () => {
  /** Opens the report dialog, chooses name and type, and answers the download. */
  async function download(page: Page, name: string, typeLabel: string, shot?: string) {
    await page.getByRole('button', { name: 'Izvještaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preuzimanje izvještaja' });
    await dialog.getByRole('textbox', { name: /Naziv izvještaja/ }).fill(name);
    await dialog.getByRole('combobox', { name: /Tip fajla/ }).click();
    await page.getByRole('option', { name: typeLabel, exact: true }).click();
    if (shot) await screenshot(page, shot);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Preuzmi' }).click(),
    ]);
    const bytes = await readFile(await file.path());
    await dialog.waitFor({ state: 'detached' });
    return { fileName: file.suggestedFilename(), bytes };
  }

  it('downloads the filtered countries as PDF and XLSX, named as asked', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.goto('/countries');
    await filterByName(page, 'Filter: Naziv države', 'Crna Gora');

    // The dialog's defaults.
    await page.getByRole('button', { name: 'Izvještaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preuzimanje izvještaja' });
    expect(await dialog.getByRole('textbox', { name: /Naziv izvještaja/ }).inputValue()).toBe('report');
    expect(await dialog.getByRole('combobox', { name: /Tip fajla/ }).textContent()).toContain('PDF');
    expect(await dialog.getByRole('checkbox', { name: /Prikaži sve/ }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: /Naziv izvještaja/ }).fill('');
    await dialog.getByRole('button', { name: 'Preuzmi' }).click();
    await dialog.getByText('Obavezno polje.', { exact: true }).waitFor();
    await screenshot(page, 'report-dialog-required');
    await dialog.getByRole('button', { name: 'Otkaži' }).click();
    await dialog.waitFor({ state: 'detached' });

    const pdf = await download(page, 'Države ČĆŠŽĐ', 'PDF', 'report-dialog-pdf');
    expect(pdf.fileName).toBe('Države ČĆŠŽĐ.pdf');
    expect(pdf.bytes.length).toBeGreaterThan(500);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText('Izvještaj Države ČĆŠŽĐ.pdf je preuzet.').waitFor();
    await screenshot(page, 'report-downloaded');

    const xlsx = await download(page, 'drzave', 'Excel (XLSX)');
    expect(xlsx.fileName).toBe('drzave.xlsx');
    expect(xlsx.bytes.length).toBeGreaterThan(500);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    // The filtered rows only, under the titles the screen shows, with its status word ('Aktivan').
    const shownStatus = await page.getByRole('cell', { name: 'Aktivan', exact: true }).first().textContent();
    expect(shownStatus).toBe('Aktivan');
    const xml = [
      readZipEntry(xlsx.bytes, 'xl/sharedStrings.xml'),
      readZipEntry(xlsx.bytes, 'xl/worksheets/sheet1.xml'),
    ].join('');
    for (const text of ['Ažurirano', 'Naziv države', 'Oznaka', 'Status', 'Crna Gora', 'ME', 'Aktivan']) {
      expect(xml).toContain(text);
    }
    expect(xml).not.toContain('Srbija');
    await context.close();
  });

  it('is offered on the users list too', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    // Filtered by the address: tests before this one (refunds) add users, so admin may be on page 2.
    await page.goto('/users?f.username=admin');
    await page.getByRole('cell', { name: 'admin@usluge.me', exact: true }).waitFor();
    const docx = await download(page, 'korisnici', 'Word (DOCX)', 'report-dialog-users');
    expect(docx.fileName).toBe('korisnici.docx');
    expect(docx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await context.close();
  });
});
