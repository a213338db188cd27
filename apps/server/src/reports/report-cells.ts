import { cleanText } from './clean-text.ts';
import type { ReportCell } from './report-types.ts';

/** The row's cells for the given number of columns: missing cells are empty, extra ones dropped. */
export function cellsFor(row: readonly ReportCell[], count: number): ReportCell[] {
  if (row.length === count) return row as ReportCell[];
  return Array.from({ length: count }, (_, index) => row[index] ?? null);
}

/** A cell as the page formats print it. */
export function cellText(cell: ReportCell, formatNumber: (value: number) => string): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return formatNumber(cell);
  return cleanText(cell);
}

/** Per column: whether the sampled cells are numbers (then the page formats align it right). */
export function numericColumns(sample: readonly (readonly ReportCell[])[], count: number): boolean[] {
  return Array.from({ length: count }, (_, column) => {
    const values = sample.map((row) => row[column] ?? null).filter((cell) => cell !== null);
    return values.length > 0 && values.every((cell) => typeof cell === 'number');
  });
}
