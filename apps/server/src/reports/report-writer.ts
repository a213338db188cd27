import type { Readable } from 'node:stream';
import type { ReportType } from '@usluge/contract';
import { writeDocxReport } from './docx-report.ts';
import { writePdfReport } from './pdf-report.ts';
import { readAhead } from './read-ahead.ts';
import { createReportOutput, runWriter } from './report-output.ts';
import type { ReportInput } from './report-types.ts';
import { writeXlsxReport } from './xlsx-report.ts';

export type { ReportCell, ReportColumn, ReportInput } from './report-types.ts';

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
