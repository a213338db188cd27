import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CityRow, cityFormSchema, fieldErrors, type Language } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { listAnswer, mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

const CITIES: CityRow[] = [
  {
    id: 7,
    name: 'Podgorica',
    post_code: '81000',
    os_country_id: 1,
    countries: { name: 'Crna Gora' },
    is_active: true,
    updated_at: '2024-05-01T10:00:00Z',
  },
  {
    id: 8,
    name: 'Niš',
    post_code: '18000',
    os_country_id: 2,
    countries: { name: 'Srbija' },
    is_active: false,
    updated_at: '2024-04-01T10:00:00Z',
  },
];
const COUNTRY_CHOICES = [
  { id: 1, name: 'Crna Gora', code: 'ME', is_active: true, updated_at: '2024-01-01T00:00:00Z' },
  { id: 2, name: 'Srbija', code: 'RS', is_active: true, updated_at: '2024-01-02T00:00:00Z' },
];

/** What the server answers for this body: the same schema, the same error map (its 422 `errors`). */
function serverFieldErrors(body: unknown, lang: Language): Record<string, string[]> {
  const result = cityFormSchema.safeParse(body, { reportInput: true });
  return result.success ? {} : fieldErrors(result.error.issues, lang);
}

async function openCities(extra: Parameters<typeof mockFetch>[0] = {}) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    'GET /api/user': { body: ADMIN_USER },
    'POST /api/os_cities/index': listAnswer(CITIES),
    'POST /api/os_countries/index_active': listAnswer(COUNTRY_CHOICES),
    ...extra,
  });
  await renderApp('/cities', { isReset: false });
  await screen.findByText('Podgorica');
  return { net, user: userEvent.setup() };
}

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

