import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, PHONE, screenshot } from '../support/browser.ts';

/**
 * Budget for the JavaScript the landing page loads, gzip-compressed: measured at about 100 KB
 * (React DOM ~69, i18next with react-i18next ~20, the page with both catalogues ~10). The router,
 * MUI and every admin screen stay out; the budget leaves room for copy, not for a library.
 */
const LANDING_JS_BUDGET_GZIP = 110 * 1024;

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('landing page', () => {
  it('loads little JavaScript, none of it the admin panel or MUI', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const scripts: { url: string; bytes: number; gzip: number }[] = [];
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      scripts.push({
        url: new URL(response.url()).pathname,
        bytes: body.length,
        gzip: gzipSync(body).length,
      });
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect.poll(() => scripts.length).toBeGreaterThan(0);

    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const raw = scripts.reduce((sum, s) => sum + s.bytes, 0);
    process.stdout.write(
      `landing page JavaScript: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KB raw, ` +
        `${(total / 1024).toFixed(1)} KB gzip\n${scripts
          .map(
            (s) =>
              `  ${s.url}  ${(s.bytes / 1024).toFixed(1)} KB raw / ${(s.gzip / 1024).toFixed(1)} KB gzip`,
          )
          .join('\n')}\n`,
    );
    expect(total).toBeLessThan(LANDING_JS_BUDGET_GZIP);
    const names = scripts.map((s) => s.url).join(' ');
    for (const forbidden of ['mui', 'app-router', 'admin-layout', 'list-screen', 'login-page', 'mui-root']) {
      expect(names, forbidden).not.toContain(`/${forbidden}-`);
    }
    expect(apiCalls).toEqual([]);
    await screenshot(page, 'landing-desktop', true);
    await context.close();
  });

  it('has the anchors of the spec, and the menu scrolls to them', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/');
    for (const id of ['how-it-works', 'application', 'faq-section', 'contact']) {
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    }
    await page.locator('nav a[href="#faq-section"]').click();
    await page.waitForURL('**/#faq-section');
    await expect
      .poll(() => page.locator('#faq-section').evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(200);
    expect(await page.locator('#categories li').count()).toBe(6);
    expect(await page.locator('#how-it-works li').count()).toBe(3);
    expect(await page.locator('#application a').count()).toBe(3);
    expect(await page.locator('#contact a[href^="mailto:"]').count()).toBe(1);
    expect(await page.locator('#contact a[href^="tel:"]').count()).toBe(1);
    expect(await page.locator('#contact .landing-social a').count()).toBe(4);
    await screenshot(page, 'landing-anchor-faq');
    await context.close();
  });

  it('shows and hides the FAQ answers', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/#faq-section');
    const question = page.getByRole('button', { name: 'Da li su izvođači provjereni?' });
    const answer = page.getByText('Svaki izvođač prolazi provjeru');
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    await answer.waitFor({ state: 'visible' });
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'landing-faq-open');
    await question.click();
    await answer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('opens the mobile menu on a phone and follows a link from it', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await page.goto('/');
    const menuLink = page.locator('nav a[href="#contact"]');
    expect(await menuLink.isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Otvori meni' });
    await toggle.click();
    await menuLink.waitFor({ state: 'visible' });
    await screenshot(page, 'landing-phone-menu-open');
    await menuLink.click();
    await page.waitForURL('**/#contact');
    await menuLink.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Otvori meni' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await screenshot(page, 'landing-phone-contact');
    await context.close();
  });
});
