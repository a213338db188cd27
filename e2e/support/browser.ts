import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './credentials.ts';

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS_DIR, { recursive: true });

/** Debian's chromium, headless, quiet, with a fresh temporary profile (launch() makes one). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1366, height: 850 };
export const PHONE: Viewport = { width: 390, height: 844 };

export type ThemeMode = 'light' | 'dark';

/** Every look a screen is checked in: each theme at a desktop's and a phone's width. */
export const ALL_LOOKS = [
  { theme: 'light', viewport: DESKTOP, size: 'desktop' },
  { theme: 'dark', viewport: DESKTOP, size: 'desktop' },
  { theme: 'light', viewport: PHONE, size: 'phone' },
  { theme: 'dark', viewport: PHONE, size: 'phone' },
] as const satisfies readonly { theme: ThemeMode; viewport: Viewport; size: string }[];

export type Look = (typeof ALL_LOOKS)[number];

/**
 * The looks a test file's flows run in: both themes and both widths in two looks, light on the
 * desktop and dark on the phone for half the files (by name), the other pairing for the rest. The
 * suite still sees every look of the product, in half the time a flow repeated four times takes (CI
 * keeps well under its time limit). `E2E_ALL_LOOKS=1` runs all four in every file.
 */
export function looksFor(testFile: string): readonly Look[] {
  if (process.env.E2E_ALL_LOOKS === '1') return ALL_LOOKS;
  const [lightDesktop, darkDesktop, lightPhone, darkPhone] = ALL_LOOKS;
  const name = path.basename(testFile);
  let sum = 0;
  for (const char of name) sum += char.charCodeAt(0);
  return sum % 2 === 0 ? [lightDesktop, darkPhone] : [darkDesktop, lightPhone];
}

/**
 * A fresh context and page, in a light browser. With `theme`, the browser prefers that scheme and
 * the app's stored choice (apps/web/src/theme/theme-mode.ts) is that theme before the first page
 * loads. `isTouch`: a phone's touch screen (taps, no hover). `timezoneId`: the browser's own zone.
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = DESKTOP,
  { theme, isTouch = false, timezoneId }: { theme?: ThemeMode; isTouch?: boolean; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'sr-Latn-ME',
    colorScheme: theme ?? 'light',
    hasTouch: isTouch,
    isMobile: isTouch,
    ...(timezoneId ? { timezoneId } : {}),
  });
  if (theme) {
    await context.addInitScript((mode) => {
      if (window.localStorage.getItem('theme-mode') === null) window.localStorage.setItem('theme-mode', mode);
    }, theme);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

/**
 * Saves what a test checked; e2e/artifacts/ is not committed. Transitions are run to their end
 * first, so a dialog that has just opened or closed is shown as it settles.
 */
export async function screenshot(page: Page, name: string, isFullPage = false): Promise<void> {
  await page.screenshot({
    path: path.join(ARTIFACTS_DIR, `${name}.png`),
    fullPage: isFullPage,
    animations: 'disabled',
  });
}

/** Signs in through the login form and waits for the landing screen after login. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Korisničko ime/).fill(ADMIN_USERNAME);
  await page.getByLabel(/^Lozinka/).fill(ADMIN_PASSWORD);
  await page.getByLabel(/^Lozinka/).press('Enter');
  // By path alone: the screen then adds its fixed status filter to the query.
  await page.waitForURL((url) => url.pathname === '/ads-on-approval');
}

/** The file's browser: launched before its tests, closed after them. Call the getter in a test. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser has not been launched yet.');
    return browser;
  };
}
