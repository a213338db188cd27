import type { AdDetails } from '@usluge/contract';

/** An ad as `GET /api/jobs/show/5` answers it: two countries, two days (one without shifts), two photos. */
export const SAVED_AD: AdDetails = {
  id: 5,
  title: 'Košenje i orezivanje',
  is_offer: false,
  posted_by_user_id: 12,
  user_name: 'Marko Marković',
  price_from: 20.5,
  price_to: null,
  currency: { id: 1, short_name: 'EUR', sign: '€' },
  status: { id: 1, name: 'Čeka odobrenje', background_color: '#FF9800', is_reason_required: false },
  is_active: true,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00.345Z',
  description: null,
  status_comment: null,
  all_countries: false,
  all_working_days: false,
  services: [
    { id: 31, name: 'Košenje trave' },
    { id: 30, name: 'Orezivanje' },
  ],
  places: [
    {
      os_country_id: 1,
      name: 'Crna Gora',
      cities: [
        { id: 4, name: 'Nikšić' },
        { id: 3, name: 'Podgorica' },
      ],
    },
    { os_country_id: 2, name: 'Srbija', cities: [] },
  ],
  ad_days: [
    {
      day_id: 1,
      name: 'Ponedjeljak',
      is_active: true,
      times: [
        { start_at: '08:00', stop_at: '12:00' },
        { start_at: '13:00', stop_at: '17:30' },
      ],
    },
    { day_id: 3, name: 'Srijeda', is_active: false, times: [] },
  ],
  photos: [
    { id: 71, photo_url: '/api/image/jobs_images/b.png' },
    { id: 70, photo_url: '/api/image/jobs_images/a.jpg' },
  ],
  status_history: [],
};
