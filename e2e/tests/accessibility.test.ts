import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { ALL_LOOKS, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Screenshots a screen and asserts axe finds nothing serious or critical on it. */
async function expectAccessible(page: Page, shot: string): Promise<void> {
  await screenshot(page, shot);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe.each(ALL_LOOKS)('axe: $theme theme, $size', ({ theme, viewport, size }) => {
  const suffix = `${theme}-${size}`;

  it('the landing page', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await expectAccessible(page, `a11y-landing-${suffix}`);
    await context.close();
  });

  it('the login page', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Prijava' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await expectAccessible(page, `a11y-login-${suffix}`);
    await context.close();
  });

  it('the admin shell with its drawer, a list, and the add dialog', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    // Filtered by the address: other tests' countries may push the seeded ones to a later page.
    await page.goto('/countries?f.name=Crna%20Gora');
    await page.getByText('Crna Gora', { exact: true }).first().waitFor();
    await expectAccessible(page, `a11y-countries-${suffix}`);

    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova država' });
    await dialog.waitFor();
    await expectAccessible(page, `a11y-country-add-${suffix}`);
    await dialog.getByRole('button', { name: 'Otkaži' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The drawer: open beside the screen on a desktop, over it on a phone.
    if (size === 'phone') await page.getByRole('button', { name: 'Otvori meni' }).click();
    const menu = page.getByRole('navigation', { name: 'Meni administracije' });
    await menu.getByRole('link', { name: 'Države' }).waitFor();
    await expectAccessible(page, `a11y-drawer-${suffix}`);
    await context.close();
  });
});
