import { z } from 'zod';
import { formBool } from '../validation/form';

export const STORAGE_MODES = ['periodic', 'conditional', 'change', 'summary'] as const;
export const AGGREGATIONS = ['delta', 'first', 'last', 'max', 'min', 'avg'] as const;
export const REPORT_VARIABLES_MAX = 100;

/**
 * A historical report (docs/requirements/device-configuration.md §5.1): what is stored, when, and how each
 * variable is aggregated.
 */
export const reportSchema = z
  .object({
    name: z.string().trim().min(1).max(50),
    type: z.string().trim().max(20).optional().default('history'),
    storageMode: z.enum(STORAGE_MODES),
    /** seconds between records (periodic) or the summary window */
    intervalS: z
      .preprocess(
        (v) => (v === '' || v == null ? null : v),
        z.coerce
          .number()
          .int()
          .min(1)
          .max(86_400 * 31)
          .nullable(),
      )
      .optional()
      .default(null),
    /** condition of conditional storage, a formula */
    expression: z.string().trim().max(1000).optional().default(''),
    items: z
      .array(
        z.object({
          variableId: z.coerce.number().int().positive(),
          aggregation: z.enum(AGGREGATIONS).optional().default('last'),
        }),
      )
      .min(1),
    enabled: formBool.optional().default(true),
  })
  .superRefine((r, ctx) => {
    if ((r.storageMode === 'periodic' || r.storageMode === 'summary') && !r.intervalS) {
      ctx.addIssue({ code: 'custom', path: ['intervalS'], message: 'required' });
    }
    if (r.storageMode === 'conditional' && !r.expression)
      ctx.addIssue({ code: 'custom', path: ['expression'], message: 'required' });
    const keys = r.items.map((i) => `${i.variableId}/${i.aggregation}`);
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'duplicate variable' });
  });
export type ReportInput = z.infer<typeof reportSchema>;
