import { ROLE } from './ids.ts';

/**
 * Who may call a route or open a screen. Every server route declares one of these; the web menu
 * uses the same table so it only shows what the signed-in role may open.
 */
export type Access = 'public' | 'signed-in' | 'member' | 'staff' | 'administrator';

const ROLES_BY_ACCESS: Record<Exclude<Access, 'public' | 'signed-in'>, readonly number[]> = {
  /** The mobile app's routes: a marketplace member (staff who are also members included). */
  member: [ROLE.member],
  staff: [ROLE.administrator, ROLE.moderator],
  administrator: [ROLE.administrator],
};

export function canAccess(access: Access, roleIds: readonly number[] | null): boolean {
  if (access === 'public') return true;
  if (roleIds === null) return false;
  if (access === 'signed-in') return true;
  return roleIds.some((id) => ROLES_BY_ACCESS[access].includes(id));
}

/** Back-office areas and the access each needs (DESIGN.md section 5). */
export const AREA_ACCESS = {
  dashboard: 'staff',
  adsOnApproval: 'staff',
  ads: 'staff',
  // One ad's own page (/ads/{id}): whoever may open the ads list.
  adPage: 'staff',
  notifications: 'staff',
  // Members' reports of ads: the moderators' queue.
  adReports: 'staff',
  test: 'staff',
  userTypes: 'administrator',
  users: 'administrator',
  // One user's own page (/users/{id}): their balance and ledger, as the users list.
  userPage: 'administrator',
  countries: 'administrator',
  cities: 'administrator',
  services: 'administrator',
  currencies: 'administrator',
  // The templates moderators cite when they reject an ad; moderators read them, administrators keep them.
  rejectionReasons: 'administrator',
  credits: 'administrator',
  reports: 'administrator',
  // Refunds move credits: the same hands as the ledger's.
  refunds: 'administrator',
  // Who did what to any record: the whole back office's trail.
  audit: 'administrator',
  // A development tool; its API exists only with SEEDERS_ENABLED=true.
  seeders: 'administrator',
} as const satisfies Record<string, Access>;
export type Area = keyof typeof AREA_ACCESS;
