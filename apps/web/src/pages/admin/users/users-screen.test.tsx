import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditPriceRow, LeadTransactionRow, UserRow } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { listAnswer, mockFetch, type SeenRequest } from '../../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

const MEMBER: UserRow = {
  id: 57,
  name: 'Jelena',
  last_name: 'Popović',
  full_name: 'Jelena Popović',
  email: 'jelena@primjer.me',
  username: 'jelena',
  phone: '+38267111222',
  details: null,
  image_url: '/api/image/user_images/abc123.jpg',
  roles: [{ id: 2, name: 'Korisnik' }],
  address: null,
  pib: null,
  credit: 40,
  user_type_id: 2,
  user_types: { id: 2, name: 'Fizičko lice' },
  is_active: true,
  updated_at: '2026-05-01T10:00:00Z',
};
const ADMIN_ROW: UserRow = {
  ...MEMBER,
  id: 3,
  name: 'Ana',
  last_name: 'Marković',
  full_name: 'Ana Marković',
  email: 'ana@primjer.me',
  username: 'admin',
  roles: [{ id: 1, name: 'Administrator' }],
  credit: null,
};
const ROLE_CHOICES = [
  { id: 1, name: 'Administrator', is_active: true, updated_at: '2024-01-01T00:00:00Z' },
  { id: 2, name: 'Korisnik', is_active: true, updated_at: '2024-01-01T00:00:00Z' },
];
const USER_TYPE_CHOICES = [
  { id: 1, name: 'Pravno lice', is_active: true, updated_at: '2024-01-01T00:00:00Z' },
  { id: 2, name: 'Fizičko lice', is_active: true, updated_at: '2024-01-01T00:00:00Z' },
];
const PRICE: CreditPriceRow = {
  id: 14,
  os_country_id: 6,
  currency_id: 9,
  price_per_credit: 0.35,
  os_countries: { name: 'Crna Gora' },
  currencies: { name: 'Euro', short_name: 'EUR', sign: '€' },
  is_active: true,
  updated_at: '2026-01-01T00:00:00Z',
};

async function openUsers(extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/users/index': listAnswer([MEMBER, ADMIN_ROW]),
    'POST /api/roles/index_active': listAnswer(ROLE_CHOICES),
    'POST /api/user_types/index_active': listAnswer(USER_TYPE_CHOICES),
    ...extra,
  });
  await renderApp('/users', { isReset: false });
  // The first visit loads the lazy admin modules, slow on a busy machine.
  // Rows are found by e-mail: the username is not among the default columns.
  await screen.findByText('jelena@primjer.me', {}, { timeout: 20_000 });
  return { net, user: userEvent.setup() };
}

function rowOf(text: string): HTMLElement {
  return screen.getByText(text, { exact: true }).closest('tr') as HTMLElement;
}

function formOf(request: SeenRequest | undefined): Record<string, unknown> {
  const body = request?.body;
  expect(body).toBeInstanceOf(FormData);
  return Object.fromEntries((body as FormData).entries());
}

async function pick(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, option: string) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
}

