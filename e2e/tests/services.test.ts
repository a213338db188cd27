import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import {
  DESKTOP,
  newPage,
  PHONE,
  screenshot,
  signIn,
  type ThemeMode,
  useBrowser,
} from '../support/browser.ts';
import { tabTo } from '../support/keyboard.ts';
import { solidPng } from '../support/png.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A suffix that keeps this run's nodes apart from the seeded ones. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

/** A node of the tree by its name (its own row's name, not a child's). */
function node(page: Page, name: string): Locator {
  return page.getByRole('treeitem').filter({
    has: page.locator(':scope > .MuiTreeItem-content [data-node-name]').getByText(name, { exact: true }),
  });
}

/** The node's own row (its name and buttons), not the rows of its children. */
function rowOf(page: Page, name: string): Locator {
  return node(page, name).locator('> .MuiTreeItem-content');
}

/** Waits for the success snackbar, then lets it go so the next one is a new one. */
async function expectSnack(page: Page, text: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  await alert.getByRole('button', { name: /close|zatvori/i }).click();
  await alert.waitFor({ state: 'detached' });
}

async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function openServices(page: Page): Promise<void> {
  await signIn(page);
  await page.goto('/services');
  await node(page, 'Baštenski radovi').waitFor();
}

describe('services catalogue', () => {
  it('searches a service, marks the match, opens its folder and shows its credit history', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await openServices(page);
    // Collapsed folders do not mount their children.
    expect(await node(page, 'Košenje trave').count()).toBe(0);
    await expectNoSeriousAxe(page);

    await page.getByRole('textbox', { name: 'Pretraga usluga' }).fill('košenje');
    await node(page, 'Košenje trave').waitFor();
    expect(await node(page, 'Baštenski radovi').getAttribute('aria-expanded')).toBe('true');
    expect(await rowOf(page, 'Košenje trave').locator('mark').textContent()).toBe('Košenje');
    // Only the match and its folder are left.
    await expect.poll(() => node(page, 'IT usluge').count()).toBe(0);
    await screenshot(page, 'services-search');

    await rowOf(page, 'Košenje trave').getByRole('button', { name: 'Istorija kredita' }).click();
    const history = page.getByRole('dialog', { name: 'Istorija kredita: Košenje trave' });
    await history.getByRole('cell', { name: '10', exact: true }).waitFor();
    await screenshot(page, 'services-history');
    await expectNoSeriousAxe(page);
    await history.getByRole('button', { name: 'Zatvori' }).click();
    await history.waitFor({ state: 'detached' });

    // Clearing the search brings the whole catalogue back.
    await page.getByRole('button', { name: 'Obriši pretragu' }).click();
    await node(page, 'IT usluge').waitFor();
    await context.close();
  });

  it('adds a folder and a service with an icon in it, changes its credit, favours it and deactivates the folder', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await openServices(page);
    const folderName = `E2E folder ${RUN}`;
    const serviceName = `E2E usluga ${RUN}`;

    // A folder at the top.
    await page.getByRole('button', { name: 'Novi folder' }).click();
    const addFolder = page.getByRole('dialog', { name: 'Novi folder' });
    // A folder has no credit field.
    expect(await addFolder.getByRole('textbox', { name: /^Kredit/ }).count()).toBe(0);
    await addFolder.getByRole('textbox', { name: /^Naziv/ }).fill(folderName);
    await addFolder.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste dodali folder');
    await node(page, folderName).waitFor();

    // A service inside it, with an icon: the credit is required.
    await rowOf(page, folderName).getByRole('button', { name: 'Dodaj u folder' }).click();
    await page.getByRole('menuitem', { name: 'Nova usluga' }).click();
    const addService = page.getByRole('dialog', { name: 'Nova usluga' });
    await addService.getByRole('textbox', { name: /^Naziv/ }).fill(serviceName);
    await addService.getByRole('button', { name: 'Sačuvaj' }).click();
    await addService.getByText('Obavezno polje.').waitFor();
    await addService.getByRole('textbox', { name: /^Kredit/ }).fill('7');
    await addService.locator('input[type=file]').setInputFiles({
      name: 'ikona.png',
      mimeType: 'image/png',
      buffer: solidPng(16, 16, [0xf5, 0x8a, 0x1f]),
    });
    await addService.getByRole('img', { name: 'Pregled slike' }).waitFor();
    await screenshot(page, 'services-add-service');
    await expectNoSeriousAxe(page);
    await addService.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste dodali uslugu');
    // The folder opened to show its new service, with the icon beside the name.
    await node(page, serviceName).waitFor();
    expect(await node(page, folderName).getAttribute('aria-expanded')).toBe('true');
    const icon = rowOf(page, serviceName).locator('img');
    expect(await icon.getAttribute('src')).toMatch(/^\/api\/image\/service_icons\/.+\.png$/);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => rowOf(page, serviceName).getByText('Kredit: 7').count()).toBe(1);

    // A new credit: the history grows by one row.
    await rowOf(page, serviceName).getByRole('button', { name: 'Izmijeni' }).click();
    const edit = page.getByRole('dialog', { name: 'Izmjena usluge' });
    expect(await edit.getByRole('textbox', { name: /^Kredit/ }).inputValue()).toBe('7');
    await edit.getByRole('textbox', { name: /^Kredit/ }).fill('9,5');
    await edit.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste izmijenili uslugu');
    await rowOf(page, serviceName).getByText('Kredit: 9,5').waitFor();
    // The history by keyboard: the credits, and the change history (audit trail) beside them.
    await rowOf(page, serviceName).getByRole('button', { name: 'Istorija kredita' }).focus();
    await page.keyboard.press('Enter');
    const history = page.getByRole('dialog', { name: `Istorija kredita: ${serviceName}` });
    await history.getByRole('cell', { name: '9,5', exact: true }).waitFor();
    expect(await history.getByRole('cell', { name: '7', exact: true }).count()).toBe(1);
    expect(await history.locator('tbody tr').count()).toBe(2);
    await tabTo(page, 'Prikaži istoriju izmjena');
    await page.keyboard.press('Enter');
    const changes = history.getByRole('list', { name: 'Istorija izmjena' });
    // Newest first: the credit just changed, by the administrator, then the service added.
    await changes.getByText('Krediti: 7 → 9,5', { exact: true }).waitFor();
    expect(await changes.locator(':scope > li').first().textContent()).toMatch(
      /Izmjena · Administrator \(#\d+\).*Krediti: 7 → 9,5/,
    );
    await changes.getByText(/Dodavanje/).waitFor();
    await screenshot(page, 'services-change-history');
    await expectNoSeriousAxe(page);
    await history.getByRole('button', { name: 'Zatvori' }).click();
    await history.waitFor({ state: 'detached' });

    // Favourite, after the question.
    const star = rowOf(page, serviceName).getByRole('button', { name: 'Omiljena' });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    const favourite = page.getByRole('dialog', { name: `Označiti „${serviceName}“ kao omiljenu?` });
    await favourite.getByRole('button', { name: 'Označi' }).click();
    await expectSnack(page, `Uspješno ste označili „${serviceName}“ kao omiljenu`);
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');

    // Deactivating the folder takes its service along; with inactive nodes shown both are greyed.
    await page.getByRole('switch', { name: 'Prikaži neaktivne' }).check();
    await rowOf(page, folderName).getByRole('button', { name: 'Deaktiviraj' }).click();
    const deactivate = page.getByRole('dialog', { name: `Deaktivirati folder „${folderName}“?` });
    await deactivate.getByText('Deaktiviraće se i svi folderi i usluge u njemu.').waitFor();
    await deactivate.getByRole('button', { name: 'Deaktiviraj' }).click();
    await expectSnack(page, `Uspješno ste deaktivirali folder „${folderName}“ (deaktiviranih stavki: 2)`);
    await rowOf(page, serviceName).getByText('Neaktivno').waitFor();
    await rowOf(page, folderName).getByText('Neaktivno').waitFor();
    const color = (name: string) =>
      rowOf(page, name)
        .getByText(name, { exact: true })
        .evaluate((element) => getComputedStyle(element).color);
    expect(await color(serviceName)).not.toBe(await color('Baštenski radovi'));
    await screenshot(page, 'services-inactive');
    await expectNoSeriousAxe(page);

    // A service under an inactive folder cannot come back first: the server says which folder.
    await rowOf(page, serviceName).getByRole('button', { name: 'Vrati' }).click();
    await page
      .getByRole('dialog', { name: `Vratiti uslugu „${serviceName}“?` })
      .getByRole('button', { name: 'Vrati' })
      .click();
    const error = page.getByRole('dialog', { name: 'Greška' });
    // The server names the parent (closing its quote with a plain " for now).
    await error.getByText(new RegExp(`^Najprije vratite nadređeni folder „${folderName}[“"]\\.$`)).waitFor();
    await screenshot(page, 'services-restore-refused');
    await error.getByRole('button').first().click();
    await error.waitFor({ state: 'detached' });

    // The folder first, then the service.
    await rowOf(page, folderName).getByRole('button', { name: 'Vrati' }).click();
    await page
      .getByRole('dialog', { name: `Vratiti folder „${folderName}“?` })
      .getByRole('button', { name: 'Vrati samo folder' })
      .click();
    await expectSnack(page, `Uspješno ste vratili folder „${folderName}“`);
    await rowOf(page, folderName).getByRole('button', { name: 'Deaktiviraj' }).waitFor();
    await context.close();
  });

  it('adds a service into a folder the dialog names, and moves it to another folder by keyboard', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await openServices(page);
    const [from, to, service] = [`E2E iz ${RUN}`, `E2E u ${RUN}`, `E2E seli ${RUN}`];
    for (const name of [from, to]) {
      await page.getByRole('button', { name: 'Novi folder' }).click();
      const add = page.getByRole('dialog', { name: 'Novi folder' });
      await add.getByText('Dodaje se na vrh kataloga').waitFor();
      await add.getByRole('textbox', { name: /^Naziv/ }).fill(name);
      await add.getByRole('button', { name: 'Sačuvaj' }).click();
      await expectSnack(page, 'Uspješno ste dodali folder');
      await node(page, name).waitFor();
    }
    await rowOf(page, from).getByRole('button', { name: 'Dodaj u folder' }).click();
    await page.getByRole('menuitem', { name: 'Nova usluga' }).click();
    const add = page.getByRole('dialog', { name: 'Nova usluga' });
    await add.getByText(`Dodaje se u: ${from}`).waitFor();
    await add.getByRole('textbox', { name: /^Naziv/ }).fill(service);
    await add.getByRole('textbox', { name: /^Kredit/ }).fill('3');
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste dodali uslugu');
    await node(page, service).waitFor();

    await rowOf(page, service).getByRole('button', { name: 'Izmijeni' }).click();
    const edit = page.getByRole('dialog', { name: 'Izmjena usluge' });
    const folder = edit.getByRole('combobox', { name: 'Folder' });
    await folder.getByText(from).waitFor();
    await folder.focus();
    await page.keyboard.press('Enter');
    const target = page.getByRole('option', { name: to });
    await target.waitFor();
    // Down the list until the target folder has the focus, then Enter chooses it.
    for (
      let step = 0;
      step < 100 && !(await target.evaluate((el) => el === document.activeElement));
      step++
    ) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await folder.getByText(to).waitFor();
    await edit.getByRole('button', { name: 'Sačuvaj' }).click();
    await expectSnack(page, 'Uspješno ste izmijenili uslugu');
    // The tree is flat: the service shows again only once the folder it moved into is opened.
    await expect.poll(() => node(page, service).count()).toBe(0);
    await node(page, to).click();
    await node(page, service).waitFor();
    expect(await node(page, service).getAttribute('aria-level')).toBe('2');
    await context.close();
  });

  it('moves through the tree with the keyboard and reaches a node’s buttons with Tab', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await openServices(page);
    await node(page, 'Baštenski radovi').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => node(page, 'Baštenski radovi').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    // Favourites come first: the seeded favourite opens the folder.
    const focusedName = () =>
      page.evaluate(
        () =>
          document.activeElement?.querySelector(':scope > .MuiTreeItem-content [data-node-name]')
            ?.textContent ?? '',
      );
    await expect.poll(focusedName).toBe('Košenje trave');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Omiljena');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Istorija kredita',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Istorija kredita: Košenje trave' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Back on the button it came from.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Istorija kredita',
    );

    // Back to the folder (Shift+Tab twice, then the arrows): its add button opens its menu.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focusedName).toBe('Košenje trave');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedName).toBe('Baštenski radovi');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Dodaj u folder',
    );
    await page.keyboard.press('Enter');
    const serviceItem = page.getByRole('menuitem', { name: 'Nova usluga' });
    await expect.poll(() => serviceItem.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Nova usluga' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it('stays quick with a catalogue of three thousand nodes', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signIn(page);
    // The real server's catalogue is small: the tree read is answered with a big one instead.
    const big = Array.from({ length: 30 }, (_, f) => ({
      id: 100_000 + f,
      name: `Veliki folder ${String(f).padStart(2, '0')}`,
      description: null,
      is_service: false,
      credit: null,
      icon_url: null,
      service_id: null,
      is_active: true,
      is_favorite: false,
      updated_at: '2026-05-01T10:00:00Z',
      services: Array.from({ length: 100 }, (_, s) => ({
        id: 200_000 + f * 100 + s,
        name: `Usluga ${f}-${s}`,
        description: null,
        is_service: true,
        credit: 5,
        icon_url: null,
        service_id: 100_000 + f,
        is_active: true,
        is_favorite: false,
        updated_at: '2026-05-01T10:00:00Z',
        services: [],
      })),
    }));
    await page.route('**/api/services/index_active', (route) =>
      route.fulfill({ json: { result: big, total_rows: 3030 } }),
    );
    await page.goto('/services');
    await node(page, 'Veliki folder 29').waitFor();
    expect(await page.getByRole('treeitem').count()).toBe(30);

    // Timed in the page: from the click on a folder of 100 until its last service is there.
    const openMs = await page.evaluate(async () => {
      const nameOf = (text: string) =>
        [...document.querySelectorAll<HTMLElement>('[data-node-name]')].find((el) => el.textContent === text);
      const started = performance.now();
      nameOf('Veliki folder 07')?.click();
      while (!nameOf('Usluga 7-99')) await new Promise((resolve) => setTimeout(resolve, 5));
      return performance.now() - started;
    });
    expect(await page.getByRole('treeitem').count()).toBe(130);
    // Typing in the search field does not wait for the tree.
    const search = page.getByRole('textbox', { name: 'Pretraga usluga' });
    const typing = Date.now();
    await search.pressSequentially('usluga 7-9', { delay: 0 });
    const typeMs = Date.now() - typing;
    console.info(
      `3030 nodes: opening a folder of 100 took ${Math.round(openMs)} ms, typing 10 letters ${typeMs} ms`,
    );
    // Generous bounds for a busy test machine; on a quiet one both are a few hundred ms.
    expect(openMs).toBeLessThan(2500);
    expect(typeMs).toBeLessThan(2500);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as ThemeMode[]) {
    for (const [viewport, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      it(`looks right on ${label} in the ${theme} theme, with no serious axe violation`, async () => {
        const { context, page } = await newPage(browser(), baseUrl, viewport, {
          theme,
          isTouch: label === 'phone',
        });
        await openServices(page);
        await node(page, 'Baštenski radovi').click();
        await node(page, 'Košenje trave').waitFor();
        await screenshot(page, `services-${label}-${theme}`);
        await expectNoSeriousAxe(page);
        // The edit form with its folder field (looked at, not saved).
        if (label === 'desktop')
          await rowOf(page, 'Košenje trave').getByRole('button', { name: 'Izmijeni' }).click();
        else {
          await rowOf(page, 'Košenje trave').getByRole('button', { name: 'Akcije: Košenje trave' }).click();
          await page.getByRole('menuitem', { name: 'Izmijeni' }).click();
        }
        const edit = page.getByRole('dialog', { name: 'Izmjena usluge' });
        await edit.getByRole('combobox', { name: 'Folder' }).getByText('Baštenski radovi').waitFor();
        await screenshot(page, `services-${label}-${theme}-edit`);
        await expectNoSeriousAxe(page);
        await edit.getByRole('button', { name: 'Otkaži' }).click();
        await edit.waitFor({ state: 'detached' });
        if (label === 'phone') {
          await rowOf(page, 'Košenje trave').getByRole('button', { name: 'Akcije: Košenje trave' }).click();
          await page.getByRole('menuitem', { name: 'Istorija kredita' }).waitFor();
          await screenshot(page, `services-${label}-${theme}-menu`);
          await page.keyboard.press('Escape');
        }
        await context.close();
      });
    }
  }
});
