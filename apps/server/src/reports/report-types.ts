import type { Language } from '@usluge/contract';

/** One column of a report: the row key and its title, already translated. */
export type ReportColumn = { key: string; title: string };

/** One cell, already formatted (dates as text); numbers stay numbers so spreadsheets can sum them. */
export type ReportCell = string | number | null;

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
