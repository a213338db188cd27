import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdDetails, AdRow } from '@usluge/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../../api/http-client.ts';
import { appQueryClient } from '../../../../app/query-client.ts';
import { resourceMessages } from '../../../../components/list/resource-types.ts';
import { jsonResponse, listAnswer, mockFetch } from '../../../../test/fetch-mock.ts';
import { resetApp } from '../../../../test/render-app.tsx';
import { adForm } from './ad-form.tsx';
import { SAVED_AD } from './ad-test-fixtures.ts';

const DAYS = ['Ponedjeljak', 'Utorak', 'Srijeda', 'Četvrtak', 'Petak', 'Subota', 'Nedjelja'].map(
  (name, index) => ({ id: index + 1, name, is_active: true, updated_at: '2024-01-01T00:00:00Z' }),
);
const SERVICE_TREE = {
  result: [
    {
      id: 29,
      name: 'Bašta',
      is_service: false,
      services: [
        { id: 30, name: 'Orezivanje', is_service: true, services: [] },
        { id: 31, name: 'Košenje trave', is_service: true, services: [] },
      ],
    },
  ],
  total_rows: 3,
};
const CITIES: Record<number, { id: number; name: string }[]> = {
  1: [
    { id: 3, name: 'Podgorica' },
    { id: 4, name: 'Nikšić' },
  ],
  2: [{ id: 9, name: 'Beograd' }],
};

function rowOf(ad: AdDetails): AdRow {
  const { description, status_comment, all_countries, all_working_days, places, ad_days, photos, ...row } =
    ad;
  return row;
}

function mockServer(ad: AdDetails = SAVED_AD, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    [`GET /api/jobs/show/${ad.id}`]: { body: ad },
    'POST /api/services/index_active': { body: SERVICE_TREE },
    'POST /api/currencies/index_active': listAnswer([{ id: 1, name: 'Euro' }]),
    'POST /api/os_countries/index_active': listAnswer([
      { id: 1, name: 'Crna Gora' },
      { id: 2, name: 'Srbija' },
    ]),
    'POST /api/os_cities/index_active': (request) => {
      const { filters } = request.body as { filters: { os_country_id: number } };
      return jsonResponse(200, { result: CITIES[filters.os_country_id] ?? [], total_rows: 1 });
    },
    'POST /api/days/index_active': listAnswer(DAYS),
    'POST /api/users/index_active': listAnswer([
      { id: 12, name: 'Marko', last_name: 'Marković', full_name: 'Marko Marković', username: 'marko' },
    ]),
    [`POST /api/jobs/update/${ad.id}`]: { body: rowOf(ad) },
    'POST /api/jobs/store': { status: 201, body: rowOf(ad) },
    ...extra,
  });
}

function openForm(row: AdRow | null) {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={appQueryClient}>
      {adForm.renderDialog({
        entity: 'jobs',
        messages: resourceMessages(undefined),
        row,
        isOpen: true,
        onClose: vi.fn(),
        onSaved,
      })}
    </QueryClientProvider>,
  );
  return { onSaved, user: userEvent.setup() };
}

/** The hidden inputs of a shift's two pickers hold 'HH:MM'. */
function shiftTimes(group: HTMLElement): string[] {
  return [...group.querySelectorAll<HTMLInputElement>('input')].map((input) => input.value);
}

beforeEach(async () => {
  await resetApp();
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
});

