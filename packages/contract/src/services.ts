import { z } from 'zod';
import { timestampSchema } from './entities.ts';
import { formBoolean, hasAtMostTwoDecimals, optionalText, requiredText } from './fields.ts';
import { msg, msgWith, typeMsg } from './validation.ts';

/** A service's credit cost: up to 6 digits before the decimal point (SPEC.md 5, 9). */
export const SERVICE_CREDIT_MAX = 999_999.99;

/** The parent folder's id, or none (a top-level node); a form sends '' or 'null' for none. */
const parentId = z.preprocess(
  (value) => (value === '' || value === 'null' || value === undefined ? null : value),
  z.coerce.number().int().positive().nullable(),
);

const credit = z.preprocess(
  (value) => (value === '' || value === 'null' ? null : value),
  z.coerce
    .number(typeMsg('enter_value'))
    .min(0)
    .refine((value) => value <= SERVICE_CREDIT_MAX, msgWith('max_digits', { n: 6 }))
    .refine(hasAtMostTwoDecimals, msgWith('decimals', { n: 2 }))
    .nullish(),
);

/** Store and update of a service or folder (multipart: the icon comes as a file beside these). */
export const serviceFormSchema = z
  .object({
    name: requiredText(150),
    description: optionalText(2000),
    is_service: formBoolean.default(false),
    credit,
    service_id: parentId.default(null),
    /** Removes the stored icon (not with a new icon file). */
    remove_icon: formBoolean.optional(),
  })
  .superRefine((form, context) => {
    if (form.is_service && (form.credit === null || form.credit === undefined)) {
      context.addIssue({ code: 'custom', path: ['credit'], message: msg('required') });
    }
  })
  // A folder costs nothing to contact: its credit is not kept.
  .transform((form) => ({ ...form, credit: form.is_service ? (form.credit ?? null) : null }));
export type ServiceForm = z.input<typeof serviceFormSchema>;

export type ServiceNode = {
  id: number;
  name: string;
  description: string | null;
  is_service: boolean;
  credit: number | null;
  icon_url: string | null;
  service_id: number | null;
  is_active: boolean;
  is_favorite: boolean;
  updated_at: Date;
  /** Children, in order (favourites first, then by name); empty for services. */
  services: ServiceNode[];
  /** On a single-level answer: whether the node has children to load. */
  has_children?: boolean;
  /** On a search answer: whether the node itself matched (its ancestors are there for context). */
  is_match?: boolean;
  /** An inactive folder: how many nodes are off because it was deactivated (restorable with it). */
  deactivated_items: number;
  /** On deactivation or restore: how many nodes changed, the node included. */
  changed_nodes?: number;
};

/** Registered by name: the tree refers to itself, so the API document keeps it as one component. */
export const serviceNodeSchema: z.ZodType<ServiceNode, unknown> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      is_service: z.boolean(),
      credit: z.number().nullable(),
      icon_url: z.string().nullable(),
      service_id: z.number().int().nullable(),
      is_active: z.boolean(),
      is_favorite: z.boolean(),
      updated_at: timestampSchema,
      deactivated_items: z.number().int(),
      services: z.array(serviceNodeSchema),
      has_children: z.boolean().optional(),
      is_match: z.boolean().optional(),
      changed_nodes: z.number().int().optional(),
    }),
  )
  .meta({ id: 'ServiceNode' });

/** `POST /api/services/index_active`: the tree, one level of it, or the nodes matching a search. */
export const serviceTreeRequestSchema = z.object({
  is_single_level: z.boolean().optional(),
  show_inactive_items: z.boolean().optional(),
  is_report: z.boolean().optional(),
  filters: z
    .object({
      name: z.string().trim().max(100).optional(),
      /** With is_single_level: the folder whose children to answer; absent or null: the top level. */
      service_id: z.number().int().positive().nullable().optional(),
    })
    .strict()
    .optional(),
});
export type ServiceTreeRequest = z.input<typeof serviceTreeRequestSchema>;

export const serviceTreeResponseSchema = z.object({
  result: z.array(serviceNodeSchema),
  /** How many nodes the answer holds, at every depth. */
  total_rows: z.number().int(),
});

export const serviceCreditHistoryRowSchema = z.object({
  id: z.number().int(),
  service_id: z.number().int(),
  credit: z.number(),
  changed_by: z.string().nullable(),
  updated_at: timestampSchema,
});
export type ServiceCreditHistoryRow = z.input<typeof serviceCreditHistoryRowSchema>;
