import { AD_PHOTOS_MAX } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { readAmounts } from '../../../../components/form/amount-fields.ts';
import {
  type AdFormValues,
  acceptPhotos,
  adFormBody,
  adFormValuesSchema,
  canSwapPhotos,
  type PhotoItem,
  valuesFromDetails,
} from './ad-form-values.ts';
import { SAVED_AD } from './ad-test-fixtures.ts';

/** The values as the form's resolver checks them: prices read in the interface language first. */
const parse = (values: AdFormValues) =>
  adFormValuesSchema.parse(readAmounts(values, ['price_from', 'price_to'], 'me').values);
const entries = (body: FormData) => Object.fromEntries(body.entries());

const png = (name: string, size = 100, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

describe('the ad form body', () => {
  it('sends a saved ad back exactly as the server gave it (round trip)', () => {
    const body = adFormBody(parse(valuesFromDetails(SAVED_AD)), true);
    expect(entries(body)).toEqual({
      title: 'Košenje i orezivanje',
      description: '',
      is_offer: 'false',
      services: '[31,30]',
      posted_by_user_id: '12',
      currency_id: '1',
      price_from: '20.5',
      // SPEC.md 5: no 'price to' is sent as empty.
      price_to: '',
      allCountries: 'false',
      allWorkingDays: 'false',
      places: JSON.stringify([
        { os_country_id: 1, cities: [4, 3] },
        { os_country_id: 2, cities: [] },
      ]),
      ad_days: JSON.stringify([
        {
          day_id: 1,
          is_active: true,
          times: [
            { start_at: '08:00', stop_at: '12:00' },
            { start_at: '13:00', stop_at: '17:30' },
          ],
        },
        { day_id: 3, is_active: false, times: [] },
      ]),
      kept_photos: '[71,70]',
    });
  });

  it('sends new photos as photos[i] in their order after the kept ones, and kept_photos only on edit', () => {
    const first = png('a.png');
    const second = png('b.jpg', 50, 'image/jpeg');
    const values: AdFormValues = {
      ...valuesFromDetails(SAVED_AD),
      photos: [
        { kind: 'kept', id: 70, url: 'a' },
        { kind: 'new', key: 'n1', file: first, url: 'blob:1' },
        { kind: 'new', key: 'n2', file: second, url: 'blob:2' },
      ],
    };
    const edited = adFormBody(parse(values), true);
    expect(edited.get('kept_photos')).toBe('[70]');
    expect((edited.get('photos[0]') as File).name).toBe('a.png');
    expect((edited.get('photos[1]') as File).name).toBe('b.jpg');
    const created = adFormBody(parse(values), false);
    expect(created.has('kept_photos')).toBe(false);
  });

  it('leaves out the places and days a toggle hides, and sends a price to of 0 as empty', () => {
    const values: AdFormValues = {
      ...valuesFromDetails(SAVED_AD),
      allCountries: true,
      allWorkingDays: true,
      price_to: 0,
      // Hidden shifts that break the rules do not stop the save.
      ad_days: [{ day_id: 2, is_active: true, times: [{ start_at: '10:00', stop_at: '10:01' }] }],
    };
    const body = adFormBody(parse(values), false);
    expect(body.get('places')).toBe('[]');
    expect(body.get('ad_days')).toBe('[]');
    expect(body.get('allCountries')).toBe('true');
    expect(body.get('price_to')).toBe('');
  });

  it("refuses what the server refuses, on the shift and field concerned, with the contract's message keys", () => {
    const result = adFormValuesSchema.safeParse({
      ...valuesFromDetails(SAVED_AD),
      price_from: 100,
      price_to: 50,
      ad_days: [
        {
          day_id: 2,
          is_active: true,
          times: [
            { start_at: '09:00', stop_at: '12:00' },
            { start_at: '11:30', stop_at: '11:32' },
          ],
        },
      ],
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['price_to', 'validation.price_to_gt_from'],
        ['ad_days.0.times.1.start_at', 'validation.shift_overlap'],
        ['ad_days.0.times.1.stop_at', 'validation.shift_min_gap'],
      ]),
    );
  });
});

describe('photos', () => {
  it('accepts png and jpeg up to 2 MB and as many as an ad may hold, and says why others were refused', () => {
    const { accepted, rejections } = acceptPhotos(
      [png('ok.png'), png('doc.gif', 10, 'image/gif'), png('big.jpg', 2 * 1024 * 1024 + 1, 'image/jpeg')],
      0,
    );
    expect(accepted.map((file) => file.name)).toEqual(['ok.png']);
    expect(rejections).toEqual(['type', 'size']);
    const full = acceptPhotos([png('a.png'), png('b.png')], AD_PHOTOS_MAX - 1);
    expect(full.accepted).toHaveLength(1);
    expect(full.rejections).toEqual(['count']);
  });

  it('moves photos only where the saved order can follow: kept ones first, then new ones', () => {
    const photos: PhotoItem[] = [
      { kind: 'kept', id: 1, url: 'a' },
      { kind: 'kept', id: 2, url: 'b' },
      { kind: 'new', key: 'n', file: png('c.png'), url: 'c' },
      { kind: 'new', key: 'm', file: png('d.png'), url: 'd' },
    ];
    expect([0, 1, 2, 3].map((left) => canSwapPhotos(photos, left))).toEqual([true, false, true, false]);
  });
});
