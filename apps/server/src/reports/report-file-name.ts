import type { ReportType } from '@usluge/contract';

const MAX_NAME_LENGTH = 100;
/** Names Windows keeps for devices. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A safe download file name: the user's name without directories, control or format characters and
 * characters file systems refuse, at most 100 characters, with the extension. Letters such as
 * č ć š ž đ stay (the route sends the name RFC 5987-encoded).
 */
export function reportFileName(name: string, type: ReportType): string {
  const base = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/gu, '')
    // Path segments: '.', '..' and empty ones go, the rest are joined with a dash.
    .split(/[/\\]+/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && !/^\.+$/.test(segment))
    .join('-')
    .replace(/[<>:"|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(new RegExp(`\\.${type}$`, 'i'), '')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const short = Array.from(base)
    .slice(0, MAX_NAME_LENGTH)
    .join('')
    .replace(/[\s.]+$/, '');
  const safe = short === '' ? 'report' : RESERVED.test(short) ? `${short}_` : short;
  return `${safe}.${type}`;
}
