import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { tabTo } from '../support/keyboard.ts';
import { firstIds } from '../support/list-api.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones and other runs'. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
/** More than a page of 10: the list offers all that match beyond the page. */
const CITY_COUNT = 23;

/** The focused element's accessible name as its aria-label gives it (the table's region). */
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

describe('select all that match', () => {
  it('deactivates every city the filter matches, by keyboard, and gives the focus back to the table', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const [countryId] = await firstIds(page, '/api/os_countries/index', 1);
    const prefix = `Masovni ${RUN}`;
    for (let n = 0; n < CITY_COUNT; n++) {
      const stored = await page.request.post('/api/os_cities/store', {
        data: { name: `${prefix} ${n}`, post_code: String(85_000 + n), os_country_id: countryId },
      });
      expect(stored.status(), await stored.text()).toBe(201);
    }

    await page.goto(`/cities?f.name=${encodeURIComponent(prefix)}`);
    await page
      .getByRole('cell', { name: new RegExp(`^${prefix} `) })
      .first()
      .waitFor();

    await tabTo(page, 'Izaberi sve na stranici');
    await page.keyboard.press('Space');
    await tabTo(page, `Izaberi svih ${CITY_COUNT} koji odgovaraju filteru`);
    await page.keyboard.press('Enter');
    const toolbar = page.getByRole('toolbar', { name: 'Radnje nad izabranim zapisima' });
    await toolbar.getByText(`Izabrano je svih ${CITY_COUNT} zapisa koji odgovaraju filteru.`).waitFor();
    await screenshot(page, 'bulk-all-matching-chosen');
    await expectNoSeriousAxeViolations(page);

    await tabTo(page, 'Deaktiviraj');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Deaktivirati ${CITY_COUNT} zapisa?` });
    await dialog.waitFor();
    // The safe way out has the focus; the action is one Tab away.
    await expect
      .poll(() =>
        dialog.getByRole('button', { name: 'Otkaži' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const result = page.getByRole('dialog', { name: 'Rezultat' });
    await result.getByText(`Izmijenjeno: ${CITY_COUNT}`).waitFor();
    await screenshot(page, 'bulk-all-matching-result');
    await expectNoSeriousAxeViolations(page);
    // Its Close has the focus: Enter closes it.
    await expect
      .poll(() =>
        result.getByRole('button', { name: 'Zatvori' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await result.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('Gradovi');

    // Every matching city is inactive now, and only those.
    const active = await page.request.post('/api/os_cities/index', {
      data: { filters: { name: prefix }, show_only_active: true },
    });
    expect(((await active.json()) as { total_rows: number }).total_rows).toBe(0);
    const inactive = await page.request.post('/api/os_cities/index', {
      data: { filters: { name: prefix }, show_only_active: false },
    });
    expect(((await inactive.json()) as { total_rows: number }).total_rows).toBe(CITY_COUNT);
    await context.close();
  });
});
