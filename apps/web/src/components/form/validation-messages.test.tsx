import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditPriceRow, Language } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n.ts';
import type { ServiceNode } from '../../pages/admin/services/services-api.ts';
import { listAnswer, mockFetch } from '../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../test/render-app.tsx';

/**
 * The forms' messages with a number in them ('Najviše {{n}} decimale.') say the number, in both
 * languages: money with too many decimals, a credit with too many digits, a value below the minimum.
 */

const PRICE: CreditPriceRow = {
  id: 23,
  os_country_id: 4,
  currency_id: 7,
  price_per_credit: 0.5,
  os_countries: { name: 'Crna Gora' },
  currencies: { name: 'Euro', short_name: 'EUR', sign: '€' },
  is_active: true,
  updated_at: '2026-03-01T09:00:00.000Z',
};

const FOLDER: ServiceNode = {
  id: 31,
  name: 'Čišćenje',
  description: null,
  is_service: false,
  credit: null,
  icon_url: null,
  service_id: null,
  is_active: true,
  is_favorite: false,
  updated_at: '2026-03-01T09:00:00.000Z',
  deactivated_items: 0,
  services: [],
};

const TEXTS = {
  me: {
    add: 'Dodaj',
    edit: 'Izmijeni',
    editTitle: 'Izmjena cijene kredita',
    shownPrice: '0,50 €',
    editedPrice: '0,50',
    typedPrice: '1.234,5',
    newPrice: 'Nova cijena kredita',
    save: 'Sačuvaj',
    price: /^Cijena po kreditu/,
    addChild: 'Dodaj u folder',
    newService: 'Nova usluga',
    name: /^Naziv/,
    credit: /^Kredit/,
    decimals: 'Najviše 2 decimale.',
    // '1,234' has 3 decimals in Montenegrin ('1.234' is 1234 there).
    threeDecimals: '1,234',
    otherMarks: '12.5',
    amountFormat: 'Unesite iznos, npr. 1.234,50 ili 1234,50.',
    digits: 'Maks 6 cifara.',
    minimum: 'Vrijednost mora biti najmanje 0.',
  },
  en: {
    add: 'Add',
    edit: 'Edit',
    editTitle: 'Edit credit price',
    shownPrice: '€0.50',
    editedPrice: '0.50',
    typedPrice: '1,234.5',
    newPrice: 'New credit price',
    save: 'Save',
    price: /^Price per credit/,
    addChild: 'Add to folder',
    newService: 'New service',
    name: /^Name/,
    credit: /^Credit/,
    decimals: 'At most 2 decimals.',
    threeDecimals: '1.234',
    otherMarks: '12,5',
    amountFormat: 'Enter an amount such as 1,234.50 or 1234.50.',
    digits: 'At most 6 digits.',
    minimum: 'The value must be at least 0.',
  },
} as const;

async function openAt(path: string, language: Language, table: Parameters<typeof mockFetch>[0]) {
  await resetApp();
  await changeLanguage(language);
  setAuthenticatedFlag();
  const net = mockFetch({ 'GET /api/user': { body: ADMIN_USER }, ...table });
  await renderApp(path, { isReset: false });
  return { net, user: userEvent.setup() };
}

describe.each(['me', 'en'] as const)('form messages with a number (%s)', { timeout: 60_000 }, (language) => {
  const text = TEXTS[language];

  it('says how many decimals a price may have', async () => {
    const { net, user } = await openAt('/credits', language, {
      'POST /api/credit_prices/index': listAnswer([PRICE]),
      'POST /api/os_countries/index_active': listAnswer([]),
      'POST /api/currencies/index_active': listAnswer([]),
    });
    // The first visit loads the lazy admin modules, slow on a busy machine.
    await screen.findByText('Crna Gora', {}, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: text.add }));
    const dialog = await screen.findByRole('dialog', { name: text.newPrice });
    const price = within(dialog).getByRole('textbox', { name: text.price });
    await user.type(price, text.threeDecimals);
    await user.click(within(dialog).getByRole('button', { name: text.save }));
    await waitFor(() => expect(price).toHaveAccessibleDescription(text.decimals));
    // The other language's marks are not guessed at: the field says how to write an amount.
    await user.clear(price);
    await user.type(price, text.otherMarks);
    await user.click(within(dialog).getByRole('button', { name: text.save }));
    await waitFor(() => expect(price).toHaveAccessibleDescription(text.amountFormat));
    expect(dialog).not.toHaveTextContent('{{');
    expect(net.callsTo('POST /api/credit_prices/store')).toHaveLength(0);
  });

  it("shows a price in the language's money format and reads one typed with its marks", async () => {
    const { net, user } = await openAt('/credits', language, {
      'POST /api/credit_prices/index': listAnswer([PRICE]),
      'POST /api/os_countries/index_active': listAnswer([]),
      'POST /api/currencies/index_active': listAnswer([]),
      'PUT /api/credit_prices/update/23': { body: PRICE },
    });
    await screen.findByText('Crna Gora', {}, { timeout: 20_000 });
    const row = screen.getByText('Crna Gora').closest('tr') as HTMLElement;
    expect(within(row).getByText(text.shownPrice)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: text.edit }));
    const dialog = await screen.findByRole('dialog', { name: text.editTitle });
    const price = within(dialog).getByRole('textbox', { name: text.price });
    expect(price).toHaveValue(text.editedPrice);
    await user.clear(price);
    await user.type(price, text.typedPrice);
    await user.click(within(dialog).getByRole('button', { name: text.save }));
    await waitFor(() => expect(net.callsTo('PUT /api/credit_prices/update/23')).toHaveLength(1));
    expect(net.lastBodyOf('PUT /api/credit_prices/update/23')).toMatchObject({ price_per_credit: 1234.5 });
  });

  it("says a service's credit limits: digits, decimals and the minimum", async () => {
    const { net, user } = await openAt('/services', language, {
      'POST /api/services/index_active': { body: { result: [FOLDER], total_rows: 1 } },
    });
    await screen.findByText('Čišćenje', {}, { timeout: 20_000 });
    const row = screen.getByText('Čišćenje').closest('[role="treeitem"]') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: text.addChild }));
    await user.click(await screen.findByRole('menuitem', { name: text.newService }));
    const dialog = await screen.findByRole('dialog', { name: text.newService });
    await user.type(within(dialog).getByRole('textbox', { name: text.name }), 'Pranje auta');
    const credit = within(dialog).getByRole('textbox', { name: text.credit });
    for (const [typed, message] of [
      ['1000000', text.digits],
      [text.threeDecimals, text.decimals],
      [text.otherMarks, text.amountFormat],
      ['-1', text.minimum],
    ] as const) {
      await user.clear(credit);
      await user.type(credit, typed);
      await user.click(within(dialog).getByRole('button', { name: text.save }));
      await waitFor(() => expect(credit).toHaveAccessibleDescription(message));
      expect(dialog).not.toHaveTextContent('{{');
    }
    expect(net.callsTo('POST /api/services/store')).toHaveLength(0);
  });
});