describe('the ad form', () => {
  it('loads a saved ad into every field and saves it back unchanged', async () => {
    const net = mockServer();
    const { onSaved, user } = openForm(rowOf(SAVED_AD));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Naslov/)).toHaveValue('Košenje i orezivanje'));
    expect(within(dialog).getByLabelText(/^Naslov/)).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: 'Potražnja' })).toBeChecked();
    await within(dialog).findByRole('button', { name: 'Košenje trave' });
    expect(within(dialog).getByRole('combobox', { name: /^Korisnik/ })).toHaveValue('Marko Marković');
    expect(within(dialog).getByRole('switch', { name: 'Sve države' })).not.toBeChecked();
    const montenegro = within(dialog).getByRole('group', { name: 'Država 1' });
    await within(montenegro).findByRole('button', { name: 'Podgorica' });
    const monday = await within(dialog).findByRole('group', { name: 'Ponedjeljak, smjena 2' });
    expect(shiftTimes(monday)).toEqual(['13:00', '17:30']);
    expect(within(dialog).getByText('Bez određenog radnog vremena')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img', { name: /^Fotografija/ })).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = net.lastBodyOf('POST /api/jobs/update/5') as FormData;
    expect(Object.fromEntries(body.entries())).toMatchObject({
      title: 'Košenje i orezivanje',
      is_offer: 'false',
      services: '[31,30]',
      posted_by_user_id: '12',
      currency_id: '1',
      price_from: '20.5',
      price_to: '',
      places: '[{"os_country_id":1,"cities":[4,3]},{"os_country_id":2,"cities":[]}]',
      kept_photos: '[71,70]',
      // The version of the ad the form read.
      updated_at: '2026-11-02T10:00:00.345Z',
    });
    expect(net.callsTo('POST /api/jobs/update/5')[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(body.get('ad_days')))).toEqual(
      SAVED_AD.ad_days.map(({ day_id, is_active, times }) => ({ day_id, is_active, times })),
    );
  });

  it("says 'whole country' under a place's cities only while none is chosen", async () => {
    mockServer();
    openForm(rowOf(SAVED_AD));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    const montenegro = await within(dialog).findByRole('group', { name: 'Država 1' });
    await within(montenegro).findByRole('button', { name: 'Podgorica' });
    expect(within(montenegro).queryByText('Bez izabranih gradova: cijela država')).not.toBeInTheDocument();
    const serbia = within(dialog).getByRole('group', { name: 'Država 2' });
    expect(within(serbia).getByText('Bez izabranih gradova: cijela država')).toBeInTheDocument();
  });

  it("shows a stale save's changes in words, and applies the user's edits on top of the ad as saved now", async () => {
    const stale = 'Neko je u međuvremenu izmijenio ovaj zapis. Pogledajte izmjene i sačuvajte ponovo.';
    const savedNow: AdDetails = {
      ...SAVED_AD,
      title: 'Košenje, orezivanje i grabljenje',
      price_from: 25,
      services: [{ id: 31, name: 'Košenje trave' }],
      updated_at: '2026-11-03T08:15:00.678Z',
    };
    const net = mockServer(SAVED_AD, {
      'GET /api/jobs/show/5': [{ body: SAVED_AD }, { body: savedNow }],
      'POST /api/jobs/update/5': [
        { status: 409, body: { message: stale, current: rowOf(savedNow) } },
        { body: rowOf(savedNow) },
      ],
    });
    const { onSaved, user } = openForm(rowOf(SAVED_AD));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    const description = await within(dialog).findByRole('textbox', { name: 'Opis' });
    await user.type(description, 'Brzo i povoljno.');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(stale);
    const terms = within(notice)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Naslov', 'Cijena od', 'Usluge']);
    const values = within(notice)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values[1]).toMatch(/20,50.*25,00/);
    expect(values[2]).toMatch(/Košenje trave, Orezivanje.*Košenje trave$/);
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Primijeni moje izmjene' }));
    expect(within(dialog).getByLabelText(/^Naslov/)).toHaveValue('Košenje, orezivanje i grabljenje');
    expect(description).toHaveValue('Brzo i povoljno.');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [first, second] = net.callsTo('POST /api/jobs/update/5').map((call) => call.body as FormData);
    expect(first?.get('updated_at')).toBe('2026-11-02T10:00:00.345Z');
    expect(Object.fromEntries(second?.entries() ?? [])).toMatchObject({
      title: 'Košenje, orezivanje i grabljenje',
      description: 'Brzo i povoljno.',
      services: '[31]',
      price_from: '25',
      updated_at: '2026-11-03T08:15:00.678Z',
    });
  });

  it('edits working days: a ticked day gets a shift, more are added after it, removed, and unticked', async () => {
    mockServer();
    const { user } = openForm(null);
    const dialog = await screen.findByRole('dialog', { name: 'Novi zapis' });
    await user.click(within(dialog).getByRole('switch', { name: 'Svi radni dani' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Utorak' }));
    const first = within(dialog).getByRole('group', { name: 'Utorak, smjena 1' });
    expect(shiftTimes(first)).toEqual(['08:00', '16:00']);
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj smjenu: Utorak' }));
    expect(shiftTimes(within(dialog).getByRole('group', { name: 'Utorak, smjena 2' }))).toEqual([
      '17:00',
      '21:00',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Ukloni smjenu 1: Utorak' }));
    expect(shiftTimes(within(dialog).getByRole('group', { name: 'Utorak, smjena 1' }))).toEqual([
      '17:00',
      '21:00',
    ]);
    expect(within(dialog).queryByRole('group', { name: 'Utorak, smjena 2' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Utorak' }));
    expect(within(dialog).queryByRole('group', { name: 'Utorak, smjena 1' })).not.toBeInTheDocument();
  });

  it('shows each shift rule under the shift it concerns and sends nothing', async () => {
    const overlapping: AdDetails = {
      ...SAVED_AD,
      ad_days: [
        {
          day_id: 2,
          name: 'Utorak',
          is_active: true,
          times: [
            { start_at: '09:00', stop_at: '12:00' },
            { start_at: '11:30', stop_at: '11:32' },
          ],
        },
      ],
    };
    const net = mockServer(overlapping);
    const { user } = openForm(rowOf(overlapping));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    const second = await within(dialog).findByRole('group', { name: 'Utorak, smjena 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await within(second).findByText('Smjena ne može početi prije kraja prethodne.');
    expect(within(second).getByText('Smjena mora trajati najmanje 5 minuta.')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('group', { name: 'Utorak, smjena 1' })).queryByText(/Smjena/),
    ).not.toBeInTheDocument();
    expect(net.callsTo('POST /api/jobs/update/5')).toHaveLength(0);
  });

  it("says what a new ad lacks with the server's words, and refuses a photo that is not png or jpeg", async () => {
    const net = mockServer();
    const { user } = openForm(null);
    const dialog = await screen.findByRole('dialog', { name: 'Novi zapis' });
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await within(dialog).findByText('Obavezno polje.');
    expect(within(dialog).getAllByText('Obavezno polje')).toHaveLength(3);
    expect(within(dialog).getByText('Unesite vrijednost veću od 0.')).toBeInTheDocument();
    expect(net.callsTo('POST /api/jobs/store')).toHaveLength(0);

    const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await userEvent
      .setup({ applyAccept: false })
      .upload(picker, [
        new File(['x'], 'notes.gif', { type: 'image/gif' }),
        new File(['x'], 'ok.png', { type: 'image/png' }),
      ]);
    expect(within(dialog).getByText('Dozvoljene su samo slike u formatu PNG ili JPEG.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img', { name: /^Fotografija/ })).toHaveLength(1);

    // A second photo, moved before the first: the focus follows it.
    await user.upload(picker, new File(['y'], 'second.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pomjeri fotografiju 2 ulijevo' }));
    const sources = within(dialog)
      .getAllByRole('img', { name: /^Fotografija/ })
      .map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['blob:second.png', 'blob:ok.png']);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Pomjeri fotografiju 1 udesno' })).toHaveFocus(),
    );
  });

  it("shows the server's field errors under the shift and the city row they name, without the 'Greška' dialog", async () => {
    const onError = vi.fn();
    configureHttpClient({ onError });
    const answer = {
      message: 'Podaci nisu ispravni.',
      errors: {
        'places.0.cities': ['Izabrani grad nije u izabranoj državi.'],
        'ad_days.0.times.1.start_at': ['Smjena ne može početi prije kraja prethodne.'],
      },
    };
    mockServer(SAVED_AD, { 'POST /api/jobs/update/5': { status: 422, body: answer } });
    const { user } = openForm(rowOf(SAVED_AD));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena zapisa' });
    await within(dialog).findByRole('group', { name: 'Ponedjeljak, smjena 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    const monday = within(dialog).getByRole('group', { name: 'Ponedjeljak, smjena 2' });
    await within(monday).findByText('Smjena ne može početi prije kraja prethodne.');
    expect(
      within(within(dialog).getByRole('group', { name: 'Država 1' })).getByText(
        'Izabrani grad nije u izabranoj državi.',
      ),
    ).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
    configureHttpClient({ onError: () => {} });
  });
});
