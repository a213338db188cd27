import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { looksFor, newPage, screenshot, signIn, useBrowser } from '../support/browser.ts';
import { readZipEntry } from '../support/zip.ts';

/** Both themes and both widths (support/browser.ts looksFor). */
const LOOKS = looksFor(import.meta.filename);

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Opens the countries list's report dialog with the keyboard. */
async function openReportDialog(page: Page) {
  // Filtered: other tests' countries may push the seeded ones to a later page.
  await page.goto('/countries?f.name=Crna%20Gora');
  await page.getByText('Crna Gora', { exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Izvještaj' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Preuzimanje izvještaja' });
  await dialog.getByRole('group', { name: 'Kolone izvještaja' }).waitFor();
  return dialog;
}

/** The texts of a worksheet row's cells, in order (inline strings; numbers and dates by value). */
function rowCells(sheet: string, row: number): { text: string; style: string | null }[] {
  const xml = new RegExp(`<row r="${row}">(.*?)</row>`).exec(sheet)?.[1] ?? '';
  return [...xml.matchAll(/<c r="[A-Z]+\d+"(?: s="(\d+)")?[^>]*>(.*?)<\/c>/g)].map((match) => ({
    style: match[1] ?? null,
    text: (match[2] ?? '').replace(/<[^>]+>/g, ''),
  }));
}

describe('report columns', () => {
  it.each(LOOKS)(
    'the column chooser in the report dialog, $theme at $size: readable and axe clean',
    async (look) => {
      const { context, page } = await newPage(browser(), baseUrl, look.viewport, { theme: look.theme });
      await signIn(page);
      const dialog = await openReportDialog(page);
      const boxes = dialog.getByRole('group', { name: 'Kolone izvještaja' }).getByRole('checkbox');
      expect(await boxes.count()).toBe(4);
      // Nothing wider than the dialog: titles and both buttons of every column in view.
      const overflow = await dialog.evaluate((element) => {
        const content = element.querySelector('.MuiDialogContent-root');
        return content ? content.scrollWidth - content.clientWidth : -1;
      });
      expect(overflow).toBe(0);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, `report-columns-${look.theme}-${look.size}`);
      await context.close();
    },
  );

  it('keyboard only: unchoose a column, move another up, download an xlsx with those columns and a date cell', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    const dialog = await openReportDialog(page);
    const chooser = dialog.getByRole('group', { name: 'Kolone izvještaja' });
    await chooser.getByRole('checkbox', { name: 'Status' }).focus();
    await page.keyboard.press('Space');
    await chooser.getByRole('button', { name: 'Pomjeri gore: Oznaka' }).focus();
    await page.keyboard.press('Enter');
    // The moved column's button keeps the focus: pressed again, it moves on to the top.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Pomjeri dolje: Oznaka');
    await dialog.getByRole('combobox', { name: /Tip fajla/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Excel (XLSX)', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /Tip fajla/ }).textContent())
      .toContain('XLSX');
    await screenshot(page, 'report-columns-chosen');
    await dialog.getByRole('button', { name: 'Preuzmi' }).focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const bytes = await readFile(await file.path());
    const sheet = readZipEntry(bytes, 'xl/worksheets/sheet1.xml') ?? '';
    expect(rowCells(sheet, 1).map((cell) => cell.text)).toEqual(['Oznaka', 'Ažurirano', 'Naziv države']);
    // 'Ažurirano' is a date cell (a number with the date style), not text.
    const [code, updated, name] = rowCells(sheet, 2);
    expect(code?.text).toMatch(/^[A-Z]{2}$/);
    expect(Number(updated?.text)).toBeGreaterThan(40_000);
    expect(updated?.style).toBe('2');
    expect(name?.text).not.toBe('');
    await context.close();
  });
});
