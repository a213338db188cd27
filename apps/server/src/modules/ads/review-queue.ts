import { AD_STATUS } from '@usluge/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { ads } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';
import { adList } from './ad-list.ts';

/**
 * The review queue, defined once: the ads awaiting approval that are on show. An ad its poster or
 * staff took down needs no decision (a restore sends it back here). The queue list below, the
 * review mode (which reads that list) and the dashboard's figures all use this condition, so they
 * count the same ads.
 */
export const inReviewQueue: SQL =
  and(eq(ads.ad_status_id, AD_STATUS.awaitingApproval), eq(ads.is_active, true)) ?? sql`false`;

/**
 * `POST /api/jobs_queue/index`: the ads list (`/ads-on-approval`) limited to the review queue,
 * oldest first: by how long each ad has waited (`updated_at`, which entering the queue sets).
 */
export const reviewQueueList = defineList({
  ...adList,
  resource: 'jobs_queue',
  condition: inReviewQueue,
  defaultSort: { key: 'updated_at', isDescending: false },
  docs: {
    summary: 'The review queue: active ads awaiting approval, oldest first',
    description:
      'The ads list (same filters, sort keys, rows and reports as `POST /api/jobs/index`) limited to the ads awaiting approval that are active: the queue the moderators work through, in the review mode too. By default the ad that has waited longest comes first (`updated_at` ascending); the dashboard counts the same ads.',
  },
});
