import { readFile } from 'node:fs/promises';
import type { Dashboard } from '@usluge/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const CHART_TITLE = 'Novi članovi po danu, posljednjih 30 dana';
const numbers = new Intl.NumberFormat('sr-Latn-ME');

/** 'YYYY-MM-DD' as the screens write a day. */
function day(value: string): string {
  const [year, month, date] = value.split('-');
  return `${date}.${month}.${year}`;
}

function region(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** What GET /api/dashboard answers this signed-in browser right now. */
async function readDashboard(page: Page): Promise<Dashboard> {
  const answer = await page.context().request.get('/api/dashboard');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Dashboard;
}

async function openDashboard(page: Page): Promise<void> {
  await signIn(page);
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Kontrolna tabla' }).waitFor();
  const bars = region(page, CHART_TITLE).locator('svg .MuiBarChart-element');
  await bars.first().waitFor({ state: 'attached' });
  // The bars grow in with an animation: wait until they stand still.
  const heights = () => bars.evaluateAll((all) => all.map((bar) => bar.getAttribute('height')).join());
  let previous = '';
  await expect
    .poll(async () => {
      const now = await heights();
      const isStill = now === previous;
      previous = now;
      return isStill;
    })
    .toBe(true);
}

/** Two members sign up today (the demo's members are older than 30 days), so today has a bar. */
async function registerMembers(): Promise<void> {
  const run = Date.now().toString(36);
  for (const n of [1, 2]) {
    const answer = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify({
        name: 'Nova',
        last_name: `Članica ${n}`,
        email: `dashboard-${run}-${n}@example.com`,
        username: `dashboard-${run}-${n}`,
        phone: '+38267000000',
        user_type_id: 2,
        password: 'lozinka-1234',
      }),
    });
    expect(answer.status, await answer.text()).toBe(201);
  }
}

