import { CRUDS, LISTS } from '../resources.ts';

/**
 * Record types written by the writes beside the generic list and crud resources (a lead, a
 * favourite, an inbox notice, a seed file).
 */
const OTHER_RECORD_TYPES = [
  'leads',
  'favourites',
  'notifications',
  'seeders',
  'ad_reports',
  'refund_requests',
];

let known: ReadonlySet<string> | undefined;

/** The resources' API names: what a timeline's record_type may be. */
export function isAuditRecordType(recordType: string): boolean {
  known ??= new Set([
    ...LISTS.map((list) => list.resource),
    ...CRUDS.map((crud) => crud.list.resource),
    ...OTHER_RECORD_TYPES,
  ]);
  return known.has(recordType);
}
