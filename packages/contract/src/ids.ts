/** Fixed ids of seeded reference rows that business rules depend on. */
export const ROLE = {
  administrator: 1,
  member: 2,
  moderator: 3,
} as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Roles that may use the back-office at all. */
export const STAFF_ROLES: readonly number[] = [ROLE.administrator, ROLE.moderator];

export const USER_TYPE = {
  company: 1,
  individual: 2,
} as const;

export const AD_STATUS = {
  awaitingApproval: 1,
  approved: 2,
  rejected: 3,
  finished: 4,
} as const;

/** Status ids whose change needs a written reason. */
export const STATUSES_REQUIRING_REASON: readonly number[] = [AD_STATUS.rejected];
