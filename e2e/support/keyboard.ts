import type { Page } from 'playwright-core';

/** How the focused element is named: its aria-label, else its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });

/**
 * Presses Tab until the focus is on the element named `name` (or whose name starts with it, with
 * `isPrefix`), as a keyboard user gets there; fails when it is not reached in `maxSteps`.
 */
export async function tabTo(
  page: Page,
  name: string,
  { isPrefix = false, maxSteps = 200 }: { isPrefix?: boolean; maxSteps?: number } = {},
): Promise<void> {
  for (let step = 0; step < maxSteps; step++) {
    await page.keyboard.press('Tab');
    const focused = await focusedName(page);
    if (isPrefix ? focused.startsWith(name) : focused === name) return;
  }
  throw new Error(`the focus never reached ${name}`);
}
