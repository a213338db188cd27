import type { Readable } from 'node:stream';
import type { ReportType } from '@usluge/contract';
import { writeDocxReport } from './docx-report.ts';
import { writePdfReport } from './pdf-report.ts';
import { readAhead } from './read-ahead.ts';
import { createReportOutput, runWriter } from './report-output.ts';
import type { ReportInput } from './report-types.ts';
import { writeXlsxReport } from './xlsx-report.ts';

export { reportFileName } from './report-file-name.ts';
export type { ReportCell, ReportColumn, ReportInput } from './report-types.ts';

const CONTENT_TYPES: Record<ReportType, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function reportContentType(type: ReportType): string {
  return CONTENT_TYPES[type];
}

/** Rows read before writing starts, to size the columns. */
const SAMPLE_ROWS = 200;

const WRITERS = { pdf: writePdfReport, xlsx: writeXlsxReport, docx: writeDocxReport } as const;

/**
 * The report as a stream, written while the rows are read and only as fast as the stream is read:
 * neither the file nor all rows are ever held in memory. A failing row source errors the stream;
 * destroying the stream stops reading and closes the source.
 */
export function writeReport(type: ReportType, input: ReportInput): Readable {
  const output = createReportOutput();
  const write = WRITERS[type];
  runWriter(output, async () => {
    const ahead = await readAhead(input.rows, SAMPLE_ROWS);
    try {
      await write(input, ahead, output);
    } finally {
      await ahead.close();
    }
  });
  return output;
}
