import { z } from 'zod';
import { MVAR_TYPES } from '../formula/mvar';
import type { mvarValueSchema } from '../projectMonitor/projectSocket';
import { formId, optionalText, pagingSchema } from '../validation/form';

/**
 * Intermediate variables of a project (mvar; docs/requirements/projects.md §5, §9; issue 8): inputs and
 * answers of `/lfscada/project/mvar/*` and `/lfscada/project/report/mvar/validStatistics`. JSON or form
 * bodies, answers in the envelope `{code, message, data}`; times in ms since the epoch.
 *
 * Every call needs project_manage (reading also works with ops_center) and a project of the
 * caller's enterprise (2604 otherwise; another enterprise's mvar reads as 2652). A formula names
 * signals as `${equipmentId.signalId}`; each must be a signal of equipment bound to the project
 * (2651 with the position). The formula language and its rules are packages/shared/src/expr.
 * docs/project-monitor-api.md shows each call with an example.
 */

/** Most intermediate variables of one project (2608 beyond). */
export const MVARS_PER_PROJECT_MAX = 500;
/** Longest title of an intermediate variable. */
export const MVAR_TITLE_MAX = 50;
/** Longest unit text. */
export const MVAR_UNIT_MAX = 20;
/**
 * Most mvars one validStatistics call may check (docs/requirements/projects.md §2.2, §5.5: 100 fields per
 * report, 2603).
 */
export const MVAR_REPORT_FIELDS_MAX = 100;

/**
 * One id, a list, or a comma-joined text ("1,2,3", as docs/requirements/projects.md §9 sends `ids`); unique,
 * in order.
 */
export const commaIdList = (max: number) =>
  z
    .preprocess((v) => {
      if (typeof v === 'string') return v.trim() === '' ? [] : v.split(',').map((s) => s.trim());
      if (typeof v === 'number') return [v];
      return v;
    }, z.array(formId).max(max))
    .transform((ids) => [...new Set(ids)]);

const projectRef = { projectId: formId };

const mvarFields = {
  title: z.string().trim().min(1).max(MVAR_TITLE_MAX),
  calcType: z.enum(MVAR_TYPES),
  /** length and syntax are checked with the formula rules (2650 with the position), not here */
  formula: z.string().max(2000),
  /** the value shown until any referenced signal has a reading */
  initialValue: z.coerce
    .number()
    .refine((n) => Number.isFinite(n))
    .optional()
    .default(0),
  unit: optionalText(MVAR_UNIT_MAX),
  /** digits shown after the point (the browser rounds; values travel unrounded) */
  decimals: z.coerce.number().int().min(0).max(6).optional().default(2),
};

/** /lfscada/project/mvar/query {projectId, keyword?, pageNum, pageSize} → Page<MvarRow> by title */
export const mvarQuerySchema = pagingSchema.extend({
  ...projectRef,
  keyword: z.string().trim().max(MVAR_TITLE_MAX).optional(),
});
export type MvarQueryInput = z.infer<typeof mvarQuerySchema>;

/** /lfscada/project/mvar/queryAll {projectId, ids?} → MvarWithValue[] (all of the project without ids) */
export const mvarQueryAllSchema = z.object({
  ...projectRef,
  ids: commaIdList(MVARS_PER_PROJECT_MAX).optional(),
});
export type MvarQueryAllInput = z.infer<typeof mvarQueryAllSchema>;

/** /lfscada/project/mvar/add {projectId, title, calcType, formula, initialValue?, unit?, decimals?} → MvarRow */
export const mvarAddSchema = z.object({ ...projectRef, ...mvarFields });
export type MvarAddInput = z.infer<typeof mvarAddSchema>;

/** /lfscada/project/mvar/edit {id, title, calcType, formula, initialValue?, unit?, decimals?} → MvarRow */
export const mvarEditSchema = z.object({ id: formId, ...mvarFields });
export type MvarEditInput = z.infer<typeof mvarEditSchema>;

/** /lfscada/project/mvar/delete {id} → null */
export const mvarDeleteSchema = z.object({ id: formId });

/**
 * /lfscada/project/mvar/validFormulaVar {projectId, calcType, formula} → MvarFormulaVerdict. A
 * refused formula is an answer (code '200', valid false with the position), not an error, so a
 * form can show it under the field as the user types.
 */
export const mvarValidFormulaSchema = z.object({
  ...projectRef,
  calcType: z.enum(MVAR_TYPES),
  formula: z.string().max(2000),
});
export type MvarValidFormulaInput = z.infer<typeof mvarValidFormulaSchema>;

/**
 * /lfscada/project/report/mvar/validStatistics {projectId, ids} → {count}: the mvars may be fields
 * of a statistics report: each is an mvar of the project (2652) and there are at most 100 (2603).
 */
export const mvarValidStatisticsSchema = z.object({
  ...projectRef,
  ids: commaIdList(10_000).pipe(z.array(z.number()).min(1)),
});
export type MvarValidStatisticsInput = z.infer<typeof mvarValidStatisticsSchema>;

// --- answers -----------------------------------------------------------------------------------

/** A signal a formula reads, with names for display. */
export const mvarRefInfoSchema = z.object({
  /** `equipmentId.signalId` */
  key: z.string(),
  equipmentId: z.number().int(),
  signalId: z.number().int(),
  /** the equipment's title in the project (its key in the project, else the device name); '' once unbound */
  equipmentTitle: z.string(),
  /** '' once the device is unbound */
  signalName: z.string(),
});
export type MvarRefInfo = z.output<typeof mvarRefInfoSchema>;

export const mvarRowSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  title: z.string(),
  calcType: z.enum(MVAR_TYPES),
  formula: z.string(),
  initialValue: z.number(),
  unit: z.string(),
  decimals: z.number().int(),
  /** the signals the formula reads */
  refs: z.array(mvarRefInfoSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type MvarRow = z.output<typeof mvarRowSchema>;

/**
 * The latest value of an mvar (also the `values` items of the socket's mvarVal message): `ts` is the
 * time of the newest reading it was computed from, null while it shows its initial value.
 */
export type MvarValue = z.output<typeof mvarValueSchema>;

/** An mvar with its latest value (queryAll). */
export const mvarWithValueSchema = mvarRowSchema.extend({
  value: z.number(),
  ts: z.number().int().nullable(),
});
export type MvarWithValue = z.output<typeof mvarWithValueSchema>;

/** validFormulaVar: the references of a good formula, or where and why it is refused. */
export const mvarFormulaVerdictSchema = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), refs: z.array(mvarRefInfoSchema) }),
  z.object({
    valid: z.literal(false),
    /** 0-based offset of the offending text (for the caret) */
    position: z.number().int(),
    kind: z.string(),
    /** in the caller's language */
    message: z.string(),
  }),
]);
export type MvarFormulaVerdict = z.output<typeof mvarFormulaVerdictSchema>;

/** validStatistics: how many mvars were checked. */
export const mvarStatisticsVerdictSchema = z.object({ count: z.number().int() });
export type MvarStatisticsVerdict = z.output<typeof mvarStatisticsVerdictSchema>;
