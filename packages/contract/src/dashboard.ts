import { z } from 'zod';

/** `GET /api/dashboard`: live figures for the staff's first screen. */
export const dashboardSchema = z.object({
  ads_waiting: z.number().int(),
  /** Decisions of the last 7 days. */
  ads_approved_7_days: z.number().int(),
  ads_rejected_7_days: z.number().int(),
  /** New members per day (Montenegro's days) for the last 30 days, oldest first, days without any included. */
  new_members_per_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Credits staff sold this month (top-ups), with what they were paid, per currency. */
  credits_sold_this_month: z.array(
    z.object({ currency: z.string(), sign: z.string().nullable(), credits: z.number(), value: z.number() }),
  ),
  /** The services whose ads were contacted most in the last 30 days. */
  top_services: z.array(z.object({ id: z.number().int(), name: z.string(), contacts: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
