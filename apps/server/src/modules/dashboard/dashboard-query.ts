import { AD_STATUS, type DashboardFigures, ROLE, TIME_ZONE } from '@usluge/contract';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  adStatusHistory,
  ads,
  creditPrices,
  currencies,
  leads,
  leadTransactions,
  services,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';
import { inReviewQueue } from '../ads/review-queue.ts';

const DAYS_OF_MEMBERS = 30;
const TOP_SERVICES = 5;

/** Midnight of today in Montenegro, as a timestamp: days on the dashboard are Montenegro's days. */
const localToday = sql`(date_trunc('day', now() at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})`;

/** This month's top-ups per currency: credits and what they were paid. */
function readCreditsSold(db: Database) {
  return db
    .select({
      currency: currencies.short_name,
      sign: currencies.sign,
      credits: sql<number>`sum(${leadTransactions.add_credit_amount})`.mapWith(Number),
      value: sql<number>`sum(${leadTransactions.total_price})`.mapWith(Number),
    })
    .from(leadTransactions)
    .innerJoin(creditPrices, eq(creditPrices.id, leadTransactions.credit_price_id))
    .innerJoin(currencies, eq(currencies.id, creditPrices.currency_id))
    .where(
      and(
        gt(leadTransactions.add_credit_amount, 0),
        sql`${leadTransactions.created_at} >= date_trunc('month', now() at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE}`,
      ),
    )
    .groupBy(currencies.short_name, currencies.sign)
    .orderBy(currencies.short_name);
}

/**
 * Each figure is one query over an index, so the dashboard stays fast with a million ads. The
 * queue's figures count the review queue (review-queue.ts), as its list and the review mode do; the
 * credit sales are read only for a caller who may read the transactions.
 */
export async function readDashboard(
  db: Database,
  { canReadTransactions }: { canReadTransactions: boolean },
): Promise<DashboardFigures> {
  const [waiting, decisions, members, sold, top, byAge, oldest] = await Promise.all([
    db.select({ n: count() }).from(ads).where(inReviewQueue),
    db
      .select({ status: adStatusHistory.to_status_id, n: count() })
      .from(adStatusHistory)
      .where(gt(adStatusHistory.created_at, sql`now() - interval '7 days'`))
      .groupBy(adStatusHistory.to_status_id),
    selectRows<{ day: string; count: number }>(
      db,
      sql`
      select to_char(d.day at time zone ${TIME_ZONE}, 'YYYY-MM-DD') as day, coalesce(m.n, 0)::int as count
      from generate_series(${localToday} - make_interval(days => ${DAYS_OF_MEMBERS - 1}), ${localToday}, interval '1 day') as d(day)
      left join (
        select date_trunc('day', u.created_at at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE} as day, count(*) as n
        from ${users} u
        where u.created_at >= ${localToday} - make_interval(days => ${DAYS_OF_MEMBERS - 1})
          and exists (select 1 from ${userRoles} r where r.user_id = u.id and r.role_id = ${ROLE.member})
        group by 1
      ) m on m.day = d.day
      order by d.day`,
    ),
    canReadTransactions ? readCreditsSold(db) : undefined,
    db
      .select({ id: services.id, name: services.name, contacts: count() })
      .from(leads)
      .innerJoin(services, eq(services.id, leads.service_id))
      .where(gt(leads.contact_time, sql`now() - interval '30 days'`))
      .groupBy(services.id, services.name)
      .orderBy(sql`count(*) desc`, services.name)
      .limit(TOP_SERVICES),
    // The queue by age: how long each awaiting ad has waited since its last change (updated_at,
    // set when it entered the queue), counted on ads_status_updated_idx (status, updated_at, id).
    db
      .select({
        under1h: sql<number>`count(*) filter (where ${ads.updated_at} > now() - interval '1 hour')`.mapWith(
          Number,
        ),
        over24h:
          sql<number>`count(*) filter (where ${ads.updated_at} <= now() - interval '24 hours')`.mapWith(
            Number,
          ),
        all: count(),
      })
      .from(ads)
      .where(inReviewQueue),
    db
      .select({ id: ads.id, title: ads.title, waiting_since: ads.updated_at })
      .from(ads)
      .where(inReviewQueue)
      .orderBy(ads.updated_at, ads.id)
      .limit(1),
  ]);
  const age = byAge[0] ?? { under1h: 0, over24h: 0, all: 0 };
  const decided = (statusId: number) => decisions.find((row) => row.status === statusId)?.n ?? 0;
  return {
    ads_waiting: waiting[0]?.n ?? 0,
    queue_by_age: {
      under_1_hour: age.under1h,
      from_1_to_24_hours: age.all - age.under1h - age.over24h,
      over_24_hours: age.over24h,
    },
    oldest_waiting: oldest[0] ?? null,
    ads_approved_7_days: decided(AD_STATUS.approved),
    ads_rejected_7_days: decided(AD_STATUS.rejected),
    new_members_per_day: members,
    ...(sold ? { credits_sold_this_month: sold } : {}),
    top_services: top,
  };
}
