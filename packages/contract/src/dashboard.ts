import { z } from 'zod';
import { AREA_ACCESS, canAccess } from './access.ts';
import { timestampSchema } from './entities.ts';

/** `GET /api/dashboard`: live figures for the staff's first screen. */
export const dashboardSchema = z.object({
  /** The review queue's size: active ads awaiting approval, as `/ads-on-approval` lists them. */
  ads_waiting: z.number().int(),
  /**
   * The ads awaiting approval by how long they have waited: since their last change (`updated_at`,
   * which entering the queue sets: creation, a poster's edit, a move back to awaiting approval).
   */
  queue_by_age: z.object({
    under_1_hour: z.number().int(),
    from_1_to_24_hours: z.number().int(),
    over_24_hours: z.number().int(),
  }),
  /** The ad that has waited longest, null when the queue is empty. */
  oldest_waiting: z
    .object({ id: z.number().int(), title: z.string(), waiting_since: timestampSchema })
    .nullable(),
  /** Decisions of the last 7 days. */
  ads_approved_7_days: z.number().int(),
  ads_rejected_7_days: z.number().int(),
  /** New members per day (Montenegro's days) for the last 30 days, oldest first, days without any included. */
  new_members_per_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /**
   * Credits staff sold this month (top-ups), with what they were paid, per currency. Only for a
   * role that may read the transactions (`canReadTransactions`); absent for the others.
   */
  credits_sold_this_month: z
    .array(
      z.object({ currency: z.string(), sign: z.string().nullable(), credits: z.number(), value: z.number() }),
    )
    .optional(),
  /** The services whose ads were contacted most in the last 30 days. */
  top_services: z.array(z.object({ id: z.number().int(), name: z.string(), contacts: z.number().int() })),
});
/** The dashboard as the web reads it (times as ISO text). */
export type Dashboard = z.input<typeof dashboardSchema>;
/** The dashboard as the server builds it (times as dates). */
export type DashboardFigures = z.output<typeof dashboardSchema>;

/**
 * Whether these roles may see the money of credit sales: those who may read the transactions
 * (`/reports`, the ledger), so the dashboard tells no one more than their lists would.
 */
export function canReadTransactions(roleIds: readonly number[] | null): boolean {
  return canAccess(AREA_ACCESS.reports, roleIds);
}
