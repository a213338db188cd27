import type { Locator, Page } from 'playwright-core';
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
} from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const THEMES: readonly ThemeMode[] = ['light', 'dark'];

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** The accessible-ish name of the focused element: its aria-label or its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim();
  });
}

async function countriesList(page: Page): Promise<void> {
  await page.goto('/countries');
  await page.getByText('Crna Gora', { exact: true }).first().waitFor();
}

describe('phone (390 px)', () => {
  it.each(THEMES)(
    '%s: lists as cards, pages without sideways scrolling, filters from the panel',
    async (theme) => {
      const { context, page } = await newPage(browser(), baseUrl, PHONE, { theme, isTouch: true });
      await signIn(page);
      await page.goto('/cities');
      await page.getByRole('list', { name: 'Gradovi' }).getByRole('listitem').first().waitFor();
      expect(await page.getByRole('table').count()).toBe(0);

      // Nothing is wider than the screen, and every page button is on it.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      for (const name of [
        'Prva stranica',
        'Prethodna stranica',
        'Sljedeća stranica',
        'Posljednja stranica',
      ]) {
        const box = await page.getByRole('button', { name }).boundingBox();
        expect(box, name).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(PHONE.width);
      }
      await page.getByRole('button', { name: 'Sljedeća stranica' }).tap();
      await page.waitForURL('**/cities?page=2');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await screenshot(page, `phone-cities-${theme}`, true);

      await page.getByRole('button', { name: 'Filteri' }).tap();
      // The panel's fields show the column titles; their names say they filter.
      await page.getByRole('textbox', { name: 'Filter: Država', exact: true }).fill('Crna');
      await page.getByRole('textbox', { name: 'Filter: Ažurirano (Od)' }).fill('01.01.2020');
      await screenshot(page, `phone-filter-panel-${theme}`);
      await page.getByRole('button', { name: 'Pretraži' }).tap();
      await page.waitForURL((url) => url.searchParams.get('f.countries.name') === 'Crna');
      expect(new URL(page.url()).searchParams.get('f.updated_at')).toBe('01.01.2020~');
      await page.getByRole('button', { name: 'Filteri (2)' }).waitFor();
      expect(await page.getByRole('list', { name: 'Gradovi' }).getByText('Srbija').count()).toBe(0);
      await context.close();
    },
  );

  it('closes the menu after a tap on an item, with no tooltip left on the screen', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE, { isTouch: true });
    await signIn(page);
    await page.getByRole('button', { name: 'Otvori meni' }).tap();
    const menu = page.getByRole('dialog', { name: 'Meni administracije' });
    await menu.getByRole('link', { name: 'Države' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Države' }).waitFor();
    await menu.waitFor({ state: 'detached' });
    // Long enough for any tooltip to have appeared (MUI waits 100 ms).
    await page.waitForTimeout(600);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    expect(await isFocused(page.getByRole('main'))).toBe(true);
    await screenshot(page, 'phone-after-menu-tap');
    await context.close();
  });
});

