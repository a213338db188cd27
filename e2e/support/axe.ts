import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The WCAG 2.1 A and AA rules axe knows, plus its best practices (landmarks, headings, …). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Waits until no finite animation or transition runs (a dialog fading in, a theme's colours
 * changing): axe reads the colours as they are drawn, and half-way through a fade a button's
 * colour is blended with the backdrop (a contrast failure of a moment, on a slow machine).
 * Endless ones (a progress spinner) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Runs axe on the page as it is and answers its serious and critical violations, one line each
 * with the rule, what it asks and the elements that break it: an empty list when there are none,
 * and a readable failure message when there are.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.replaceAll('\n', ' ')})` : ''}`,
        )
        .join('; ');
      return `${violation.id} [${violation.impact}] ${violation.help}: ${nodes}`;
    });
}

/** Fails the test with axe's serious and critical violations of the page as it is, if any. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, violations.join('\n')).toEqual([]);
}
