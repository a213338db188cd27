import { formatCredits, formatDateTime, formatMoney, type Language } from '@usluge/contract';
import { cleanText } from './clean-text.ts';
import { numberFormatter } from './report-texts.ts';
import type { ReportCell, ReportFormat } from './report-types.ts';

/** Dates formatted per minute (what they show) and kept for the report, up to this many. */
const DATES_KEPT = 10_000;

/** The row's cells for the given number of columns: missing cells are empty, extra ones dropped. */
export function cellsFor(row: readonly ReportCell[], count: number): ReportCell[] {
  if (row.length === count) return row as ReportCell[];
  return Array.from({ length: count }, (_, index) => row[index] ?? null);
}

/** A cell as the page formats print it, in its column's format. */
export type CellText = (cell: ReportCell, format?: ReportFormat) => string;

/**
 * How the page formats print cells in the language: numbers with its decimal mark, money and credits
 * as the screens write them ('1.234,50' / '1,234.50'; the cell holds no currency), moments as
 * Montenegro's 'dd.mm.yyyy HH:mm' (a day column 'dd.mm.yyyy'), text cleaned.
 */
export function cellTexts(lang: Language): CellText {
  const formatNumber = numberFormatter(lang);
  const dates = new Map<number, string>();
  const dateText = (value: Date): string => {
    const time = value.getTime();
    if (!Number.isFinite(time)) return '';
    // Montenegro's offsets from UTC are whole minutes: the minute since the epoch gives the text.
    const minute = Math.floor(time / 60_000);
    let text = dates.get(minute);
    if (text === undefined) {
      text = formatDateTime(value);
      if (dates.size >= DATES_KEPT) dates.clear();
      dates.set(minute, text);
    }
    return text;
  };
  return (cell, format) => {
    if (cell === null) return '';
    if (typeof cell === 'number') {
      if (format === 'money' && Number.isFinite(cell)) return formatMoney(cell, null, lang);
      if (format === 'credits' && Number.isFinite(cell)) return formatCredits(cell, lang);
      return formatNumber(cell);
    }
    if (cell instanceof Date) {
      const text = dateText(cell);
      return format === 'day' ? text.slice(0, 10) : text;
    }
    return cleanText(cell);
  };
}

/** Per column: whether the sampled cells are numbers (then the page formats align it right). */
export function numericColumns(sample: readonly (readonly ReportCell[])[], count: number): boolean[] {
  return Array.from({ length: count }, (_, column) => {
    const values = sample.map((row) => row[column] ?? null).filter((cell) => cell !== null);
    return values.length > 0 && values.every((cell) => typeof cell === 'number');
  });
}
