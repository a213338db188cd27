import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const MENU = [
  { label: 'Oglasi na odobrenju', path: '/ads-on-approval' },
  { label: 'Oglasi', path: '/ads' },
  { label: 'Notifikacije', path: '/notifications' },
  { label: 'Tipovi korisnika', path: '/user-types' },
  { label: 'Korisnici', path: '/users' },
  { label: 'Države', path: '/countries' },
  { label: 'Gradovi', path: '/cities' },
  { label: 'Usluge', path: '/services' },
  { label: 'Valute', path: '/currencies' },
  { label: 'Krediti', path: '/credits' },
  { label: 'Izvještaji', path: '/reports' },
];

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

describe('admin panel', () => {
  it('signs in and lands on the ads awaiting approval', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto('/login');
    expect(await page.getByLabel(/^Korisničko ime/).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await signIn(page);
    await heading(page, 'Oglasi na odobrenju').waitFor();
    await page.getByText('Zdravo, Administrator').waitFor();
    await screenshot(page, 'admin-after-login');
    await context.close();
  });

  it('shows the server error under the login form for a wrong password', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto('/login');
    await page.getByLabel(/^Korisničko ime/).fill('admin');
    await page.getByLabel(/^Lozinka/).fill('pogresna-lozinka');
    await page.getByRole('button', { name: 'Prikaži lozinku' }).click();
    expect(await page.getByLabel(/^Lozinka/).getAttribute('type')).toBe('text');
    await page.getByLabel(/^Lozinka/).press('Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.length).toBeGreaterThan(5);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-failure');
    await context.close();
  });

  it('opens every menu item', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Meni administracije' });
    for (const item of MENU) {
      await nav.getByRole('link', { name: item.label, exact: true }).click();
      // By path alone: a screen may add its own query (ads on approval fixes its status filter).
      await page.waitForURL((url) => url.pathname === item.path);
      await heading(page, item.label).waitFor();
      await screenshot(page, `menu${item.path.replaceAll('/', '-')}`);
    }
    await context.close();
  });

  it('lists users from the server and keeps filters in the URL across a reload', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.goto('/users');
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'users-list');
    // The roles and credit columns, further right: the newest sign-ups come first, all members.
    await page.locator('.MuiTableContainer-root').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await page.getByRole('cell', { name: 'Korisnik' }).first().waitFor();
    await screenshot(page, 'users-list-right');
    // A filter given in the address finds the administrator.
    await page.goto('/users?f.username=admin');
    await page.getByRole('cell', { name: 'admin@usluge.me', exact: true }).waitFor();

    // Other tests' countries may push the seeded ones to a later page: the list has loaded.
    await page.goto('/countries');
    await page.locator('tbody tr').first().waitFor();
    const filter = page.getByRole('textbox', { name: 'Filter: Naziv države' });
    await filter.fill('Srb');
    await filter.press('Enter');
    await page.waitForURL('**/countries?f.name=Srb');
    await page.getByRole('cell', { name: 'Srbija', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Crna Gora', exact: true }).waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('cell', { name: 'Srbija', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Filter: Naziv države' }).inputValue()).toBe('Srb');
    expect(await page.getByRole('cell', { name: 'Crna Gora', exact: true }).count()).toBe(0);
    await screenshot(page, 'countries-filtered-after-reload');

    await page.getByRole('button', { name: 'Očisti filtere' }).click();
    await page.waitForURL((url) => url.search === '');
    expect(await page.getByRole('textbox', { name: 'Filter: Naziv države' }).inputValue()).toBe('');
    await page.locator('tbody tr').first().waitFor();
    await context.close();
  });

  it('switches theme and language, and remembers both after a reload', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();
    await page.getByRole('button', { name: 'Uključi tamnu temu' }).click();
    await expect.poll(background).not.toBe(lightBackground);
    await page.getByRole('button', { name: 'English' }).click();
    await heading(page, 'Ads awaiting approval').waitFor();
    await page.getByText('Hello, Administrator').waitFor();
    await screenshot(page, 'admin-dark-english');

    await page.reload();
    await heading(page, 'Ads awaiting approval').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: 'Crnogorski' }).click();
    await page
      .getByRole('button', { name: 'Switch to the light theme' })
      .or(page.getByRole('button', { name: 'Uključi svijetlu temu' }))
      .click();
    await heading(page, 'Oglasi na odobrenju').waitFor();
    await context.close();
  });

  it('signs out, and the admin panel is closed again', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    await page.getByRole('button', { name: 'Odjava' }).click();
    await page.waitForURL('**/login');
    await screenshot(page, 'after-logout');
    await page.goto('/users');
    // The login page names the page to return to after signing in.
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('returnTo') === '/users',
    );
    await context.close();
  });
});

describe('guard', () => {
  it('sends an anonymous visit to /credits to /login', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto('/credits');
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('returnTo') === '/credits',
    );
    await page.getByRole('heading', { name: 'Prijava' }).waitFor();
    await screenshot(page, 'anonymous-credits-to-login');
    await context.close();
  });

  it('shows the not-found page with a link home', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto('/nema-ove-stranice');
    await page.getByRole('heading', { name: 'Stranica nije pronađena' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Nazad na početnu' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('#how-it-works').waitFor();
    await context.close();
  });
});
