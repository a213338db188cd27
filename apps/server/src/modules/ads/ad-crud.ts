import { AD_PHOTOS_MAX, AD_STATUS, adDestroyQuerySchema, adFormSchema } from '@usluge/contract';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { defineCrud } from '../../crud/crud-definition.ts';
import type { Database } from '../../db/client.ts';
import {
  adDays,
  adDayTimes,
  adPhotos,
  adPlaceCities,
  adPlaces,
  adServices,
  adStatusHistory,
  ads,
  cities,
  currencies,
  services,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { refundOpenLeadsOfAd } from '../leads/lead-refund.ts';
import { adList } from './ad-list.ts';
import {
  type AdContentState,
  contentAuditChanges,
  keepAdRevision,
  readAdContent,
  unneededPhotoFiles,
} from './ad-revisions.ts';

type ParsedAdForm = z.output<typeof adFormSchema>;

/** Services chosen for an ad are active services (not folders). */
async function assertServices(tx: Database, ids: readonly number[]) {
  const found = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, [...ids]), eq(services.is_service, true), eq(services.is_active, true)));
  if (found.length !== ids.length) throw new AppError(422, 'invalid_reference', {}, 'services');
}

/** Each chosen city lies in the country of its row. */
async function assertCities(tx: Database, places: ParsedAdForm['places']) {
  for (const [index, place] of places.entries()) {
    if (place.cities.length === 0) continue;
    const unique = [...new Set(place.cities)];
    const found = await tx
      .select({ id: cities.id })
      .from(cities)
      .where(and(inArray(cities.id, unique), eq(cities.os_country_id, place.os_country_id)));
    if (found.length !== unique.length) {
      throw new AppError(422, 'ad_city_outside_country', {}, `places.${index}.cities`);
    }
  }
}

async function photosOf(tx: Database, adId: number) {
  return tx
    .select({ id: adPhotos.id, url: adPhotos.photo_url })
    .from(adPhotos)
    .where(eq(adPhotos.ad_id, adId))
    .orderBy(asc(adPhotos.position), asc(adPhotos.id));
}

/** Replaces the ad's places, working days and services with the form's. */
async function writeChildren(tx: Database, adId: number, form: ParsedAdForm) {
  await tx.delete(adServices).where(eq(adServices.ad_id, adId));
  await tx.insert(adServices).values(form.services.map((service_id) => ({ ad_id: adId, service_id })));

  await tx.delete(adPlaces).where(eq(adPlaces.ad_id, adId));
  for (const place of form.allCountries ? [] : form.places) {
    const [row] = await tx
      .insert(adPlaces)
      .values({ ad_id: adId, os_country_id: place.os_country_id })
      .returning({ id: adPlaces.id });
    const cityIds = [...new Set(place.cities)];
    if (row && cityIds.length > 0) {
      await tx
        .insert(adPlaceCities)
        .values(cityIds.map((os_city_id) => ({ ad_place_id: row.id, os_city_id })));
    }
  }

  await tx.delete(adDays).where(eq(adDays.ad_id, adId));
  for (const day of form.allWorkingDays ? [] : form.ad_days) {
    const [row] = await tx
      .insert(adDays)
      .values({ ad_id: adId, day_id: day.day_id, is_active: day.is_active })
      .returning({ id: adDays.id });
    if (row && day.times.length > 0) {
      await tx
        .insert(adDayTimes)
        .values(
          day.times.map((time) => ({ ad_day_id: row.id, start_at: time.start_at, stop_at: time.stop_at })),
        );
    }
  }
}

/**
 * Ads (the API's jobs): the 800 px form with services, places and cities, working days with
 * shifts, and photos. A new ad waits for approval. Editing keeps the photos listed in kept_photos,
 * in that order, followed by the new ones; the others are removed with their files. Deactivating
 * with `?refund_leads=true` refunds the ad's open paid contacts.
 */
