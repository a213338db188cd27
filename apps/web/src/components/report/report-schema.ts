import { msg, REPORT_TYPES, requiredText } from '@usluge/contract';
import { z } from 'zod';

/** The longest report name the API accepts (`report_name`). */
export const REPORT_NAME_MAX = 120;

/**
 * The report dialog (SPEC.md section 5: 'Report download: name and type required'), built from the
 * contract's field builders so its messages are the server's.
 */
export const reportChoiceSchema = z.object({
  name: requiredText(REPORT_NAME_MAX),
  type: z.enum(REPORT_TYPES, { error: msg('required_selection') }),
  show_all: z.boolean(),
});

export type ReportChoiceInput = z.input<typeof reportChoiceSchema>;

/** SPEC.md section 7: default name 'report', type pdf, every row. */
export const REPORT_DEFAULTS: ReportChoiceInput = { name: 'report', type: 'pdf', show_all: true };
