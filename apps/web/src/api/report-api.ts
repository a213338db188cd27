import type { ListRequest, ReportType } from '@usluge/contract';
import { http } from './http-client.ts';
import type { EntityName } from './list-api.ts';
import { saveFile } from './save-file.ts';

/** A column of the report: the API's key and the title the user sees in the current language. */
export type ReportColumnTitle = { key: string; title: string };

/** What the report dialog asks for (SPEC.md section 3, report download options). */
export type ReportChoice = {
  name: string;
  type: ReportType;
  /** Every matching row, not only the current page (the dialog's 'show all'). */
  isAllRows: boolean;
};

/**
 * The body of a report: the list's own request (filters, sort, page, active/inactive) with the
 * report fields (DESIGN.md section 8).
 */
export function buildReportRequest(
  listRequest: ListRequest,
  choice: ReportChoice,
  columns: readonly ReportColumnTitle[],
): ListRequest {
  return {
    ...listRequest,
    is_report: true,
    report_name: choice.name,
    report_type: choice.type,
    report_ignore_pagination: choice.isAllRows,
    show_columns: columns.map(({ key, title }) => ({ key, title })),
  };
}

/**
 * The file name a `Content-Disposition` header gives: `filename*=UTF-8''…` first, then a plain
 * `filename=`; null when it names none. Path separators are dropped.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
    if (value) name = value;
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : null;
}

/**
 * Asks `POST /api/<entity>/index` for the report and saves the answer as a file named by the
 * server, or `<name>.<type>`. Answers the file name. A failure opens the error dialog and rejects.
 */
export async function downloadReport(
  entity: EntityName,
  listRequest: ListRequest,
  choice: ReportChoice,
  columns: readonly ReportColumnTitle[],
): Promise<string> {
  const answer = await http.postForFile(
    `/api/${entity}/index`,
    buildReportRequest(listRequest, choice, columns),
  );
  const fileName = fileNameFromDisposition(answer.contentDisposition) ?? `${choice.name}.${choice.type}`;
  saveFile(answer.blob, fileName);
  return fileName;
}
