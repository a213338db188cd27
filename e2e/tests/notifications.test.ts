import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
/** The documented demo member (apps/server/src/db/seed/demo-plan.ts): an individual, not a company. */
const MEMBER = { fullName: 'Marko Petrović', username: 'korisnik' };
const COMPANY_TYPE = { id: 1, name: 'Pravno lice' };
const MEMBER_ROLE = 2;

type ListAnswer = { total_rows: number; total_rows_exact: boolean };

/** Active members of a user type, as the admin's users list counts them (the page's own session). */
async function activeMembersOfType(page: Page, userTypeId: number): Promise<number> {
  const answer = await page.evaluate(
    async ({ userTypeId, memberRole }) => {
      const response = await fetch('/api/users/index', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          filters: {
            user_type_id: { operator: 'equals', value: userTypeId },
            roles: { operator: 'equals', value: memberRole },
          },
          options: { page: 1, itemsPerPage: 1 },
          show_only_active: true,
        }),
      });
      return (await response.json()) as ListAnswer;
    },
    { userTypeId, memberRole: MEMBER_ROLE },
  );
  expect(answer.total_rows_exact).toBe(true);
  return answer.total_rows;
}

describe('notifications', () => {
  it('sends a notification to a user type and one user found by typing, and lists it with its recipients', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    // Every users search the screen makes: it must never ask for the whole table.
    const searches: {
      filters: Record<string, { operator: string; value: string }>;
      options: { itemsPerPage: number };
    }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/index_active')) searches.push(request.postDataJSON());
    });
    await signIn(page);
    const expectedRecipients = (await activeMembersOfType(page, COMPANY_TYPE.id)) + 1;

    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifikacije' }).waitFor();
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova notifikacija' });
    await dialog.waitFor();

    // Nothing filled in: the messages of SPEC.md 5 under the fields, nothing sent.
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect.poll(() => dialog.getByText('Obavezno polje.', { exact: true }).count()).toBe(2);
    expect(await dialog.getByText('Obavezno polje', { exact: true }).count()).toBe(2);
    await screenshot(page, 'notification-add-required');

    const subject = `Održavanje ${RUN}`;
    await dialog.getByRole('textbox', { name: /Naslov/ }).fill(subject);
    await dialog
      .getByRole('textbox', { name: /Tekst notifikacije/ })
      .fill('U nedjelju od 2 do 4 časa aplikacija neće raditi.');

    await dialog.getByRole('combobox', { name: /Tipovi korisnika/ }).click();
    await page.getByRole('option', { name: COMPANY_TYPE.name }).click();
    await page.keyboard.press('Escape');

    const users = dialog.getByRole('combobox', { name: /Korisnici/ });
    await users.click();
    await page.getByText('Počnite da kucate za pretragu').waitFor();
    await users.pressSequentially('Marko Petr', { delay: 40 });
    const option = page.getByRole('option', { name: `${MEMBER.fullName} (${MEMBER.username})` });
    await option.waitFor();
    await screenshot(page, 'notification-add-user-search');
    // The keyboard chooses it: the first match is highlighted, Enter takes it.
    await users.press('Enter');
    await dialog.getByRole('button', { name: `${MEMBER.fullName} (${MEMBER.username})` }).waitFor();
    await screenshot(page, 'notification-add-filled');

    // Typing was searched on the server, a short page for the settled term, never the whole table.
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.length).toBeLessThan('Marko Petr'.length);
    for (const search of searches) {
      expect(search.filters.full_name?.operator).toBe('contains');
      expect(search.filters.full_name?.value).not.toBe('');
      expect(search.options.itemsPerPage).toBeLessThanOrEqual(20);
    }
    expect(searches.at(-1)?.filters.full_name?.value).toBe('Marko Petr');

    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const snack = page.getByRole('alert').filter({ hasText: 'Uspješno ste napravili notifikaciju' });
    await snack.waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: subject, exact: true }) });
    await row.waitFor();
    // Newest first: the one just sent is the first row.
    expect(await page.locator('tbody tr').first().textContent()).toContain(subject);
    expect(await row.getByText(COMPANY_TYPE.name, { exact: true }).count()).toBe(1);
    expect(await row.getByText(MEMBER.fullName, { exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: String(expectedRecipients), exact: true }).count()).toBe(1);
    await screenshot(page, 'notification-listed');

    // A filter finds it by its subject.
    const filter = page.getByRole('textbox', { name: 'Filter: Naslov' });
    await filter.fill(RUN);
    await filter.press('Enter');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await context.close();
  });
});

describe.each(LOOKS)('notifications screen, $theme theme, $size', ({ theme, viewport, size }) => {
  it('looks right and axe finds nothing serious on the list and the add dialog', async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifikacije' }).waitFor();
    await page.getByText(`Održavanje`, { exact: false }).first().waitFor();
    await screenshot(page, `notifications-${theme}-${size}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova notifikacija' });
    await dialog.waitFor();
    const users = dialog.getByRole('combobox', { name: /Korisnici/ });
    await users.pressSequentially('Marko', { delay: 30 });
    await page.getByRole('option').first().waitFor();
    await screenshot(page, `notification-add-${theme}-${size}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
