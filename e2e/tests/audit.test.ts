import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { tabTo } from '../support/keyboard.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's rows apart from the seeded ones and other runs'. */
const RUN = Date.now().toString(36).slice(-5);
const PASSWORD = 'lozinka-123';

/**
 * A member of the test's own, then an administrator's edit of it through the API as the web form
 * sends it: a new phone and a new password. Answers the user's id and username.
 */
async function editedMember(page: Page, suffix: string): Promise<{ id: number; username: string }> {
  const username = `revizija-${suffix}`;
  const fields = {
    name: 'Revizija',
    last_name: suffix,
    email: `${username}@primjer.me`,
    username,
    user_type_id: '2',
    roles: '[2]',
  };
  const created = await page.request.post('/api/users/store', {
    multipart: { ...fields, phone: '+38267000001', password: PASSWORD, confirm_password: PASSWORD },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, updated_at } = (await created.json()) as { id: number; updated_at: string };
  const updated = await page.request.post(`/api/users/update/${id}`, {
    multipart: {
      ...fields,
      phone: '+38267000002',
      password: `${PASSWORD}-nova`,
      confirm_password: `${PASSWORD}-nova`,
      updated_at,
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  return { id, username };
}

/** Moves the focus with Tab alone until it is on a control with this accessible name. */

describe.each(LOOKS)('the audit trail, $theme theme, $size', ({ theme, viewport, size }) => {
  it("shows an administrator's edit before → after on /audit and in the user's change history, by keyboard", async () => {
    const { context, page } = await newPage(browser(), baseUrl, viewport, { theme });
    await signIn(page);
    const suffix = `${theme}-${size}-${RUN}`;
    const member = await editedMember(page, suffix);

    // The trail, filtered to the record by the address: the edit with each field before → after.
    await page.goto(`/audit?f.record_type=users&f.record_id=${member.id}`);
    await page.getByRole('heading', { name: 'Revizija' }).waitFor();
    const phoneChange = page.getByText('Telefon: +38267000001 → +38267000002', { exact: true }).first();
    await phoneChange.waitFor();
    await page.getByText('Izmjena', { exact: true }).first().waitFor();
    await page.getByText('Dodavanje', { exact: true }).first().waitFor();
    await screenshot(page, `audit-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);

    // The record's own history, from the users list, by keyboard alone.
    await page.goto(`/users?f.username=${encodeURIComponent(member.username)}`);
    await page.getByText(`${member.username}@primjer.me`, { exact: true }).first().waitFor();
    await tabTo(page, 'Istorija izmjena');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Istorija izmjena: Revizija ${suffix}` });
    await dialog.waitFor();
    const entries = dialog.getByRole('list', { name: `Istorija izmjena: Revizija ${suffix}` });
    // Newest first: the edit, then the creation.
    await entries.getByText('Telefon: +38267000001 → +38267000002', { exact: true }).waitFor();
    const firstEntry = entries.locator(':scope > li').first();
    await expect(firstEntry.textContent()).resolves.toMatch(/Izmjena · .*\(#\d+\)/);
    // A password is recorded only as changed.
    await expect(firstEntry.textContent()).resolves.toContain('Lozinka: izmijenjeno');
    expect(await page.getByText(`${PASSWORD}-nova`).count()).toBe(0);
    await entries
      .getByText(/Dodavanje/)
      .first()
      .waitFor();
    await screenshot(page, `audit-timeline-${theme}-${size}`);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