describe('dashboard', () => {
  it('renders the chart of 30 days, and every figure matches GET /api/dashboard', async () => {
    await registerMembers();
    const { context, page } = await newPage(browser(), baseUrl);
    await openDashboard(page);
    const figures = await readDashboard(page);
    expect(figures.new_members_per_day).toHaveLength(30);
    expect(figures.new_members_per_day.at(-1)?.count).toBeGreaterThanOrEqual(2);

    const figure = (name: string) => region(page, name).getByTestId('figure');
    expect(await figure('Oglasi na odobrenju').textContent()).toBe(numbers.format(figures.ads_waiting));
    expect(await figure('Odobreni oglasi').textContent()).toBe(numbers.format(figures.ads_approved_7_days));
    expect(await figure('Odbijeni oglasi').textContent()).toBe(numbers.format(figures.ads_rejected_7_days));
    const members = figures.new_members_per_day.reduce((sum, d) => sum + d.count, 0);
    expect(await figure('Novi članovi').textContent()).toBe(numbers.format(members));

    // The chart: an svg with one bar a day, and the same figures as a table for screen readers.
    const chart = region(page, CHART_TITLE);
    const bars = chart.locator('svg .MuiBarChart-element');
    expect(await bars.count()).toBe(30);
    // Today's bar stands; a day without members has none.
    await expect.poll(async () => Number(await bars.last().getAttribute('height'))).toBeGreaterThan(0);
    const heights = await bars.evaluateAll((all) => all.map((bar) => Number(bar.getAttribute('height'))));
    figures.new_members_per_day.forEach((d, index) => {
      expect(heights[index] ?? -1, d.day).toSatisfy((h: number) => (d.count > 0 ? h > 0 : h === 0));
    });
    expect(await chart.locator('svg').first().isVisible()).toBe(true);
    const dayRows = chart.getByRole('table', { name: CHART_TITLE }).getByRole('row');
    expect(await dayRows.count()).toBe(31);
    const table = await dayRows.evaluateAll((rows) =>
      rows.slice(1).map((row) => [...row.children].map((cell) => cell.textContent)),
    );
    expect(table).toEqual(figures.new_members_per_day.map((d) => [day(d.day), numbers.format(d.count)]));

    const credits = region(page, 'Krediti prodati ovog mjeseca');
    // An administrator may read the transactions: the sales are in the answer.
    const sold = figures.credits_sold_this_month;
    expect(sold).toBeDefined();
    if (sold?.length === 0) {
      await credits.getByText('Ovog mjeseca nije prodat nijedan kredit.').waitFor();
    } else {
      for (const row of sold ?? []) {
        const cells = await credits
          .getByRole('row', { name: new RegExp(`^${row.currency}\\b`) })
          .getByRole('cell')
          .allTextContents();
        expect(cells[0]).toBe(numbers.format(row.credits));
        expect(cells[1]).toContain(
          new Intl.NumberFormat('sr-Latn-ME', { minimumFractionDigits: 2 }).format(row.value),
        );
      }
    }
    const services = region(page, 'Najtraženije usluge, posljednjih 30 dana');
    if (figures.top_services.length === 0) {
      await services.getByText('U posljednjih 30 dana nije bilo kontakata.').waitFor();
    } else {
      const rows = await services
        .getByRole('row')
        .evaluateAll((all) => all.slice(1).map((row) => [...row.children].map((cell) => cell.textContent)));
      expect(rows).toEqual(figures.top_services.map((s) => [s.name, numbers.format(s.contacts)]));
    }
    await screenshot(page, 'dashboard-desktop', true);

    // Refresh asks the server again (from the keyboard); the waiting count leads to the queue.
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/dashboard') && r.status() === 200);
    await page.getByRole('button', { name: 'Osvježi' }).focus();
    await page.keyboard.press('Enter');
    const waiting = ((await (await refreshed).json()) as Dashboard).ads_waiting;
    // The queue's list counts the same ads as the card (active ads awaiting approval).
    const queue = page.waitForResponse((r) => r.url().endsWith('/api/jobs_queue/index') && r.ok());
    await region(page, 'Oglasi na odobrenju').getByRole('link', { name: 'Pregledaj oglase' }).click();
    // The queue screen may add its filter to the query string.
    await page.waitForURL((url) => url.pathname === '/ads-on-approval');
    expect(((await (await queue).json()) as { total_rows: number }).total_rows).toBe(waiting);

    // A card's heading links to the list it counts, filtered: the ads approved this week.
    await page.goBack();
    const approved = page.waitForRequest((r) => r.url().endsWith('/api/jobs/index') && r.method() === 'POST');
    await region(page, 'Odobreni oglasi').getByRole('link', { name: 'Odobreni oglasi', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/ads' && url.searchParams.get('f.status') === '2');
    expect((await approved).postDataJSON()).toMatchObject({
      filters: { status: { operator: 'equals', value: 2 }, updated_at: { operator: 'between' } },
    });
    await context.close();
  });

  it('shows a moderator no credit sales: the answer has none, the screen no card', async () => {
    const admin = await newPage(browser(), baseUrl);
    await signIn(admin.page);
    const username = `kontrolna-moderator-${Date.now().toString(36)}`;
    const password = 'kontrolna-lozinka-3';
    const created = await admin.page.request.post('/api/users/store', {
      multipart: {
        name: 'Kontrolna',
        last_name: 'Moderatorka',
        email: `${username}@primjer.me`,
        username,
        phone: '+38267000019',
        user_type_id: '2',
        roles: '[3]',
        password,
        confirm_password: password,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await admin.context.close();

    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto('/login');
    await page.getByLabel(/^Korisničko ime/).fill(username);
    await page.getByLabel(/^Lozinka/).fill(password);
    await page.getByLabel(/^Lozinka/).press('Enter');
    await page.waitForURL((url) => url.pathname === '/ads-on-approval');
    // The dashboard is in the moderator's menu.
    const menu = page.getByRole('navigation', { name: 'Meni administracije' });
    await menu.getByRole('link', { name: 'Kontrolna tabla' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kontrolna tabla' }).waitFor();
    await region(page, 'Odobreni oglasi').waitFor();
    expect(await region(page, 'Krediti prodati ovog mjeseca').count()).toBe(0);
    expect(Object.keys(await readDashboard(page))).not.toContain('credits_sold_this_month');
    await context.close();
  });
});

describe('seeder generator', () => {
  it('lists the tables the server offers and downloads one as its seed file', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const menu = page.getByRole('navigation', { name: 'Meni administracije' });
    await menu.getByRole('link', { name: 'Generator sidera' }).click();
    await page.waitForURL('**/seeders');
    await page.getByRole('heading', { level: 1, name: 'Generator sidera' }).waitFor();

    const listed = await page.context().request.post('/api/all_tables/pgsql', {
      data: {},
      headers: { Origin: baseUrl },
    });
    expect(listed.status()).toBe(200);
    const names = ((await listed.json()) as { result: { table_name: string }[] }).result.map(
      (t) => t.table_name,
    );
    const table = page.getByRole('table', { name: 'Generator sidera' });
    await table.getByRole('rowheader').first().waitFor();
    expect(await table.getByRole('rowheader').allTextContents()).toEqual(names);
    expect(names).toContain('os_countries');
    await screenshot(page, 'seeders-desktop');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Preuzmi tabelu os_countries' }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('os_countries.seed.ndjson');
    const lines = (await readFile(await file.path(), 'utf8')).trim().split('\n');
    const header = JSON.parse(lines[0] ?? '{}') as { table?: string; columns?: string[] };
    expect(header.table).toBe('os_countries');
    expect(header.columns).toContain('name');
    expect(lines.slice(1).some((line) => line.includes('"Crna Gora"'))).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'Preuzet je fajl os_countries.seed.ndjson' }).waitFor();
    await context.close();
  });
});

describe.each(LOOKS)('dashboard and seeders: $theme theme, $size', ({ theme, viewport, size }) => {
  it('look right and have no serious axe violation', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await openDashboard(page);
    await screenshot(page, `dashboard-${theme}-${size}`, true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/seeders');
    await page.getByRole('button', { name: 'Preuzmi tabelu users' }).waitFor();
    await screenshot(page, `seeders-${theme}-${size}`, true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
