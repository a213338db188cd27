import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, newPage, PHONE, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/credentials.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

async function openMenuItem(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Meni administracije' }).getByRole('link', { name }).click();
}

let countryCount = 0;

/**
 * The countries screen, reached from the admin home through the menu (Back has somewhere to go),
 * with a country of this test's own on top (the newest): other tests' countries may push the
 * seeded ones to a later page. Answers its name.
 */
async function openCountries(page: Page): Promise<string> {
  await signIn(page);
  const name = await createCountry(page);
  await openMenuItem(page, 'Države');
  await page.waitForURL((url) => url.pathname === '/countries');
  await rowWith(page, name).waitFor();
  return name;
}

/** A country of this test's own, the newest (on top of the list); answers its name. */
async function createCountry(page: Page): Promise<string> {
  const name = `Nacrt zemlja ${RUN}${++countryCount}`;
  const created = await page.request.post(`${baseUrl}/api/os_countries/store`, {
    data: { name, code: `N${RUN}${countryCount}` },
    headers: { origin: baseUrl },
  });
  expect(created.status()).toBe(201);
  return name;
}

async function openEdit(page: Page, name: string): Promise<Locator> {
  await rowWith(page, name).getByRole('button', { name: 'Izmijeni' }).click();
  const dialog = page.getByRole('dialog', { name: 'Izmjena države' });
  await dialog.waitFor();
  return dialog;
}

function nameField(dialog: Locator): Locator {
  return dialog.getByRole('textbox', { name: /Naziv države/ });
}