// Long typing sequences: slow on a busy machine.
describe('users form', { timeout: 60_000 }, () => {
  it('shows address and PIB only for a company, and sends the form as multipart with the image', async () => {
    const { net, user } = await openUsers({ 'POST /api/users/store': { status: 201, body: MEMBER } });
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi korisnik' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Promijeni lozinku' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Adresa/ })).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Ime/ }), 'Firma');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'firma@primjer.me');
    await user.type(within(dialog).getByRole('textbox', { name: /^Korisničko ime/ }), 'firma');
    await user.type(within(dialog).getByRole('textbox', { name: /^Telefon/ }), '020111222');
    await pick(user, within(dialog).getByRole('combobox', { name: /^Uloge/ }), 'Korisnik');
    await user.keyboard('{Escape}');
    await pick(user, within(dialog).getByRole('combobox', { name: /^Tip korisnika/ }), 'Pravno lice');
    // A company must give its address and PIB: both appear, required.
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    const address = await within(dialog).findByRole('textbox', { name: /^Adresa/ });
    await waitFor(() => expect(address).toHaveAccessibleDescription('Obavezno polje.'));
    await user.type(address, 'Njegoševa 1');
    await user.type(within(dialog).getByRole('textbox', { name: /^PIB/ }), '02711111');
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Izaberi sliku'), image);
    expect(await within(dialog).findByRole('img', { name: 'Pregled slike' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Lozinka/), 'tajna-lozinka');
    await user.type(within(dialog).getByLabelText(/^Potvrda lozinke/), 'tajna-lozinka');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    await waitFor(() => expect(net.callsTo('POST /api/users/store')).toHaveLength(1));
    const body = formOf(net.callsTo('POST /api/users/store')[0]);
    expect(body).toEqual({
      name: 'Firma',
      email: 'firma@primjer.me',
      username: 'firma',
      phone: '020111222',
      roles: '[2]',
      user_type_id: '1',
      address: 'Njegoševa 1',
      pib: '02711111',
      image_file: expect.any(File),
      password: 'tajna-lozinka',
      confirm_password: 'tajna-lozinka',
    });
    expect((body.image_file as File).name).toBe('logo.png');
    expect(await screen.findByText('Uspješno ste dodali korisnika')).toBeInTheDocument();
  });

  it('hides address and PIB again for a person, and does not send what was typed in them', async () => {
    const { net, user } = await openUsers({ 'POST /api/users/update/57': { body: MEMBER } });
    await user.click(within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena korisnika' });
    const type = within(dialog).getByRole('combobox', { name: /^Tip korisnika/ });
    await waitFor(() => expect(type).toHaveTextContent('Fizičko lice'));
    await pick(user, type, 'Pravno lice');
    await user.type(within(dialog).getByRole('textbox', { name: /^Adresa/ }), 'Bulevar 5');
    await pick(user, type, 'Fizičko lice');
    expect(within(dialog).queryByRole('textbox', { name: /^Adresa/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/users/update/57')).toHaveLength(1));
    const body = formOf(net.callsTo('POST /api/users/update/57')[0]);
    expect(body).not.toHaveProperty('address');
    expect(body).not.toHaveProperty('pib');
  });

  it("on edit keeps the old password and image unless 'change password' is ticked or a new image chosen", async () => {
    const { net, user } = await openUsers({ 'POST /api/users/update/57': { body: MEMBER } });
    await user.click(within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena korisnika' });
    expect(within(dialog).getByRole('img', { name: 'Pregled slike' })).toHaveAttribute(
      'src',
      '/api/image/user_images/abc123.jpg',
    );
    expect(within(dialog).queryByLabelText(/^Lozinka/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/users/update/57')).toHaveLength(1));
    const first = formOf(net.callsTo('POST /api/users/update/57')[0]);
    expect(first).toEqual({
      name: 'Jelena',
      last_name: 'Popović',
      email: 'jelena@primjer.me',
      username: 'jelena',
      phone: '+38267111222',
      roles: '[2]',
      user_type_id: '2',
      // The version the form read: a save over someone else's change is refused.
      updated_at: '2026-05-01T10:00:00Z',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Izmijeni' }));
    const again = await screen.findByRole('dialog', { name: 'Izmjena korisnika' });
    await user.click(within(again).getByRole('checkbox', { name: 'Promijeni lozinku' }));
    await user.type(within(again).getByLabelText(/^Lozinka/), 'nova-lozinka');
    await user.type(within(again).getByLabelText(/^Potvrda lozinke/), 'druga-lozinka');
    await user.click(within(again).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(again).findByText('Lozinke se ne poklapaju.')).toBeInTheDocument();
    const confirmation = within(again).getByLabelText(/^Potvrda lozinke/);
    await user.clear(confirmation);
    await user.type(confirmation, 'nova-lozinka');
    await user.click(within(again).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/users/update/57')).toHaveLength(2));
    const second = formOf(net.callsTo('POST /api/users/update/57')[1]);
    expect(second).toMatchObject({ password: 'nova-lozinka', confirm_password: 'nova-lozinka' });
    expect(second).not.toHaveProperty('change_password');
  });

  it("removes the stored image with 'Ukloni sliku' (sends remove_image), which 'Vrati sliku' undoes", async () => {
    const { net, user } = await openUsers({
      'POST /api/users/update/57': { body: { ...MEMBER, image_url: null } },
    });
    await user.click(within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena korisnika' });
    await user.click(within(dialog).getByRole('button', { name: 'Ukloni sliku' }));
    expect(within(dialog).queryByRole('img', { name: 'Pregled slike' })).not.toBeInTheDocument();
    // Changed one's mind: the stored image is back, and nothing would be removed.
    await user.click(within(dialog).getByRole('button', { name: 'Vrati sliku' }));
    expect(within(dialog).getByRole('img', { name: 'Pregled slike' })).toHaveAttribute(
      'src',
      '/api/image/user_images/abc123.jpg',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ukloni sliku' }));
    expect(within(dialog).queryByRole('button', { name: 'Ukloni sliku' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/users/update/57')).toHaveLength(1));
    const body = formOf(net.callsTo('POST /api/users/update/57')[0]);
    expect(body).toMatchObject({ remove_image: 'true', name: 'Jelena' });
    expect(body).not.toHaveProperty('image_file');
  });

  it('offers no removal when the user has no stored image', async () => {
    const { user } = await openUsers({
      'POST /api/users/index': listAnswer([{ ...MEMBER, image_url: null }]),
    });
    await user.click(within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena korisnika' });
    expect(within(dialog).queryByRole('button', { name: 'Ukloni sliku' })).not.toBeInTheDocument();
  });

  it('refuses an image that is not png/jpeg or is over 2 MB, in the words the server uses', async () => {
    const { user } = await openUsers();
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi korisnik' });
    expect(within(dialog).getByText('PNG ili JPEG, do 2 MB')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Izaberi sliku');
    // user.upload honours `accept`; a file picker's "all files" choice does not, so fire it as-is.
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect(
      await within(dialog).findByText('Dozvoljene su samo slike u formatu PNG ili JPEG.'),
    ).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(dialog).findByText('Slika može imati najviše 2 MB.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Pregled slike' })).not.toBeInTheDocument();
  });

  it('offers credits only for users who hold a balance', async () => {
    await openUsers();
    expect(within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Krediti' })).toBeInTheDocument();
    expect(
      within(rowOf('ana@primjer.me')).queryByRole('button', { name: 'Krediti' }),
    ).not.toBeInTheDocument();
  });
});

describe('credits dialog', { timeout: 60_000 }, () => {
  const ADDED: LeadTransactionRow = {
    id: 301,
    credit_for_user_id: 57,
    credit_price_id: 14,
    credit_before_adding: 40,
    add_credit_amount: 500,
    credit_after_adding: 540,
    total_price: 175,
    price_per_credit: 0.35,
    currencies: { short_name: 'EUR', sign: '€' },
    created_by: 'Ana Marković',
    updated_at: '2026-05-02T08:30:00Z',
  };

  async function openCredits(extra: Parameters<typeof mockFetch>[0] = {}) {
    const opened = await openUsers({
      'POST /api/credit_prices/index_active': listAnswer([PRICE]),
      'POST /api/lead_transactions/index': [listAnswer([]), listAnswer([ADDED])],
      ...extra,
    });
    await opened.user.click(within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Krediti' }));
    const credits = await screen.findByRole('dialog', { name: 'Krediti: Jelena Popović' });
    expect(within(credits).getByText('Stanje kredita: 40')).toBeInTheDocument();
    await opened.user.click(within(credits).getByRole('button', { name: 'Dodaj kredite' }));
    const add = await screen.findByRole('dialog', { name: 'Dodavanje kredita' });
    return { ...opened, credits, add };
  }

  it('reads the history of this user only', async () => {
    const { net } = await openCredits();
    expect(net.lastBodyOf('POST /api/lead_transactions/index')).toMatchObject({
      filters: { credit_for_user_id: { operator: 'equals', value: 57 } },
      options: { sortBy: ['updated_at'], sortDesc: [true] },
    });
  });

  it('keeps quantity and total disabled until a price is chosen, then computes one from the other', async () => {
    const { user, add } = await openCredits();
    const quantity = within(add).getByRole('textbox', { name: /^Količina/ });
    const total = within(add).getByRole('textbox', { name: /^Ukupna cijena/ });
    expect(quantity).toBeDisabled();
    expect(total).toBeDisabled();
    await pick(user, within(add).getByRole('combobox', { name: /^Cijena kredita/ }), 'Crna Gora · 0,35 €');
    expect(quantity).toBeEnabled();
    await user.type(quantity, '+500');
    expect(total).toHaveValue('175,00');
    await user.clear(quantity);
    await user.type(quantity, '-3');
    expect(total).toHaveValue('-1,05');
    // Montenegrin marks: '1.234,5' is 1234.5 credits; '12.5' is no Montenegrin number, so no total.
    await user.clear(quantity);
    await user.type(quantity, '1.234,5');
    expect(total).toHaveValue('432,08');
    await user.clear(quantity);
    await user.type(quantity, '12.5');
    expect(total).toHaveValue('');
    // A total buys the whole number of credits it pays for: 100 / 0.35 = 285.7 → 285.
    await user.clear(total);
    await user.type(total, '100');
    expect(quantity).toHaveValue('285');
    await user.clear(quantity);
    await user.type(quantity, 'abc');
    expect(total).toHaveValue('');
    await user.click(within(add).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(add).findByText('Unesite broj, npr. 500, +500 ili -500.')).toBeInTheDocument();
  });

  it('shows the total that will be saved once a typed total sets the quantity, without moving the field under the typing', async () => {
    const HALF: CreditPriceRow = { ...PRICE, id: 16, price_per_credit: 0.5 };
    const { net, user, add } = await openCredits({
      'POST /api/credit_prices/index_active': listAnswer([PRICE, HALF]),
      'POST /api/lead_transactions/store': { status: 201, body: ADDED },
    });
    await pick(user, within(add).getByRole('combobox', { name: /^Cijena kredita/ }), 'Crna Gora · 0,50 €');
    const quantity = within(add).getByRole('textbox', { name: /^Količina/ });
    const total = within(add).getByRole('textbox', { name: /^Ukupna cijena/ });
    // 101,30 pays for 202 whole credits, which cost 101,00: that is what Save would keep.
    await user.type(total, '101,30');
    expect(quantity).toHaveValue('202');
    expect(total).toHaveValue('101,30');
    expect(total).toHaveAccessibleDescription('Biće sačuvano: 101,00 € za količinu 202');
    // Leaving the field shows the real total there.
    await user.tab();
    expect(total).toHaveValue('101,00');
    expect(total).toHaveAccessibleDescription('EUR');
    // A total that is already exact stays as typed, with no note.
    await user.clear(total);
    await user.type(total, '7,5');
    expect(quantity).toHaveValue('15');
    expect(total).toHaveAccessibleDescription('EUR');
    // Enter from inside the total saves the derived quantity and settles the field as well.
    await user.clear(total);
    await user.type(total, '3,99{Enter}');
    await waitFor(() => expect(net.callsTo('POST /api/lead_transactions/store')).toHaveLength(1));
    expect(net.lastBodyOf('POST /api/lead_transactions/store')).toEqual({
      credit_amount: '7',
      credit_price_id: 16,
      credit_for_user_id: 57,
    });
  });

  it('adds credits with an Idempotency-Key, then shows the new balance and history and refreshes the list', async () => {
    const { net, user, add, credits } = await openCredits({
      'POST /api/lead_transactions/store': { status: 201, body: ADDED },
    });
    const listReads = net.callsTo('POST /api/users/index').length;
    await pick(user, within(add).getByRole('combobox', { name: /^Cijena kredita/ }), 'Crna Gora · 0,35 €');
    await user.type(within(add).getByRole('textbox', { name: /^Količina/ }), '500');
    await user.click(within(add).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/lead_transactions/store')).toHaveLength(1));
    const [store] = net.callsTo('POST /api/lead_transactions/store');
    expect(store?.body).toEqual({ credit_amount: '500', credit_price_id: 14, credit_for_user_id: 57 });
    expect(store?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Uspješno ste dodali kredite')).toBeInTheDocument();
    expect(await within(credits).findByText('Stanje kredita: 540')).toBeInTheDocument();
    expect(await within(credits).findByRole('cell', { name: '+500' })).toBeInTheDocument();
    expect(within(credits).getByRole('cell', { name: '175,00 €' })).toBeInTheDocument();
    expect(within(credits).getByRole('cell', { name: 'Ana Marković' })).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('POST /api/users/index').length).toBeGreaterThan(listReads));
  });

  it("shows the server's overdraft message under the quantity; every retry of this opening keeps its key", async () => {
    const message = 'Stanje kredita ne može biti negativno (trenutno stanje: 40).';
    const { net, user, add } = await openCredits({
      'POST /api/lead_transactions/store': {
        status: 409,
        body: { message, errors: { credit_amount: [message] } },
      },
    });
    await pick(user, within(add).getByRole('combobox', { name: /^Cijena kredita/ }), 'Crna Gora · 0,35 €');
    const quantity = within(add).getByRole('textbox', { name: /^Količina/ });
    await user.type(quantity, '-600');
    await user.click(within(add).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(message));
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
    await user.click(within(add).getByRole('button', { name: 'Sačuvaj' }));
    await user.clear(quantity);
    await user.type(quantity, '-60');
    await user.click(within(add).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(net.callsTo('POST /api/lead_transactions/store')).toHaveLength(3));
    const keys = net.callsTo('POST /api/lead_transactions/store').map((r) => r.headers['idempotency-key']);
    // One key per opening of the dialog: a refused request stored nothing on the server, so the
    // corrected one runs under the same key, and a lost answer's retry could never credit twice.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
  });
});

describe('sign-in lock', { timeout: 60_000 }, () => {
  const UNLOCK = 'POST /api/users/unlock/57';

  async function openUnlock(extra: Parameters<typeof mockFetch>[0]) {
    const opened = await openUsers(extra);
    await opened.user.click(
      within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Otključaj prijavu' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Otključati prijavu korisnika „Jelena Popović“?',
    });
    return { ...opened, dialog };
  }

  it('is offered on every row, administrators included', async () => {
    await openUsers();
    expect(
      within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Otključaj prijavu' }),
    ).toBeInTheDocument();
    expect(
      within(rowOf('ana@primjer.me')).getByRole('button', { name: 'Otključaj prijavu' }),
    ).toBeInTheDocument();
  });

  it('asks first; Cancel sends nothing', async () => {
    const { net, user, dialog } = await openUnlock({});
    expect(dialog).toHaveTextContent('sa svih adresa');
    await user.click(within(dialog).getByRole('button', { name: 'Otkaži' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo(UNLOCK)).toHaveLength(0);
  });

  it('unlocks once with an Idempotency-Key, the button disabled in flight, and says a lock was lifted', async () => {
    let answer: (response: Response) => void = () => {};
    const { net, user, dialog } = await openUnlock({
      [UNLOCK]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const confirm = within(dialog).getByRole('button', { name: 'Otključaj' });
    await user.dblClick(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    expect(net.callsTo(UNLOCK)).toHaveLength(1);
    expect(net.callsTo(UNLOCK)[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    answer(
      new Response(JSON.stringify({ message: 'Prijava korisnika jelena je otključana.', was_locked: true }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByText('Prijava korisnika „Jelena Popović“ je otključana')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the key for a retry after a failure, says when there was no lock, and a new opening has a new key', async () => {
    const { net, user, dialog } = await openUnlock({
      [UNLOCK]: [
        { status: 500, body: { message: 'Greška na serveru.' } },
        { body: { message: 'Prijava korisnika jelena nije bila zaključana.', was_locked: false } },
      ],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Otključaj' }));
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    await user.click(within(error).getByRole('button', { name: 'Zatvori' }));
    // Still open after the failure, to try again.
    await user.click(await within(dialog).findByRole('button', { name: 'Otključaj' }));
    expect(
      await screen.findByText('Prijava korisnika „Jelena Popović“ nije bila zaključana'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('jelena@primjer.me')).getByRole('button', { name: 'Otključaj prijavu' }));
    const reopened = await screen.findByRole('dialog', {
      name: 'Otključati prijavu korisnika „Jelena Popović“?',
    });
    await user.click(within(reopened).getByRole('button', { name: 'Otključaj' }));
    await waitFor(() => expect(net.callsTo(UNLOCK)).toHaveLength(3));
    const keys = net.callsTo(UNLOCK).map((request) => request.headers['idempotency-key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
