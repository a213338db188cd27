import type { AdStatus, adDetailsSchema } from '@usluge/contract';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  adDays,
  adDayTimes,
  adPhotos,
  adPlaceCities,
  adPlaces,
  adServices,
  adStatuses,
  adStatusHistory,
  ads,
  cities,
  countries,
  days,
  services,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { personName } from '../users/user-list.ts';
import { adList } from './ad-list.ts';

/** The details as the server holds them (dates as Date; the route's schema writes them out). */
type AdDetails = z.output<typeof adDetailsSchema>;

/** 'HH:MM:SS' from the database as the 24-hour 'HH:MM' the form and the details show. */
const hoursAndMinutes = (time: string) => time.slice(0, 5);

/** An ad's content beyond a list row, as its form sets it; the caller has checked the ad exists. */
export type AdContent = Pick<
  AdDetails,
  'description' | 'all_countries' | 'all_working_days' | 'services' | 'places' | 'ad_days' | 'photos'
>;

/** An ad's description, places, working days, services and photos (staff details, member, public). */
export async function readAdContent(db: Database, adId: number): Promise<AdContent> {
  const [base, serviceRows, placeRows, dayRows, photoRows] = await Promise.all([
    db
      .select({
        description: ads.description,
        all_countries: ads.all_countries,
        all_working_days: ads.all_working_days,
      })
      .from(ads)
      .where(eq(ads.id, adId)),
    db
      .select({ id: services.id, name: services.name })
      .from(adServices)
      .innerJoin(services, eq(services.id, adServices.service_id))
      .where(eq(adServices.ad_id, adId))
      .orderBy(asc(services.name)),
    db
      .select({
        os_country_id: adPlaces.os_country_id,
        name: countries.name,
        city_id: cities.id,
        city_name: cities.name,
      })
      .from(adPlaces)
      .innerJoin(countries, eq(countries.id, adPlaces.os_country_id))
      .leftJoin(adPlaceCities, eq(adPlaceCities.ad_place_id, adPlaces.id))
      .leftJoin(cities, eq(cities.id, adPlaceCities.os_city_id))
      .where(eq(adPlaces.ad_id, adId))
      .orderBy(asc(adPlaces.id), asc(cities.name)),
    db
      .select({
        day_id: adDays.day_id,
        name: days.name,
        is_active: adDays.is_active,
        start_at: adDayTimes.start_at,
        stop_at: adDayTimes.stop_at,
      })
      .from(adDays)
      .innerJoin(days, eq(days.id, adDays.day_id))
      .leftJoin(adDayTimes, eq(adDayTimes.ad_day_id, adDays.id))
      .where(eq(adDays.ad_id, adId))
      .orderBy(asc(adDays.day_id), asc(adDayTimes.start_at)),
    db
      .select({ id: adPhotos.id, photo_url: adPhotos.photo_url })
      .from(adPhotos)
      .where(eq(adPhotos.ad_id, adId))
      .orderBy(asc(adPhotos.position), asc(adPhotos.id)),
  ]);
  const [own] = base;
  if (!own) throw notFound();

  const places = new Map<number, AdDetails['places'][number]>();
  for (const place of placeRows) {
    const entry = places.get(place.os_country_id) ?? {
      os_country_id: place.os_country_id,
      name: place.name,
      cities: [],
    };
    if (place.city_id !== null && place.city_name !== null)
      entry.cities.push({ id: place.city_id, name: place.city_name });
    places.set(place.os_country_id, entry);
  }
  const workingDays = new Map<number, AdDetails['ad_days'][number]>();
  for (const day of dayRows) {
    const entry = workingDays.get(day.day_id) ?? {
      day_id: day.day_id,
      name: day.name,
      is_active: day.is_active,
      times: [],
    };
    if (day.start_at !== null && day.stop_at !== null) {
      entry.times.push({ start_at: hoursAndMinutes(day.start_at), stop_at: hoursAndMinutes(day.stop_at) });
    }
    workingDays.set(day.day_id, entry);
  }
  return {
    description: own.description,
    all_countries: own.all_countries,
    all_working_days: own.all_working_days,
    services: serviceRows,
    places: [...places.values()],
    ad_days: [...workingDays.values()],
    photos: photoRows,
  };
}

/** The ad's review: each status it had, the reason sent with it and who decided, oldest first. */
export async function readAdStatusHistory(db: Database, adId: number): Promise<AdDetails['status_history']> {
  const fromStatus = alias(adStatuses, 'from_status');
  const historyRows = await db
    .select({
      from_id: fromStatus.id,
      from_name: fromStatus.name,
      from_color: fromStatus.background_color,
      from_reason: fromStatus.is_reason_required,
      to_id: adStatuses.id,
      to_name: adStatuses.name,
      to_color: adStatuses.background_color,
      to_reason: adStatuses.is_reason_required,
      reason: adStatusHistory.reason,
      reason_ids: adStatusHistory.reason_ids,
      statement: adStatusHistory.statement,
      changed_by: personName(users),
      created_at: adStatusHistory.created_at,
    })
    .from(adStatusHistory)
    .innerJoin(adStatuses, eq(adStatuses.id, adStatusHistory.to_status_id))
    .leftJoin(fromStatus, eq(fromStatus.id, adStatusHistory.from_status_id))
    .leftJoin(users, eq(users.id, adStatusHistory.changed_by_user_id))
    .where(eq(adStatusHistory.ad_id, adId))
    .orderBy(asc(adStatusHistory.created_at), asc(adStatusHistory.id));
  const status = (
    id: number | null,
    name: string | null,
    color: string | null,
    reason: boolean | null,
  ): AdStatus | null =>
    id === null || name === null || color === null
      ? null
      : { id, name, background_color: color, is_reason_required: reason ?? false };
  return historyRows.map((entry) => ({
    from: status(entry.from_id, entry.from_name, entry.from_color, entry.from_reason),
    to: {
      id: entry.to_id,
      name: entry.to_name,
      background_color: entry.to_color,
      is_reason_required: entry.to_reason,
    },
    reason: entry.reason,
    reason_ids: entry.reason_ids ?? [],
    statement: entry.statement,
    changed_by: entry.changed_by,
    created_at: entry.created_at,
  }));
}

/** Everything about one ad: the list row and its services, places, days, photos and history. */
export async function readAdDetails(db: Database, adId: number): Promise<AdDetails> {
  const [row] = await loadInOrder(db, adList, [adId]);
  if (!row) throw notFound();
  const [content, statusHistory, [comment]] = await Promise.all([
    readAdContent(db, adId),
    readAdStatusHistory(db, adId),
    db.select({ status_comment: ads.status_comment }).from(ads).where(eq(ads.id, adId)),
  ]);
  return {
    ...row,
    ...content,
    status_comment: comment?.status_comment ?? null,
    status_history: statusHistory,
  };
}