export const adCrud = defineCrud({
  list: adList,
  table: ads,
  formSchema: adFormSchema,
  uploads: [{ field: 'photos', folder: 'jobs_images', max: AD_PHOTOS_MAX }],
  constraints: {
    ads_posted_by_user_id_users_id_fk: {
      status: 422,
      field: 'posted_by_user_id',
      message: 'invalid_reference',
    },
    ads_currency_id_currencies_id_fk: { status: 422, field: 'currency_id', message: 'invalid_reference' },
    ad_services_service_id_services_id_fk: { status: 422, field: 'services', message: 'invalid_reference' },
    ad_places_os_country_id_os_countries_id_fk: {
      status: 422,
      field: 'places',
      message: 'invalid_reference',
    },
    ad_days_day_id_days_id_fk: { status: 422, field: 'ad_days', message: 'invalid_reference' },
  },
  access: 'staff',
  destroyQuerySchema: adDestroyQuerySchema,
  namedReferences: { currency_id: currencies },
  async beforeWrite(tx, { kind, id, form, imageCounts }) {
    if (!form) return;
    const ad = form as ParsedAdForm;
    await assertServices(tx, ad.services);
    await assertCities(tx, ad.places);
    const kept =
      kind === 'update' && id !== undefined
        ? (await photosOf(tx, id)).filter((p) => ad.kept_photos.includes(p.id))
        : [];
    if (kept.length + (imageCounts?.photos ?? 0) > AD_PHOTOS_MAX) {
      throw new AppError(413, 'too_many_files', { max: AD_PHOTOS_MAX }, 'photos');
    }
    // The content as it was: afterWrite keeps a revision when it changed (ad-revisions.ts).
    return kind === 'update' && id !== undefined ? readAdContent(tx, id) : undefined;
  },
  async toValues(form, { kind }) {
    const ad = form as unknown as ParsedAdForm;
    return {
      title: ad.title,
      description: ad.description,
      is_offer: ad.is_offer,
      posted_by_user_id: ad.posted_by_user_id,
      currency_id: ad.currency_id,
      price_from: ad.price_from,
      price_to: ad.price_to,
      all_countries: ad.allCountries,
      all_working_days: ad.allWorkingDays,
      ...(kind === 'store' ? { ad_status_id: AD_STATUS.awaitingApproval } : {}),
    };
  },
  async writeChildRows(tx, { id, form, uploads, imageHashes, discardFiles, before }) {
    if (!form) return;
    const ad = form as unknown as ParsedAdForm;
    await writeChildren(tx, id, ad);
    const current = await photosOf(tx, id);
    const kept = ad.kept_photos.flatMap((photoId) => current.filter((photo) => photo.id === photoId));
    const dropped = current.filter((photo) => !kept.includes(photo));
    if (dropped.length > 0) {
      await tx
        .delete(adPhotos)
        .where(and(eq(adPhotos.ad_id, id), notInArray(adPhotos.id, kept.map((p) => p.id).concat(0))));
      // A photo the last approved revision shows stays on disk for the moderator's diff.
      const unneeded = dropped.map((photo) => photo.url);
      discardFiles(await unneededPhotoFiles(tx, id, unneeded, before as AdContentState | undefined));
    }
    for (const [position, photo] of kept.entries()) {
      await tx.update(adPhotos).set({ position, updated_at: sql`now()` }).where(eq(adPhotos.id, photo.id));
    }
    const added = uploads.photos ?? [];
    if (added.length > 0) {
      await tx.insert(adPhotos).values(
        added.map((photo_url, index) => ({
          ad_id: id,
          photo_url,
          position: kept.length + index,
          phash: imageHashes?.[photo_url] ?? null,
        })),
      );
    }
    // The audit entry's services, places, days and photos: the ads table's columns do not show them.
    const was = before as AdContentState | undefined;
    return contentAuditChanges(was?.content, (await readAdContent(tx, id)).content);
  },
  async afterWrite(tx, { id, kind, form, actorId, options, before }) {
    if (kind === 'destroy') {
      // Deactivated with `?refund_leads=true`: members who paid to contact it get their credits back.
      if (options?.refund_leads !== true) return;
      const [ad] = await tx.select({ isActive: ads.is_active }).from(ads).where(eq(ads.id, id));
      if (ad?.isActive === false) await refundOpenLeadsOfAd(tx, { adId: id, actorId });
      return;
    }
    if (!form) return;
    if (kind === 'store') {
      await tx.insert(adStatusHistory).values({
        ad_id: id,
        from_status_id: null,
        to_status_id: AD_STATUS.awaitingApproval,
        changed_by_user_id: actorId,
      });
    }
    await keepAdRevision(tx, id, actorId, before as AdContentState | undefined);
  },
});