describe("the browser's Back inside a dialog", () => {
  it('asks when the dialog holds changes, closes it, and the page and its history stay', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    const country = await openCountries(page);

    // Nothing typed: Back closes the dialog at once.
    await openEdit(page, country);
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/countries');

    const dialog = await openEdit(page, country);
    await nameField(dialog).fill(`${country} (izmjena)`);
    await page.goBack();
    const ask = page.getByRole('dialog', { name: 'Odbaciti izmjene?' });
    await ask.waitFor();
    expect(pathOf(page)).toBe('/countries');
    await screenshot(page, 'drafts-back-asks');
    // The safe answer has the focus: Enter keeps editing.
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    expect(await nameField(dialog).inputValue()).toBe(`${country} (izmjena)`);

    await page.goBack();
    await ask.getByRole('button', { name: 'Odbaci izmjene' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/countries');

    // No history entry was added or lost: Back and Forward go where they always would.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/ads-on-approval');
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/countries');
    await rowWith(page, country).waitFor();
    await context.close();
  });

  it("on a phone, the back gesture closes the menu and then the form's question", async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE, { isTouch: true });
    await signIn(page);
    const country = await createCountry(page);
    await page.getByRole('button', { name: 'Otvori meni' }).tap();
    await openMenuItem(page, 'Države');
    await page.waitForURL((url) => url.pathname === '/countries');
    await page.getByRole('button', { name: 'Otvori meni' }).tap();
    const menu = page.getByRole('navigation', { name: 'Meni administracije' });
    await menu.waitFor();
    await page.goBack();
    await menu.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/countries');
    await page.getByRole('heading', { level: 1, name: 'Države' }).waitFor();

    // A form holding changes: the back gesture asks first, on the phone's narrow screen.
    const card = page
      .getByRole('list', { name: 'Države' })
      .getByRole('listitem')
      .filter({ hasText: country });
    await card.getByRole('button', { name: 'Izmijeni' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Izmjena države' });
    await dialog.waitFor();
    await nameField(dialog).fill(`${country} (s telefona)`);
    await page.goBack();
    const ask = page.getByRole('dialog', { name: 'Odbaciti izmjene?' });
    await ask.waitFor();
    expect(pathOf(page)).toBe('/countries');
    await screenshot(page, 'drafts-back-asks-phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Staying keeps what was typed.
    await ask.getByRole('button', { name: 'Nastavi uređivanje' }).tap();
    await ask.waitFor({ state: 'detached' });
    expect(await nameField(dialog).inputValue()).toBe(`${country} (s telefona)`);

    // Leaving closes the form; the list stays, with the country as it was.
    await page.goBack();
    await ask.getByRole('button', { name: 'Odbaci izmjene' }).tap();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/countries');
    await page.getByRole('heading', { level: 1, name: 'Države' }).waitFor();
    await card.waitFor();
    expect(await card.textContent()).not.toContain('(s telefona)');
    await context.close();
  });
});

describe('leaving with unsaved changes', () => {
  it('a menu click asks first, and closing the tab gets the browser to ask', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    const country = await openCountries(page);
    const dialog = await openEdit(page, country);
    await nameField(dialog).fill(`${country} (izmjena)`);

    // The menu lies under the dialog's backdrop: a click there is a click outside the form.
    await page
      .getByRole('navigation', { name: 'Meni administracije', includeHidden: true })
      .getByRole('link', { name: 'Gradovi', includeHidden: true })
      .click({ force: true });
    const ask = page.getByRole('dialog', { name: 'Odbaciti izmjene?' });
    await ask.waitFor();
    expect(pathOf(page)).toBe('/countries');
    await ask.getByRole('button', { name: 'Nastavi uređivanje' }).click();
    expect(await nameField(dialog).inputValue()).toBe(`${country} (izmjena)`);

    const questions: string[] = [];
    page.on('dialog', (question) => {
      questions.push(question.type());
      void question.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => questions).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    await context.close();
  });
});

describe('a form open when the session ends', () => {
  it('keeps the draft; after signing in the page it was on offers it, and restoring brings the values back', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await openMenuItem(page, 'Države');
    await page.waitForURL((url) => url.pathname === '/countries');

    // A country of this run, found with the filter (kept in the address), added once the list is in.
    const name = `Nacrtija ${RUN}`;
    await page.locator('table tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const add = page.getByRole('dialog', { name: 'Nova država' });
    await nameField(add).fill(name);
    await add.getByRole('textbox', { name: /Oznaka/ }).fill(`N${RUN}`);
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    await add.waitFor({ state: 'detached' });
    const filter = page.getByRole('textbox', { name: 'Filter: Naziv države' });
    await filter.fill(name);
    await filter.press('Enter');
    await page.waitForURL((url) => url.search !== '');
    const pageWithFilter = new URL(page.url());
    await rowWith(page, name).waitFor();

    const edit = await openEdit(page, name);
    await nameField(edit).fill(`${name} nacrt`);

    // Signed out in another tab: the session ends under the open form.
    const other = await context.newPage();
    await other.goto('/ads-on-approval');
    await other.getByRole('button', { name: 'Odjava' }).click();
    await other.waitForURL((url) => url.pathname === '/login');
    await other.close();

    await edit.getByRole('button', { name: 'Sačuvaj' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(
      `${pageWithFilter.pathname}${pageWithFilter.search}`,
    );
    expect(await page.getByRole('dialog', { name: 'Greška' }).count()).toBe(0);

    await page.getByLabel(/^Korisničko ime/).fill(ADMIN_USERNAME);
    await page.getByLabel(/^Lozinka/).fill(ADMIN_PASSWORD);
    await page.getByLabel(/^Lozinka/).press('Enter');
    await page.waitForURL((url) => url.pathname === '/countries');
    expect(new URL(page.url()).search).toBe(pageWithFilter.search);
    const offer = page.getByRole('status').filter({ hasText: 'Imate nesačuvan nacrt' });
    await offer.waitFor();
    expect(await offer.textContent()).toContain('„Izmjena države“');

    // The offer in every look: each theme at a desktop's and a phone's width.
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const theme of ['light', 'dark']) {
        const toggle = page.getByRole('button', { name: /Uključi (tamnu|svijetlu) temu/ });
        if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme)
          await toggle.click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await page.mouse.move(0, 0);
        await screenshot(page, `drafts-offer-${theme}-${size}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
      }
    }

    // Keyboard only: the skip link (the first Tab of a page), then the screen's first thing is the
    // offer's 'Vrati'.
    await page.setViewportSize(DESKTOP);
    await page.locator('a[href="#main-content"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const restore = offer.getByRole('button', { name: 'Vrati' });
    await expect.poll(() => restore.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    const restored = page.getByRole('dialog', { name: 'Izmjena države' });
    await restored.waitFor();
    expect(await nameField(restored).inputValue()).toBe(`${name} nacrt`);
    await screenshot(page, 'drafts-restored');
    await offer.waitFor({ state: 'detached' });

    await restored.getByRole('button', { name: 'Sačuvaj' }).click();
    await restored.waitFor({ state: 'detached' });
    // The offer has gone with its buttons: the focus waits on the screen, not at the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await filter.fill(`${name} nacrt`);
    await filter.press('Enter');
    await rowWith(page, `${name} nacrt`).waitFor();
    await context.close();
  });
});
