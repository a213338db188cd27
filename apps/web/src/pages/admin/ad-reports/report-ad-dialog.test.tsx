import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdDetails, AdRow } from '@usluge/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, listAnswer, mockFetch } from '../../../test/fetch-mock.ts';
import { MODERATOR_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';

const AD: AdRow = {
  id: 5,
  title: 'Košenje dvorišta',
  is_offer: true,
  posted_by_user_id: 12,
  user_name: 'Marko Marković',
  price_from: 5,
  price_to: null,
  currency: { id: 1, short_name: 'EUR', sign: '€' },
  status: { id: 2, name: 'Odobren', background_color: '#4CAF50', is_reason_required: false },
  is_active: true,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00.512Z',
};

const DETAILS: AdDetails = {
  ...AD,
  description: 'Kosim travu.',
  status_comment: null,
  all_countries: true,
  all_working_days: true,
  services: [],
  places: [],
  ad_days: [],
  photos: [],
  status_history: [],
};

beforeAll(async () => {
  await Promise.all([
    import('../../../app/shell/admin-layout.tsx'),
    import('../../../components/list/list-screen.tsx'),
    import('../ads/ads-resource.tsx'),
  ]);
}, 60_000);

/** The ads list, the ad's details open, and its "Prijavi" dialog opened from there. */
async function openReport(report: Parameters<typeof mockFetch>[0][string]) {
  await resetApp();
  setAuthenticatedFlag();
  const net = mockFetch({
    ...ADMIN_HOME_ANSWERS,
    'GET /api/user': { body: MODERATOR_USER },
    'POST /api/jobs/index': listAnswer([AD]),
    'GET /api/jobs/show/5': { body: DETAILS },
    'GET /api/jobs/revision-diff/5': { body: { changed: {}, photos: { added: [], removed: [] } } },
    'GET /api/jobs/hints/5': {
      body: { similar_ads: [], same_poster_ads: [], same_photo_ads: [], shared_contact_users: [] },
    },
    'POST /api/ad_reports/store': report,
  });
  await renderApp('/ads', { isReset: false });
  const user = userEvent.setup();
  const title = (await screen.findAllByText('Košenje dvorišta', {}, { timeout: 10_000 }))[0];
  const row = title?.closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Detalji oglasa' }));
  const details = await screen.findByRole('dialog', { name: /Košenje dvorišta/ });
  await user.click(within(details).getByRole('button', { name: 'Prijavi' }));
  const dialog = await screen.findByRole('dialog', { name: 'Prijava oglasa' });
  return { net, user, dialog, details };
}

const REPORTED = {
  status: 201,
  body: {
    id: 9,
    ad_id: 5,
    reason: 'other',
    text: 'Cijena nije stvarna.',
    created_at: '2026-11-02T11:00:00Z',
  },
};

describe('reporting an ad from its details', () => {
  it('asks for a reason, and for a text with "Drugo"; sends the report once and says so', async () => {
    const { net, user, dialog } = await openReport(REPORTED);
    // The first reason has the focus, none chosen yet.
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toHaveFocus();
    expect(within(dialog).getByRole('radiogroup', { name: /Razlog prijave/ })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pošalji prijavu' }));
    expect(await within(dialog).findByText('Obavezno polje')).toBeInTheDocument();
    expect(net.callsTo('POST /api/ad_reports/store')).toHaveLength(0);

    // "Drugo" needs the text: the field says so.
    await user.click(within(dialog).getByRole('radio', { name: 'Drugo' }));
    expect(within(dialog).queryByText('Obavezno polje')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji prijavu' }));
    expect(await within(dialog).findByText('Obavezno polje.')).toBeInTheDocument();
    expect(net.callsTo('POST /api/ad_reports/store')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Opis/ }), '  Cijena nije stvarna. ');
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji prijavu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Prijava oglasa' })).toBeNull());
    const [sent] = net.callsTo('POST /api/ad_reports/store');
    expect(sent?.body).toEqual({ ad_id: 5, reason: 'other', text: 'Cijena nije stvarna.' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(net.callsTo('POST /api/ad_reports/store')).toHaveLength(1);
    expect(await screen.findByText('Oglas „Košenje dvorišta“ je prijavljen.')).toBeInTheDocument();
  });

  it('sends no text when none is typed for a reason that needs none', async () => {
    const { net, user, dialog } = await openReport(REPORTED);
    await user.click(within(dialog).getByRole('radio', { name: 'Obmanjujuća cijena' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji prijavu' }));
    await waitFor(() => expect(net.callsTo('POST /api/ad_reports/store')).toHaveLength(1));
    expect(net.lastBodyOf('POST /api/ad_reports/store')).toEqual({
      ad_id: 5,
      reason: 'misleading_price',
      text: null,
    });
  });

  it("shows the server's message on the text it is about, and keeps the dialog open", async () => {
    const { user, dialog } = await openReport({
      status: 422,
      body: { message: 'Neispravni podaci.', errors: { text: ['Najviše 1000 znakova.'] } },
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji prijavu' }));
    expect(await within(dialog).findByText('Najviše 1000 znakova.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Prijava oglasa' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Greška' })).toBeNull();
  });

  it('reported already (409): the error dialog says so and the report dialog closes', async () => {
    const { user, dialog } = await openReport({
      status: 409,
      body: {
        message: 'Ovaj oglas ste već prijavili.',
        errors: { ad_id: ['Ovaj oglas ste već prijavili.'] },
      },
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji prijavu' }));
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(within(error).getByText('Ovaj oglas ste već prijavili.')).toBeInTheDocument();
    // Nothing to correct in the form: it has gone from behind the error dialog (hidden while it shows).
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Prijava oglasa', hidden: true })).toBeNull(),
    );
    await user.click(within(error).getByRole('button'));
    expect(await screen.findByRole('dialog', { name: /Košenje dvorišta/ })).toBeInTheDocument();
  });
});
