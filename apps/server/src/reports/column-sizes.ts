/** The share of sample cells a column is made wide enough for; longer ones wrap or are cut. */
const COVERED = 0.9;

/**
 * The width each column wants: enough for its title and for most of the sampled cells, in the unit
 * `measure` returns (characters for spreadsheets, points for pages).
 */
export function wantedColumnWidths(
  titles: readonly string[],
  sample: readonly (readonly string[])[],
  measure: (text: string) => number,
  measureTitle: (text: string) => number = measure,
): number[] {
  return titles.map((title, column) => {
    const widths = sample.map((row) => longestLine(row[column] ?? '', measure)).sort((a, b) => a - b);
    const typical = widths.length > 0 ? (widths[Math.ceil(widths.length * COVERED) - 1] ?? 0) : 0;
    return Math.max(longestLine(title, measureTitle), typical);
  });
}

function longestLine(text: string, measure: (text: string) => number): number {
  if (!text.includes('\n')) return measure(text);
  return Math.max(...text.split(/\r?\n/).map(measure));
}

/**
 * Splits `total` among columns: when everything fits, in proportion to what they want; otherwise
 * narrow columns get all they want and the widest share the rest equally (none below `minimum`).
 */
export function shareWidth(wanted: readonly number[], total: number, minimum: number): number[] {
  const count = wanted.length;
  if (count === 0) return [];
  if (minimum * count >= total) return wanted.map(() => total / count);
  const widths = wanted.map((width) => Math.max(width, minimum));
  const sum = widths.reduce((a, b) => a + b, 0);
  if (sum <= total) return widths.map((width) => (width * total) / sum);
  const ascending = [...widths].sort((a, b) => a - b);
  let left = total;
  let cap = total / count;
  for (const [index, width] of ascending.entries()) {
    const share = left / (count - index);
    if (width > share) {
      cap = share;
      break;
    }
    left -= width;
  }
  return widths.map((width) => Math.min(width, cap));
}
