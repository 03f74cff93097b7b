import { z } from 'zod';
import { formBool } from '../validation/form';

export const SCRIPT_STRATEGIES = ['start', 'periodic', 'conditional', 'change'] as const;
export const SCRIPT_BODY_MAX = 64 * 1024;

/**
 * A gateway script (docs/requirements/device-configuration.md §6.1): when it runs and its body (JavaScript
 * run in the gateway sandbox).
 */
export const scriptSchema = z
  .object({
    name: z.string().trim().min(1).max(50),
    strategy: z.enum(SCRIPT_STRATEGIES),
    intervalS: z
      .preprocess(
        (v) => (v === '' || v == null ? null : v),
        z.coerce.number().int().min(1).max(86_400).nullable(),
      )
      .optional()
      .default(null),
    /** condition (conditional) or watched variable names, comma separated (change) */
    condition: z.string().trim().max(1000).optional().default(''),
    body: z.string().min(1).max(SCRIPT_BODY_MAX),
    enabled: formBool.optional().default(true),
  })
  .superRefine((s, ctx) => {
    if ((s.strategy === 'periodic' || s.strategy === 'conditional') && !s.intervalS) {
      ctx.addIssue({ code: 'custom', path: ['intervalS'], message: 'required' });
    }
    if ((s.strategy === 'conditional' || s.strategy === 'change') && !s.condition) {
      ctx.addIssue({ code: 'custom', path: ['condition'], message: 'required' });
    }
  });
export type ScriptInput = z.infer<typeof scriptSchema>;
