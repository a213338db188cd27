import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { AdHints } from '@usluge/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { appQueryClient } from '../../../app/query-client.ts';
import { startSession } from '../../../auth/session-store.ts';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { ADMIN_USER, MODERATOR_USER } from '../../../test/fixtures.ts';
import { resetApp } from '../../../test/render-app.tsx';
import { AdHintsSection } from './ad-hints.tsx';

const HINTS: AdHints = {
  similar_ads: [{ id: 812, title: 'Popravka starinskih satova sa klatnom', score: 0.82 }],
  same_poster_ads: [],
  same_photo_ads: [{ id: 455, title: 'Čuvanje pasa vikendom', score: 62 }],
  shared_contact_users: [{ id: 73, name: 'Vesna Vuković', matched: ['phone', 'email'], score: 2 }],
};
const NONE: AdHints = { similar_ads: [], same_poster_ads: [], same_photo_ads: [], shared_contact_users: [] };

function show(adId: number) {
  render(
    <QueryClientProvider client={appQueryClient}>
      <AdHintsSection adId={adId} level="h3" />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Mogući duplikati i spam' });
}

describe('the duplicate and spam hints', () => {
  beforeEach(async () => {
    await resetApp();
  });

  it('links each hint to the other record in a new tab, with its score in words', async () => {
    startSession(MODERATOR_USER);
    const net = mockFetch({ 'GET /api/jobs/hints/31': { body: HINTS } });
    const section = show(31);
    const similar = await within(section).findByRole('link', {
      name: /Popravka starinskih satova sa klatnom/,
    });
    expect(similar).toHaveAttribute('href', '/ads/812');
    expect(similar).toHaveAttribute('target', '_blank');
    expect(similar).toHaveAccessibleName('Popravka starinskih satova sa klatnom (otvara se u novoj kartici)');
    expect(within(section).getByText(/^Sličnost 82\s?%$/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /Čuvanje pasa vikendom/ })).toHaveAttribute(
      'href',
      '/ads/455',
    );
    expect(within(section).getByText('Poklapanje 62/64')).toBeInTheDocument();
    // A moderator may not open the users list: the account's ads instead.
    expect(within(section).getByRole('link', { name: /Vesna Vuković/ })).toHaveAttribute(
      'href',
      '/ads?f.posted_by_user_id=73',
    );
    expect(within(section).getByText(/isti telefon, isti e-mail/)).toBeInTheDocument();
    // An empty kind says so.
    expect(
      within(section).getByText('Oglašivač nema drugih oglasa u posljednjih 30 dana.'),
    ).toBeInTheDocument();
    expect(net.callsTo('GET /api/jobs/hints/31')).toHaveLength(1);
  });

  it("leads an administrator to the other account's page", async () => {
    startSession(ADMIN_USER);
    mockFetch({ 'GET /api/jobs/hints/32': { body: HINTS } });
    const section = show(32);
    expect(await within(section).findByRole('link', { name: /Vesna Vuković/ })).toHaveAttribute(
      'href',
      '/users/73',
    );
  });

  it('says when there is nothing to look at', async () => {
    startSession(MODERATOR_USER);
    mockFetch({
      'GET /api/jobs/hints/33': { body: NONE },
      'GET /api/jobs/hints/34': { status: 500, body: {} },
    });
    expect(
      await within(show(33)).findByText(
        'Nema nagovještaja: nema sličnih oglasa, ponovljenih fotografija ni naloga s istim kontaktom.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('warns, without an error dialog, when the hints cannot be read', async () => {
    startSession(MODERATOR_USER);
    mockFetch({ 'GET /api/jobs/hints/34': { status: 500, body: { message: 'Greška' } } });
    expect(
      await within(show(34)).findByText('Nagovještaji se trenutno ne mogu učitati.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