describe('cities screen', () => {
  it("lists name, post code and the country's name, and filters and sorts by the country name", async () => {
    const { net, user } = await openCities();
    expect(within(rowOf('Podgorica')).getByText('81000')).toBeInTheDocument();
    expect(within(rowOf('Podgorica')).getByText('Crna Gora')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Filter: Država' }), 'Srb{Enter}');
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/os_cities/index')).toMatchObject({
        filters: { 'countries.name': { operator: 'contains', value: 'Srb' } },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Država' }));
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/os_cities/index')).toMatchObject({
        options: { sortBy: ['countries.name'], sortDesc: [false] },
      }),
    );
  });

  it("shows the server's messages on empty fields ('Obavezno polje.', country 'Obavezno polje')", async () => {
    const { net, user } = await openCities();
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi grad' });
    expect(within(dialog).getByText('Polja označena zvjezdicom (*) su obavezna.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    const server = serverFieldErrors({ name: '', post_code: '', os_country_id: '' }, 'me');
    expect(server).toEqual({
      name: ['Obavezno polje.'],
      post_code: ['Obavezno polje.'],
      os_country_id: ['Obavezno polje'],
    });
    const name = within(dialog).getByRole('textbox', { name: /Naziv grada/ });
    const postCode = within(dialog).getByRole('textbox', { name: /Poštanski broj/ });
    const country = within(dialog).getByRole('combobox', { name: /Država/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription(server.name?.[0] ?? '?'));
    expect(postCode).toHaveAccessibleDescription(server.post_code?.[0] ?? '?');
    expect(within(dialog).getByText(server.os_country_id?.[0] ?? '?', { exact: true })).toBeInTheDocument();
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST /api/os_cities/store')).toHaveLength(0);
  });

  it('words the same messages in English when the interface is English', async () => {
    const { user } = await openCities();
    await changeLanguage('en');
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'New city' });
    await user.type(within(dialog).getByRole('textbox', { name: /City name/ }), 'Bar');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const server = serverFieldErrors({ name: 'Bar', post_code: '', os_country_id: '' }, 'en');
    expect(
      await within(dialog).findByText(server.post_code?.[0] ?? '?', { exact: true }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(server.os_country_id?.[0] ?? '?', { exact: true })).toBeInTheDocument();
  });

  it('adds a city in a country picked from the active countries', async () => {
    const { net, user } = await openCities({
      'POST /api/os_cities/store': { status: 201, body: { ...CITIES[0], id: 9, name: 'Bar' } },
    });
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi grad' });
    await user.type(within(dialog).getByRole('textbox', { name: /Naziv grada/ }), '  Bar ');
    await user.type(within(dialog).getByRole('textbox', { name: /Poštanski broj/ }), '85000');
    await user.click(within(dialog).getByRole('combobox', { name: /Država/ }));
    await user.click(await screen.findByRole('option', { name: 'Crna Gora' }));
    expect(net.lastBodyOf('POST /api/os_countries/index_active')).toEqual({
      filters: {},
      options: { page: 1, itemsPerPage: 1000, sortBy: ['updated_at'], sortDesc: [false] },
      show_only_active: true,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() =>
      expect(net.lastBodyOf('POST /api/os_cities/store')).toEqual({
        name: 'Bar',
        post_code: '85000',
        os_country_id: 1,
      }),
    );
    expect(await screen.findByText('Uspješno ste dodali grad')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novi grad' })).not.toBeInTheDocument());
  });

  it("shows a uniqueness conflict on the field, without the 'Greška' dialog", async () => {
    const message = 'Grad sa ovim imenom već postoji u izabranoj državi.';
    const { user } = await openCities({
      'PUT /api/os_cities/update/7': { status: 409, body: { message, errors: { name: [message] } } },
    });
    await user.click(within(rowOf('Podgorica')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena grada' });
    expect(within(dialog).getByRole('combobox', { name: /Država/ })).toHaveTextContent('Crna Gora');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Naziv grada/ })).toHaveAccessibleDescription(
        message,
      ),
    );
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
  });

  it('edits a city and says so', async () => {
    const { net, user } = await openCities({ 'PUT /api/os_cities/update/7': { body: CITIES[0] } });
    await user.click(within(rowOf('Podgorica')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena grada' });
    const postCode = within(dialog).getByRole('textbox', { name: /Poštanski broj/ });
    await user.clear(postCode);
    await user.type(postCode, '81101');
    await user.click(within(dialog).getByRole('combobox', { name: /Država/ }));
    await user.click(await screen.findByRole('option', { name: 'Srbija' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/os_cities/update/7')).toEqual({
        name: 'Podgorica',
        post_code: '81101',
        os_country_id: 2,
        updated_at: '2024-05-01T10:00:00Z',
      }),
    );
    expect(await screen.findByText('Uspješno ste izmijenili grad')).toBeInTheDocument();
  });

  it('keeps the deactivated country of an edited city instead of an empty field', async () => {
    // Serbia is no longer active: the picker offers Montenegro only.
    const { net, user } = await openCities({
      'POST /api/os_countries/index_active': listAnswer(COUNTRY_CHOICES.slice(0, 1)),
      'PUT /api/os_cities/update/8': { body: CITIES[1] },
    });
    await user.click(within(rowOf('Niš')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena grada' });
    const country = within(dialog).getByRole('combobox', { name: /Država/ });
    await waitFor(() => expect(country).toHaveTextContent('Nedostupna vrijednost (#2)'));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() =>
      expect(net.lastBodyOf('PUT /api/os_cities/update/8')).toEqual({
        name: 'Niš',
        post_code: '18000',
        os_country_id: 2,
        updated_at: '2024-04-01T10:00:00Z',
      }),
    );
  });

  it('deactivates and restores with their own messages', async () => {
    const { net, user } = await openCities({
      'DELETE /api/os_cities/destroy/7': { body: { ...CITIES[0], is_active: false } },
      'DELETE /api/os_cities/destroy/8': { body: { ...CITIES[1], is_active: true } },
    });
    await user.click(within(rowOf('Podgorica')).getByRole('button', { name: 'Deaktiviraj' }));
    const question = 'Deaktivirati grad „Podgorica“?';
    await user.click(
      within(await screen.findByRole('dialog', { name: question })).getByRole('button', {
        name: 'Deaktiviraj',
      }),
    );
    expect(await screen.findByText('Uspješno ste deaktivirali grad')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: question })).not.toBeInTheDocument());
    await user.click(within(rowOf('Niš')).getByRole('button', { name: 'Vrati' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Vratiti grad „Niš“?' })).getByRole('button', {
        name: 'Vrati',
      }),
    );
    expect(await screen.findByText('Uspješno ste vratili grad')).toBeInTheDocument();
    expect(net.callsTo('DELETE /api/os_cities/destroy/7')).toHaveLength(1);
    expect(net.callsTo('DELETE /api/os_cities/destroy/8')).toHaveLength(1);
  });
});
