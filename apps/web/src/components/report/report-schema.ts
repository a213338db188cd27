import { MAX_REPORT_COLUMNS, msg, REPORT_TYPES, requiredText } from '@usluge/contract';
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
  /** Every column the report may show, in the order it shows them; at least one chosen. */
  columns: z
    .array(z.object({ key: z.string(), title: z.string(), isChosen: z.boolean() }))
    .max(MAX_REPORT_COLUMNS)
    .refine((columns) => columns.some((column) => column.isChosen), { error: msg('required_selection') }),
});

export type ReportChoiceInput = z.input<typeof reportChoiceSchema>;

/** SPEC.md section 7: default name 'report', type pdf, every row; the columns come from the list. */
export const REPORT_DEFAULTS: ReportChoiceInput = {
  name: 'report',
  type: 'pdf',
  show_all: true,
  columns: [],
};
