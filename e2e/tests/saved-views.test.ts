import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones and other runs'. */
const RUN = Date.now().toString(36).slice(-5);
const PASSWORD = 'pogledi-lozinka-3';

/** The back office's list screens. */
const LISTS = [
  '/ads-on-approval',
  '/ads',
  '/ad-reports',
  '/notifications',
  '/user-types',
  '/users',
  '/countries',
  '/cities',
  '/currencies',
  '/rejection-reasons',
  '/credits',
  '/reports',
  '/refunds',
  '/audit',
] as const;

/** A staff member made by the administrator through the API (multipart, as the form sends it). */
async function createStaff(api: APIRequestContext, username: string, roles: string): Promise<void> {
  const answer = await api.post('/api/users/store', {
    multipart: {
      name: 'Pregled',
      last_name: username,
      email: `${username}@primjer.me`,
      username,
      phone: '+38267000009',
      user_type_id: '2',
      roles,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

async function signInAs(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Korisničko ime/).fill(username);
  await page.getByLabel(/^Lozinka/).fill(PASSWORD);
  await page.getByLabel(/^Lozinka/).press('Enter');
  await page.waitForURL((url) => url.pathname === '/ads-on-approval');
}

/** The titles of the table's columns (its first header row), without the actions column. */
function columnTitles(page: Page): Promise<string[]> {
  return page
    .locator('table thead tr')
    .first()
    .locator('th')
    .evaluateAll((cells) =>
      cells.map((cell) => (cell.textContent ?? '').trim()).filter((text) => text !== '' && text !== 'Akcije'),
    );
}

/**
 * Rows with long values at the top of the users, credits, reports, notifications and audit lists:
 * a member with a long double name and e-mail, every role, a top-up and a notification to them.
 */
async function createLongRows(api: APIRequestContext): Promise<void> {
  const username = `dugacko-ime-${RUN}`;
  const created = await api.post('/api/users/store', {
    multipart: {
      name: 'Maksimilijana-Aleksandrina',
      last_name: `Petrović-Njegoš Vukićević-Radonjić ${RUN}`,
      email: `maksimilijana.aleksandrina.petrovic-njegos.${RUN}@dugacka-domena-primjer.me`,
      username,
      phone: '+382 67 000 000 000 000',
      user_type_id: '2',
      roles: '[3,1,2]',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = ((await created.json()) as { id: number }).id;
  const prices = await api.post('/api/credit_prices/index_active', { data: {} });
  const [price] = ((await prices.json()) as { result: { id: number }[] }).result;
  const topUp = await api.post('/api/lead_transactions/store', {
    data: { credit_amount: 1234.5, credit_price_id: price?.id, credit_for_user_id: userId },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(topUp.status(), await topUp.text()).toBe(201);
  const notified = await api.post('/api/notifications/store', {
    data: {
      subject: `Obavještenje o izmjenama uslova korišćenja platforme i cjenovnika kredita ${RUN}`,
      notification_text: 'Uslovi korišćenja su izmijenjeni. '.repeat(20),
      notification_user_types: [],
      notification_for_users: [userId],
    },
  });
  expect(notified.status(), await notified.text()).toBe(201);
}

describe('default columns', () => {
  it('every list fits 1366 px with the menu open, long values included: no sideways scrolling', async () => {
    const { context, page } = await newPage(browser(), baseUrl, DESKTOP);
    await signIn(page);
    await createLongRows(page.request);
    const overflowing: string[] = [];
    for (const path of LISTS) {
      await page.goto(path);
      await page.locator('table tbody tr').first().waitFor();
      await page.waitForLoadState('networkidle');
      const widths = await page.evaluate(() => {
        const container = document.querySelector('.MuiTableContainer-root');
        return {
          table: container ? container.scrollWidth - container.clientWidth : -1,
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      if (widths.table > 0 || widths.page > 0 || widths.table < 0) {
        overflowing.push(`${path}: table ${widths.table} px, page ${widths.page} px too wide`);
      }
    }
    expect(overflowing).toEqual([]);
    await context.close();
  });
});

describe('columns and saved views', () => {
  const admin = `pogledi-admin-${RUN}`;
  const moderator = `pogledi-mod-${RUN}`;

  it('columns chosen on one machine are the columns on another', async () => {
    const setup = await newPage(browser(), baseUrl);
    await signIn(setup.page);
    await createStaff(setup.page.request, admin, '[1]');
    await createStaff(setup.page.request, moderator, '[3]');
    await setup.context.close();

    const first = await newPage(browser(), baseUrl, DESKTOP);
    await signInAs(first.page, admin);
    await first.page.goto('/countries');
    // Other tests' countries may push the seeded ones to a later page: the rows have loaded.
    await first.page.locator('table tbody tr').first().waitFor();
    expect(await columnTitles(first.page)).toEqual(['Ažurirano', 'Naziv države', 'Oznaka', 'Status']);
    // Keyboard only: open the chooser, untick 'Ažurirano', move 'Oznaka' up, save.
    await first.page.getByRole('button', { name: 'Kolone' }).focus();
    await first.page.keyboard.press('Enter');
    const chooser = first.page.getByRole('dialog', { name: 'Kolone liste' });
    await chooser.getByRole('checkbox', { name: 'Ažurirano' }).focus();
    await first.page.keyboard.press('Space');
    await chooser.getByRole('button', { name: 'Pomjeri gore: Oznaka' }).focus();
    await first.page.keyboard.press('Enter');
    await screenshot(first.page, 'column-chooser-light-1366');
    await chooser.getByRole('button', { name: 'Sačuvaj' }).focus();
    await first.page.keyboard.press('Enter');
    await chooser.waitFor({ state: 'detached' });
    expect(await columnTitles(first.page)).toEqual(['Oznaka', 'Naziv države', 'Status']);
    await first.context.close();

    // Another machine: a new browser context, signed in again.
    const second = await newPage(browser(), baseUrl, DESKTOP);
    await signInAs(second.page, admin);
    await second.page.goto('/countries');
    // Other tests' countries may push the seeded ones to a later page: the rows have loaded.
    await second.page.locator('table tbody tr').first().waitFor();
    await expect.poll(() => columnTitles(second.page)).toEqual(['Oznaka', 'Naziv države', 'Status']);
    await second.context.close();
  });

  it('a view the administrator shares is seen and applied by a moderator', async () => {
    const name = `Čeka više od 3 dana ${RUN}`;
    const first = await newPage(browser(), baseUrl, DESKTOP);
    await signInAs(first.page, admin);
    await first.page.goto(`/ads?f.title=${RUN}&sort=title`);
    await first.page.getByRole('heading', { level: 1, name: 'Oglasi', exact: true }).waitFor();
    await first.page.getByRole('button', { name: 'Pogledi' }).click();
    await first.page.getByRole('menuitem', { name: 'Sačuvaj trenutni prikaz…' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Sačuvaj prikaz kao pogled' });
    await dialog.getByRole('textbox', { name: 'Naziv pogleda' }).fill(name);
    await dialog.getByRole('checkbox', { name: 'Podijeli sa svim zaposlenima' }).check();
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await first.page.getByText('Pogled je sačuvan.').waitFor();
    await first.context.close();

    const second = await newPage(browser(), baseUrl, DESKTOP);
    await signInAs(second.page, moderator);
    await second.page.goto('/ads');
    await second.page.getByRole('heading', { level: 1, name: 'Oglasi', exact: true }).waitFor();
    await second.page.getByRole('button', { name: 'Pogledi' }).click();
    await second.page.getByRole('menuitem', { name: new RegExp(name) }).click();
    await second.page.waitForURL((url) => url.searchParams.get('f.title') === RUN);
    expect(new URL(second.page.url()).searchParams.get('sort')).toBe('title');
    await second.context.close();
  });

  it.each(LOOKS)(
    'chooser, views menu and a long form: axe clean, $theme theme, $size',
    async ({ theme, viewport, size }) => {
      const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
      await signInAs(page, admin);
      await page.goto('/users');
      await page.getByRole('heading', { level: 1, name: 'Korisnici', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Kolone' }).click();
      const chooser = page.getByRole('dialog', { name: 'Kolone liste' });
      await chooser.waitFor();
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, `column-chooser-${theme}-${size}`);
      await chooser.getByRole('button', { name: 'Otkaži' }).click();
      await chooser.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Pogledi' }).click();
      await page.getByRole('menuitem', { name: 'Sačuvaj trenutni prikaz…' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, `views-menu-${theme}-${size}`);
      await page.keyboard.press('Escape');

      // A long form keeps Save and Cancel on the screen while its fields scroll.
      await page.getByRole('button', { name: 'Dodaj' }).click();
      const form = page.getByRole('dialog');
      const save = form.getByRole('button', { name: 'Sačuvaj' });
      await save.waitFor();
      await form
        .locator('.MuiDialogContent-root')
        .evaluate((content) => content.scrollTo(0, content.scrollHeight));
      const box = await save.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      // The user form is longer than either screen: its content scrolls, its actions do not.
      expect(
        await form.locator('.MuiDialogContent-root').evaluate((c) => c.scrollHeight > c.clientHeight),
      ).toBe(true);
      await screenshot(page, `long-form-actions-${theme}-${size}`);
      await expectNoSeriousAxeViolations(page);
      await context.close();
    },
  );
});
