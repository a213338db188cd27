import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdDetails, AdRevisionDiff, AdRow, AdStatus } from '@usluge/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_HOME_ANSWERS, listAnswer, mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER } from '../../../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../../../test/render-app.tsx';
import { AdRevisionDiffView } from './ad-revision-diff.tsx';
import { diffWords } from './word-diff.ts';

const WAITING: AdStatus = {
  id: 1,
  name: 'Čeka odobrenje',
  background_color: '#FFC107',
  is_reason_required: false,
};

const DIFF: AdRevisionDiff = {
  changed: {
    title: { before: 'Košenje trave u Podgorici', after: 'Košenje trave i bašte u Podgorici' },
    price_from: { before: 15, after: 20 },
    is_offer: { before: true, after: false },
    services: { before: ['Košenje trave', 'Selidbe'], after: ['Košenje trave', 'Orezivanje voćki'] },
  },
  photos: { added: ['/api/image/jobs_images/new.webp'], removed: ['/api/image/jobs_images/old.webp'] },
};
const EMPTY: AdRevisionDiff = { changed: {}, photos: { added: [], removed: [] } };

function adRow(id: number, title: string): AdRow {
  return {
    id,
    title,
    is_offer: true,
    posted_by_user_id: 17,
    user_name: 'Marko Marković',
    price_from: 20,
    price_to: null,
    currency: { id: 1, short_name: 'EUR', sign: '€' },
    status: WAITING,
    is_active: true,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: `2026-11-02T10:00:00.${id}12Z`,
  };
}

function adDetails(row: AdRow): AdDetails {
  return {
    ...row,
    description: null,
    status_comment: null,
    all_countries: true,
    all_working_days: true,
    services: [{ id: 4, name: 'Košenje trave' }],
    places: [],
    ad_days: [],
    photos: [],
    status_history: [],
  };
}

describe('the word diff', () => {
  it('marks the words deleted and inserted, keeping the rest and the spaces', () => {
    expect(diffWords('Košenje trave u Podgorici', 'Košenje trave i bašte u Podgorici')).toEqual([
      { kind: 'same', text: 'Košenje trave ' },
      { kind: 'inserted', text: 'i bašte' },
      { kind: 'same', text: ' u Podgorici' },
    ]);
    expect(diffWords('od 15 eura', 'od 20 eura')).toEqual([
      { kind: 'same', text: 'od ' },
      { kind: 'deleted', text: '15' },
      { kind: 'inserted', text: '20' },
      { kind: 'same', text: ' eura' },
    ]);
    expect(diffWords('', 'Nov opis')).toEqual([{ kind: 'inserted', text: 'Nov opis' }]);
  });
});

describe('the revision diff view', () => {
  beforeEach(async () => {
    await resetApp();
  });

  it('marks changed words with del and ins that say so in words, not by colour alone', () => {
    const { container } = render(<AdRevisionDiffView diff={DIFF} level="h3" />);
    const section = screen.getByRole('region', { name: 'Izmjene od posljednjeg odobrenja' });
    expect(within(section).getByRole('heading', { level: 3 })).toBeInTheDocument();
    const inserted = [...container.querySelectorAll('ins')].map((node) => node.textContent);
    const deleted = [...container.querySelectorAll('del')].map((node) => node.textContent);
    expect(inserted).toContain('[dodato: i bašte ]');
    expect(deleted).toContain('[obrisano: 15,00 ]');
    expect(inserted).toContain('[dodato: 20,00 ]');
    // Offer → demand, in the interface's words.
    expect(deleted).toContain('[obrisano: Ponuda ]');
    expect(inserted).toContain('[dodato: Potražnja ]');
  });

  it('lists the services removed and added, not the ones kept', () => {
    const { container } = render(<AdRevisionDiffView diff={DIFF} level="h4" />);
    const services = screen.getByText('Usluge').nextElementSibling as HTMLElement;
    expect(within(services).getByText('Uklonjeno:')).toBeInTheDocument();
    expect(within(services).getByText('Dodato:')).toBeInTheDocument();
    expect(within(services).getByText('Selidbe').closest('del')).not.toBeNull();
    expect(within(services).getByText('Orezivanje voćki').closest('ins')).not.toBeNull();
    expect(within(services).queryByText('Košenje trave')).toBeNull();
    expect(container.querySelector('h4')).toHaveTextContent('Izmjene od posljednjeg odobrenja');
  });

  it('shows the photos removed and added side by side as thumbnails', () => {
    render(<AdRevisionDiffView diff={DIFF} level="h3" />);
    expect(screen.getByRole('img', { name: 'Uklonjena fotografija 1' })).toHaveAttribute(
      'src',
      '/api/image/jobs_images/old.webp',
    );
    expect(screen.getByRole('img', { name: 'Dodata fotografija 1' })).toHaveAttribute(
      'src',
      '/api/image/jobs_images/new.webp',
    );
    expect(screen.getByText('Uklonjene (1)')).toBeInTheDocument();
    expect(screen.getByText('Dodate (1)')).toBeInTheDocument();
  });
});

