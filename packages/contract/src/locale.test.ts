import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from './locale.ts';

describe('formatDateTime', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("shows Montenegro's day and 24-hour time as dd.mm.yyyy HH:mm", () => {
    // Winter (UTC+1), summer (UTC+2), and an instant that is already the next day in Podgorica.
    expect(formatDateTime(new Date('2026-01-05T16:07:00Z'))).toBe('05.01.2026 17:07');
    expect(formatDateTime(new Date('2026-07-01T12:00:00Z'))).toBe('01.07.2026 14:00');
    expect(formatDateTime(new Date('2026-03-10T23:30:00Z'))).toBe('11.03.2026 00:30');
  });

  it("is the same whatever the machine's own zone", () => {
    const at = new Date('2026-11-21T06:20:00Z');
    vi.stubEnv('TZ', 'America/Los_Angeles');
    const inLosAngeles = formatDateTime(at);
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(formatDateTime(at)).toBe(inLosAngeles);
    expect(inLosAngeles).toBe('21.11.2026 07:20');
  });
});
