import type { ReportType } from '@usluge/contract';

const CONTENT_TYPES: Record<ReportType, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function reportContentType(type: ReportType): string {
  return CONTENT_TYPES[type];
}