describe('the diff where moderators read an ad', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../../../app/shell/admin-layout.tsx'),
      import('../../../components/list/list-screen.tsx'),
      import('./ads-resource.tsx'),
      import('./ads-on-approval-screen.tsx'),
    ]);
  }, 60_000);

  async function openScreen(path: string) {
    await resetApp();
    setAuthenticatedFlag();
    const edited = adRow(5, 'Košenje dvorišta');
    const untouched = adRow(6, 'Selidba stana');
    const net = mockFetch({
      ...ADMIN_HOME_ANSWERS,
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/jobs/index': listAnswer([edited, untouched]),
      // The review queue's own list (/ads-on-approval and its review mode).
      'POST /api/jobs_queue/index': listAnswer([edited, untouched]),
      'GET /api/jobs/show/5': { body: adDetails(edited) },
      'GET /api/jobs/show/6': { body: adDetails(untouched) },
      'GET /api/jobs/revision-diff/5': { body: DIFF },
      'GET /api/jobs/revision-diff/6': { body: EMPTY },
      'POST /api/ad_statuses/statusOrder': { body: { status_order: [] } },
      'POST /api/currencies/index_active': listAnswer([]),
    });
    await renderApp(path, { isReset: false });
    // The first render also loads the lazy admin screens.
    await screen.findAllByText('Košenje dvorišta', {}, { timeout: 20_000 });
    return { net, user: userEvent.setup() };
  }

  it('shows the changes in review mode for an edited ad', async () => {
    const { net, user } = await openScreen('/ads-on-approval');
    await user.click(screen.getByRole('button', { name: 'Pregled jedan po jedan' }));
    const review = await screen.findByRole('dialog', { name: 'Pregled oglasa na odobrenju' });
    const diff = await within(review).findByRole('region', { name: 'Izmjene od posljednjeg odobrenja' });
    expect(within(diff).getByRole('heading', { level: 4 })).toBeInTheDocument();
    expect(within(diff).getByText('Naslov')).toBeInTheDocument();
    expect(net.callsTo('GET /api/jobs/revision-diff/5')).toHaveLength(1);
  });

  it('shows nothing in the details when nothing changed since the approval', async () => {
    const { net, user } = await openScreen('/ads');
    const row = screen.getByText('Selidba stana').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Detalji oglasa' }));
    const dialog = await screen.findByRole('dialog', { name: /Selidba stana/ });
    await within(dialog).findByText('Košenje trave');
    expect(net.callsTo('GET /api/jobs/revision-diff/6')).toHaveLength(1);
    expect(within(dialog).queryByRole('region', { name: 'Izmjene od posljednjeg odobrenja' })).toBeNull();
  });
});
