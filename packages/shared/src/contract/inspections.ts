import { z } from 'zod';
import { inspectionScheduleSchema } from '../ops/inspectionSchedule';
import { formBool, formId, listPageOf, optionalText, pagingSchema } from '../validation/form';
import { createdId, defineCalls, noData } from './define';

export {
  inspectionScheduleSchema,
  taskWindows,
  INSPECTION_SCHEDULE_KINDS,
  type InspectionSchedule,
  type InspectionScheduleKind,
  type TaskWindow,
} from '../ops/inspectionSchedule';

/**
 * Inspections (docs/requirements/operations.md §3, §4, issue 19): items, plans, the tasks a
 * scheduler makes from the plans, and their results. Times are milliseconds since the epoch.
 */

/** Result kinds: normal/abnormal (`check`), a number with a range, text, a photo (§3.1). */
export const INSPECTION_RESULT_KINDS = ['check', 'number', 'text', 'photo'] as const;
export type InspectionResultKind = (typeof INSPECTION_RESULT_KINDS)[number];

/** Task states (§4.3): not started (`pending`), normal, abnormal, aborted. */
export const INSPECTION_TASK_STATES = ['pending', 'normal', 'abnormal', 'aborted'] as const;
export type InspectionTaskState = (typeof INSPECTION_TASK_STATES)[number];

/** At most this many devices and items in a plan (2701, 2702). */
export const INSPECTION_PLAN_MAX_DEVICES = 30;
export const INSPECTION_PLAN_MAX_ITEMS = 50;
/** A photo result's largest size in bytes (the browser reduces larger pictures before sending). */
export const INSPECTION_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

const nullableNumber = z.preprocess(
  (v) => (v === '' || v === undefined || v === 'null' ? null : v),
  z.coerce.number().finite().nullable(),
);

const inspectionItemBase = z.object({
  name: z.string().trim().min(1).max(50),
  method: optionalText(200),
  standard: optionalText(200),
  resultKind: z.enum(INSPECTION_RESULT_KINDS),
  /** number items: the normal range (either end may be open) */
  min: nullableNumber.default(null),
  max: nullableNumber.default(null),
});
const rangeInOrder = (i: { min: number | null; max: number | null }) =>
  i.min === null || i.max === null || i.min <= i.max;
const rangeProblem = { message: 'min is above max', path: ['max'] };
export const inspectionItemSchema = inspectionItemBase.refine(rangeInOrder, rangeProblem);
export const inspectionItemEditSchema = inspectionItemBase
  .extend({ id: formId })
  .refine(rangeInOrder, rangeProblem);
export type InspectionItemInput = z.infer<typeof inspectionItemSchema>;

export const inspectionItemRow = z.object({
  id: z.number().int(),
  name: z.string(),
  method: z.string(),
  standard: z.string(),
  resultKind: z.enum(INSPECTION_RESULT_KINDS),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** plans naming the item */
  planCount: z.number().int(),
});
export type InspectionItemRow = z.infer<typeof inspectionItemRow>;

const idList = z.array(formId).max(1000);

export const inspectionPlanSchema = z.object({
  name: z.string().trim().min(1).max(50),
  deviceIds: idList.min(1),
  itemIds: idList.min(1),
  inspectorIds: z.array(formId).min(1).max(100),
  schedule: inspectionScheduleSchema,
});
export type InspectionPlanInput = z.infer<typeof inspectionPlanSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const inspectionPlanRow = z.object({
  id: z.number().int(),
  name: z.string(),
  schedule: inspectionScheduleSchema,
  deviceCount: z.number().int(),
  itemCount: z.number().int(),
  inspectors: z.array(named),
  /** tasks still to do (not started, window not passed) */
  openTasks: z.number().int(),
  createdAt: z.number(),
});
export type InspectionPlanRow = z.infer<typeof inspectionPlanRow>;

export const inspectionPlanInfo = inspectionPlanRow.extend({
  devices: z.array(named),
  items: z.array(inspectionItemRow.omit({ planCount: true })),
});
export type InspectionPlanInfo = z.infer<typeof inspectionPlanInfo>;

export const inspectionTaskRow = z.object({
  id: z.number().int(),
  planId: z.number().int().nullable(),
  planName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  windowStart: z.number(),
  windowEnd: z.number(),
  status: z.enum(INSPECTION_TASK_STATES),
  inspectorName: z.string().nullable(),
  submittedAt: z.number().nullable(),
});
export type InspectionTaskRow = z.infer<typeof inspectionTaskRow>;

/** An item as the task asks it (copied when the task was made). */
export const inspectionTaskItem = inspectionItemRow.omit({ planCount: true });
export type InspectionTaskItem = z.infer<typeof inspectionTaskItem>;

export const inspectionResult = z.object({
  itemId: z.number().int(),
  /** check: 'normal' | 'abnormal'; number; text; photo: null (see `photo`) */
  value: z.union([z.string(), z.number()]).nullable(),
  abnormal: z.boolean(),
  /** a photo result as a data URL */
  photo: z.string().nullable(),
});
export type InspectionResult = z.infer<typeof inspectionResult>;

