import { TIME_ZONE } from '@usluge/contract';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Day 25569 of a spreadsheet's (1900) calendar is 1 January 1970. */
const UNIX_EPOCH_DAY = 25_569;
/** Offsets looked up, per hour since the epoch, kept up to this many. */
const OFFSETS_KEPT = 10_000;

const OFFSET_FORMAT = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });
const offsets = new Map<number, number>();

/** Montenegro's offset from UTC at the moment, in ms ('GMT+02:00' → 7 200 000). */
function offsetAt(at: Date): number {
  // Its offsets change only at whole hours: one look-up an hour.
  const hour = Math.floor(at.getTime() / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const name = OFFSET_FORMAT.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    const minutes = match ? Number(match[2]) * 60 + Number(match[3]) : 0;
    offset = (match?.[1] === '-' ? -minutes : minutes) * 60_000;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/**
 * A moment as a spreadsheet's date number, read on Montenegro's wall clock (a spreadsheet's dates
 * have no zone: 21.11.2026 07:20 there is what the cell must show); null for an invalid date.
 */
export function spreadsheetSerial(at: Date): number | null {
  const time = at.getTime();
  if (!Number.isFinite(time)) return null;
  return (time + offsetAt(at)) / DAY_MS + UNIX_EPOCH_DAY;
}