describe('times', () => {
  it("shows Montenegro's time in a browser far away, and reads dd.mm.yyyy date filters", async () => {
    const { context, page } = await newPage(browser(), baseUrl, DESKTOP, {
      timezoneId: 'America/Los_Angeles',
    });
    await signIn(page);
    await countriesList(page);
    const updatedAt = await page.evaluate(async () => {
      const answer = await fetch('/api/os_countries/index', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filters: { code: 'ME' } }),
      });
      return ((await answer.json()) as { result: { updated_at: string }[] }).result[0]?.updated_at ?? '';
    });
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Podgorica',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(updatedAt))
        .map((part) => [part.type, part.value]),
    );
    const shown = `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Crna Gora', exact: true }) });
    await row.getByRole('cell', { name: shown, exact: true }).waitFor();

    // Today in Montenegro as dd.mm.yyyy: the seeded rows were written today.
    const today = `${parts.day}.${parts.month}.${parts.year}`;
    await page.getByRole('textbox', { name: 'Filter: Ažurirano (Od)' }).fill(today);
    await page.getByRole('textbox', { name: 'Filter: Ažurirano (Do)' }).fill(today);
    // The filtered read is sent once the applied filters have rendered: typing after it cannot be
    // overwritten by the filter row taking the applied values.
    const filtered = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/api/os_countries/index') &&
        (answer.request().postData() ?? '').includes('"between"'),
    );
    await page.getByRole('textbox', { name: 'Filter: Ažurirano (Do)' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('f.updated_at') === `${today}~${today}`);
    await filtered;
    await row.waitFor();
    await page.getByRole('textbox', { name: 'Filter: Ažurirano (Do)' }).fill('31.02.2020');
    await page.getByText('Unesite postojeći datum, dd.mm.gggg').waitFor();
    await page
      .getByRole('columnheader', { name: /Ažurirano/ })
      .getByRole('button')
      .hover();
    await page.getByRole('tooltip', { name: 'vrijeme u Crnoj Gori' }).waitFor();
    await screenshot(page, 'countries-date-filter');
    await context.close();
  });
});

describe('keyboard', () => {
  it.each(THEMES)(
    '%s: skip link, focus ring, add with Enter, ask before Escape discards, safe deactivation',
    async (theme) => {
      const { context, page } = await newPage(browser(), baseUrl, DESKTOP, { theme });
      await signIn(page);
      await countriesList(page);

      // The skip link comes first and hands the focus to the screen.
      await page.locator('body').focus();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Preskoči na glavni sadržaj' });
      expect(await isFocused(skip)).toBe(true);
      await screenshot(page, `keyboard-skip-link-${theme}`);
      await page.keyboard.press('Enter');
      expect(await isFocused(page.getByRole('main'))).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('Aktivni');

      // Every control shows a 3 px focus ring: a toggle, a sort header, an icon button.
      const ring = () =>
        page.evaluate(() => {
          const style = getComputedStyle(document.activeElement as Element);
          return `${style.outlineStyle} ${style.outlineWidth}`;
        });
      expect(await ring()).toBe('solid 3px');
      await page.getByRole('button', { name: 'Oznaka' }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('Oznaka');
      expect(await ring()).toBe('solid 3px');
      await screenshot(page, `keyboard-sort-header-${theme}`);
      const menuLink = page
        .getByRole('navigation', { name: 'Meni administracije' })
        .getByRole('link', { name: 'Gradovi' });
      await menuLink.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await isFocused(menuLink)).toBe(true);
      expect(await ring()).toBe('solid 3px');
      await screenshot(page, `keyboard-menu-${theme}`);
      // On the app bar the ring takes the bar's text colour, which stands out from the bar.
      const themeToggle = page.getByRole('button', { name: /Uključi (tamnu|svijetlu) temu/ });
      await themeToggle.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await isFocused(themeToggle)).toBe(true);
      expect(await ring()).toBe('solid 3px');
      expect(
        await themeToggle.evaluate((element) => {
          const style = getComputedStyle(element);
          return style.outlineColor === style.color;
        }),
      ).toBe(true);
      await screenshot(page, `keyboard-app-bar-${theme}`);

      // Add: Enter on 'Dodaj' opens the form with the focus in its first field; Enter saves.
      await page.getByRole('button', { name: 'Dodaj' }).focus();
      await page.keyboard.press('Enter');
      const add = page.getByRole('dialog', { name: 'Nova država' });
      await add.waitFor();
      await expect.poll(() => isFocused(add.getByRole('textbox', { name: /Naziv države/ }))).toBe(true);
      const name = `Tastatura ${theme} ${RUN}`;
      await page.keyboard.type(name);
      await page.keyboard.press('Tab');
      await page.keyboard.type(`${theme === 'light' ? 'K' : 'J'}${RUN}`);
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Uspješno ste dodali državu' }).waitFor();
      await add.waitFor({ state: 'detached' });
      // The success snackbar is readable too.
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await focusedName(page)).toBe('Dodaj');

      // Escape with unsaved input asks first; 'keep editing' has the focus.
      await page.keyboard.press('Enter');
      await add.waitFor();
      await expect.poll(() => isFocused(add.getByRole('textbox', { name: /Naziv države/ }))).toBe(true);
      await page.keyboard.type('nesačuvano');
      await page.keyboard.press('Escape');
      const discard = page.getByRole('dialog', { name: 'Odbaciti izmjene?' });
      await discard.waitFor();
      await expect
        .poll(() => isFocused(discard.getByRole('button', { name: 'Nastavi uređivanje' })))
        .toBe(true);
      await screenshot(page, `keyboard-discard-${theme}`);
      await page.keyboard.press('Enter');
      await discard.waitFor({ state: 'detached' });
      expect(await add.getByRole('textbox', { name: /Naziv države/ }).inputValue()).toBe('nesačuvano');
      await page.keyboard.press('Escape');
      await discard.waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await add.waitFor({ state: 'detached' });

      // Deactivate: the question names the row, and Enter right away keeps it active.
      const filter = page.getByRole('textbox', { name: 'Filter: Naziv države' });
      await filter.fill(name);
      await filter.press('Enter');
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
      await row.getByRole('button', { name: 'Deaktiviraj' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: `Deaktivirati državu „${name}“?` });
      await confirm.waitFor();
      await expect.poll(() => isFocused(confirm.getByRole('button', { name: 'Otkaži' }))).toBe(true);
      await screenshot(page, `keyboard-confirm-deactivate-${theme}`);
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'detached' });
      await row.getByText('Aktivan', { exact: true }).waitFor();
      await context.close();
    },
  );
});

describe('login', () => {
  it('sends a signed-in user who opens /login on to the ads awaiting approval', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.goto('/login');
    // By path alone: the address carries the list's fixed status filter.
    await page.waitForURL((url) => url.pathname === '/ads-on-approval');
    await page.getByRole('heading', { level: 1, name: 'Oglasi na odobrenju' }).waitFor();
    await context.close();
  });
});