export const inspectionTaskInfo = inspectionTaskRow.extend({
  items: z.array(inspectionTaskItem),
  results: z.array(inspectionResult),
  note: z.string(),
  /** whether the caller is one of its inspectors (may submit it) */
  assigned: z.boolean(),
});
export type InspectionTaskInfo = z.infer<typeof inspectionTaskInfo>;

export const inspectionSubmitSchema = z.object({
  id: formId,
  note: optionalText(500),
  results: z
    .array(
      z.object({
        itemId: formId,
        /** check: 'normal' | 'abnormal'; number; text; photo: a data URL of a PNG, JPEG or WebP */
        value: z.union([z.string().max(4 * 1024 * 1024), z.number()]),
      }),
    )
    .max(INSPECTION_PLAN_MAX_ITEMS),
  /** an abnormal result also opens a repair order for the device (§4.3; needs a repair viewing key) */
  repair: formBool.default(false),
});
export type InspectionSubmitInput = z.infer<typeof inspectionSubmitSchema>;

const timeFilter = z.coerce.number().int().min(0).optional();

export const inspectionTaskQuery = pagingSchema.extend({
  planId: formId.optional(),
  deviceId: formId.optional(),
  status: z.enum(INSPECTION_TASK_STATES).optional(),
  /** windows starting at or after / before */
  startTime: timeFilter,
  endTime: timeFilter,
});
export type InspectionTaskQuery = z.infer<typeof inspectionTaskQuery>;

const manage = { perm: 'ops_manage' } as const;
const byId = z.object({ id: formId });

export const inspectionCalls = defineCalls('inspections', {
  items: {
    path: '/lfscada/inspection/item/query',
    input: z.object({ keyword: z.string().trim().max(50).optional() }),
    output: z.array(inspectionItemRow),
    access: manage,
    summary: "The enterprise's inspection items, by name",
  },
  addItem: {
    path: '/lfscada/inspection/item/add',
    input: inspectionItemSchema,
    output: createdId,
    access: manage,
    summary: 'Adds an inspection item (a taken name is 2120)',
  },
  editItem: {
    path: '/lfscada/inspection/item/edit',
    input: inspectionItemEditSchema,
    output: noData,
    access: manage,
    summary: 'Changes an inspection item (tasks already made keep the old one)',
  },
  deleteItem: {
    path: '/lfscada/inspection/item/delete',
    input: byId,
    output: noData,
    access: manage,
    summary: 'Deletes an inspection item no plan names (10004 otherwise)',
  },
  candidates: {
    path: '/lfscada/inspection/plan/candidates',
    output: z.object({ devices: z.array(named), inspectors: z.array(named) }),
    access: manage,
    summary: "Devices the caller may put in a plan and the enterprise's accounts as inspectors",
  },
  plans: {
    path: '/lfscada/inspection/plan/query',
    input: z.object({ keyword: z.string().trim().max(50).optional() }),
    output: z.array(inspectionPlanRow),
    access: manage,
    summary: "The enterprise's inspection plans, newest first",
  },
  plan: {
    path: '/lfscada/inspection/plan/info',
    input: byId,
    output: inspectionPlanInfo,
    access: manage,
    summary: 'One plan with its devices, items and inspectors (2703 when not found)',
  },
  addPlan: {
    path: '/lfscada/inspection/plan/add',
    input: inspectionPlanSchema,
    output: createdId,
    access: manage,
    summary: 'Adds a plan: at most 30 devices (2701), 50 items (2702); a taken name is 2119',
  },
  editPlan: {
    path: '/lfscada/inspection/plan/edit',
    input: inspectionPlanSchema.extend({ id: formId }),
    output: noData,
    access: manage,
    summary: 'Changes a plan; refused with 2704 while one of its tasks is open',
  },
  deletePlan: {
    path: '/lfscada/inspection/plan/delete',
    input: byId,
    output: noData,
    access: manage,
    summary: 'Deletes a plan and its tasks not done (done records stay); 2704 while a task is open',
  },
  tasks: {
    path: '/lfscada/inspection/task/query',
    input: inspectionTaskQuery,
    output: listPageOf(inspectionTaskRow),
    access: manage,
    summary: "A page of the enterprise's inspection tasks, latest window first",
  },
  task: {
    path: '/lfscada/inspection/task/info',
    input: byId,
    output: inspectionTaskInfo,
    summary: 'One task with its items and results: for a manager, or one of its inspectors (2706)',
  },
  submit: {
    path: '/lfscada/inspection/task/submit',
    input: inspectionSubmitSchema,
    output: z.object({
      status: z.enum(INSPECTION_TASK_STATES),
      /** the repair order opened for an abnormal result, when asked for */
      repairOrderId: z.number().int().nullable(),
    }),
    bodyLimit: 60 * 1024 * 1024,
    summary: 'Submits the results of an open task (2705 aborted, 2706 not assigned, 2707 device not visible)',
  },
  deviceRecords: {
    path: '/lfscada/inspection/task/device',
    input: pagingSchema.extend({ deviceId: formId }),
    output: listPageOf(inspectionTaskRow),
    summary: "A device's inspection records (tasks whose window began), latest first",
  },
  myTasks: {
    path: '/lfscada/inspection/task/mine',
    output: z.array(inspectionTaskRow),
    summary: "The caller's open tasks (window begun, not ended, not submitted), soonest ending first",
  },
});
