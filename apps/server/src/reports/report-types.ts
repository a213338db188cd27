import type { Language } from '@usluge/contract';

/**
 * How a column's values print beyond their type: money with two decimals, credits as a quantity
 * (both in the contract's one format of the language: '1.234,50', '1.234,5'), a date as the day
 * only (a Date otherwise prints its day and minute).
 */
export type ReportFormat = 'money' | 'credits' | 'day';

/** One column of a report: the row key, its title (already translated) and how it prints. */
export type ReportColumn = { key: string; title: string; format?: ReportFormat };

/**
 * One cell, words already in the report's language; numbers stay numbers so spreadsheets can sum
 * them, and moments stay Dates so they become date cells (the page formats print them as text).
 */
export type ReportCell = string | number | Date | null;

export type ReportInput = {
  /** The report name the user typed, e.g. 'Korisnici' or 'report'. */
  title: string;
  /** In order, titles already translated. */
  columns: ReportColumn[];
  /** Cells in column order; may be 100 000+ rows arriving in batches from the database. */
  rows: AsyncIterable<ReportCell[]>;
  /** For the few fixed texts (generation date, page numbers). */
  lang: Language;
  generatedAt: Date;
};
