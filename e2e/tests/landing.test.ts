import { gzipSync } from 'node:zlib';
import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage, PHONE, screenshot, useBrowser } from '../support/browser.ts';

/**
 * Budget for the JavaScript the landing page loads, gzip-compressed: measured at about 8 KB (the
 * theme script, and the page's own script with both catalogues). The page comes pre-rendered; no
 * React, router, i18next or MUI. The budget leaves room for copy, not for a library.
 */
const LANDING_JS_BUDGET_GZIP = 60 * 1024;
const FAQ_QUESTIONS = [
  'Da li je kreiranje naloga besplatno?',
  'Da li su izvođači provjereni?',
  'Mogu li ostaviti recenziju?',
  'Da li je korišćenje platforme besplatno?',
];

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('landing page', () => {
  it('loads little JavaScript, none of it the admin panel or MUI', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
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
    for (const forbidden of ['app', 'mui', 'jsx-runtime', 'admin-layout', 'list-screen', 'login-page']) {
      expect(names, forbidden).not.toContain(`/${forbidden}-`);
    }
    expect(apiCalls).toEqual([]);
    await screenshot(page, 'landing-desktop', true);
    await context.close();
  });

  it('has the anchors of the spec, and the menu scrolls to them', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
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
    const { context, page } = await newPage(browser(), baseUrl);
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
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
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

  it('closes the mobile menu on Escape at 390 px, focus back on its button', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await page.goto('/');
    const menuLink = page.locator('nav a[href="#contact"]');
    const toggle = page.getByRole('button', { name: 'Otvori meni' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await menuLink.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await menuLink.waitFor({ state: 'hidden' });
    const closed = page.getByRole('button', { name: 'Otvori meni' });
    expect(await closed.getAttribute('aria-expanded')).toBe('false');
    expect(await closed.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });
});

describe('landing page before and without scripts', () => {
  it('sends its content in the HTML, compressed, before any script runs', async () => {
    const answer = await fetch(`${baseUrl}/`, { headers: { 'accept-encoding': 'br' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const html = await answer.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    for (const question of FAQ_QUESTIONS) expect(root, question).toContain(question);
    expect(root).toContain('Pronađite pouzdanog majstora za svaki posao');
    expect(html).toContain('<title>Usluge · Pronađite pouzdanog majstora za svaki posao</title>');
  });

  it('paints the remembered theme before its module script has run', async () => {
    const context = await browser().newContext({ baseURL: baseUrl, viewport: DESKTOP, colorScheme: 'light' });
    await context.addInitScript(() => window.localStorage.setItem('theme-mode', 'dark'));
    const page = await context.newPage();
    // Only the theme script in <head> may run: the page's own script never arrives.
    await page.route(/\/assets\/landing-(?!boot-)[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('.landing').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(15, 23, 32)',
    );
    await context.close();
  });

  it('shows the page in the remembered language', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
    await page.goto('/');
    await page
      .getByRole('heading', { level: 1, name: 'Find a reliable professional for every job' })
      .waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.title])).toEqual([
      'en',
      'Usluge · Find a reliable professional for every job',
    ]);
    await context.close();
  });

  const VIEWS = [
    { size: 'desktop', viewport: DESKTOP },
    { size: 'phone', viewport: PHONE },
  ] as const;
  const THEMES = ['light', 'dark'] as const;

  it.each(VIEWS)(
    'reads whole without JavaScript on a $size: menu links and every FAQ answer',
    async ({ size, viewport }) => {
      for (const theme of THEMES) {
        const options: BrowserContextOptions = { baseURL: baseUrl, viewport, colorScheme: theme };
        const context = await browser().newContext({ ...options, javaScriptEnabled: false });
        const page = await context.newPage();
        await page.goto('/');
        for (const anchor of ['how-it-works', 'faq-section', 'contact']) {
          expect(await page.locator(`nav a[href="#${anchor}"]`).isVisible(), anchor).toBe(true);
        }
        expect(await page.getByText('Svaki izvođač prolazi provjeru').isVisible()).toBe(true);
        expect(await page.getByText('Kreiranje naloga je potpuno besplatno').isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Otvori meni' }).isVisible()).toBe(false);
        expect(await page.locator('.landing-nav__tools').isVisible()).toBe(false);
        await screenshot(page, `landing-${theme}-${size}-no-js`, true);
        await context.close();
      }
    },
  );

  it.each(VIEWS)('looks right with JavaScript on a $size, light and dark', async ({ size, viewport }) => {
    for (const theme of THEMES) {
      const context = await browser().newContext({ baseURL: baseUrl, viewport, colorScheme: theme });
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await screenshot(page, `landing-${theme}-${size}`, true);
      await context.close();
    }
  });
});

describe('unknown paths', () => {
  it('answer 404 with the not-found page, whose link leads home', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    const answer = await page.goto('/nope/not-here');
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Stranica nije pronađena' }).waitFor();
    await screenshot(page, 'landing-not-found');
    await page.getByRole('link', { name: 'Nazad na početnu' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: FAQ_QUESTIONS[0] }).click();
    await page.getByText('Kreiranje naloga je potpuno besplatno').waitFor();
    await context.close();
  });
});
