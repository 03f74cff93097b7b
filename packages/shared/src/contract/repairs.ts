import { z } from 'zod';
import { formId, listPageOf, optionalId, pagingSchema } from '../validation/form';
import { REPAIR_ACTIONS, REPAIR_STATES } from '../ops/repairKernel';
import { createdId, defineCalls, noData } from './define';

/**
 * Repair work orders (docs/requirements/operations.md §2, issue 19) under `/lfscada/ops/repair/*`.
 * Reading orders needs `monitor_multi_designer_repair` or `ops_manage` (90008 otherwise), except
 * an order's own requester and repairer, who read it and find it in their worksheet. Dispatching
 * needs `ops_manage` or being the requester, accepting and finishing `workorder_accept` and being
 * the repairer, ending `workorder_end` (the kernel, ops/repairKernel.ts). An order, device,
 * alarm or account of another enterprise answers 90002, a device the caller cannot see 1101.
 * A number already used is 2121, an eleventh attachment 2801. JSON bodies; times in ms.
 */

export const REPAIR_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type RepairPriority = (typeof REPAIR_PRIORITIES)[number];

/** At most this many photos and files per order (2801). */
export const REPAIR_ATTACHMENTS_MAX = 10;
/** Largest photo or PDF accepted (10008); the browser makes photos smaller before sending them. */
export const REPAIR_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const REPAIR_PROBLEM_MAX = 500;
export const REPAIR_CONTENT_MAX = 1000;
export const REPAIR_PARTS_MAX = 50;

export const repairPartSchema = z.object({
  name: z.string().trim().min(1).max(100),
  quantity: z.coerce.number().positive().max(1_000_000),
});
export type RepairPart = z.infer<typeof repairPartSchema>;

const stateSchema = z.enum(REPAIR_STATES);

export const repairOrderRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  equipmentId: z.number().int(),
  equipmentName: z.string(),
  alarmId: z.number().int().nullable(),
  problem: z.string(),
  priority: z.enum(REPAIR_PRIORITIES),
  state: stateSchema,
  requesterId: z.number().int().nullable(),
  requesterName: z.string(),
  repairerId: z.number().int().nullable(),
  repairerName: z.string(),
  content: z.string(),
  parts: z.array(repairPartSchema),
  endReason: z.string(),
  createdAt: z.number(),
  dispatchedAt: z.number().nullable(),
  acceptedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  attachmentCount: z.number().int(),
});
export type RepairOrderRow = z.infer<typeof repairOrderRowSchema>;

export const repairAttachmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['image', 'file']),
  mime: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  uploadedBy: z.string(),
  createdAt: z.number(),
});
export type RepairAttachment = z.infer<typeof repairAttachmentSchema>;

export const REPAIR_EVENT_ACTIONS = [
  'create',
  'dispatch',
  'accept',
  'finish',
  'end',
  'attach',
  'detach',
] as const;
export const repairEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(REPAIR_EVENT_ACTIONS),
  who: z.string(),
  at: z.number(),
  /** what the step carried: the repairer's name, the reason, a file name */
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RepairEvent = z.infer<typeof repairEventSchema>;

export const repairOrderInfoSchema = z.object({
  order: repairOrderRowSchema,
  attachments: z.array(repairAttachmentSchema),
  timeline: z.array(repairEventSchema),
  /** what the caller may do now (the kernel's answer) */
  actions: z.array(z.enum(REPAIR_ACTIONS)),
  /** whether the caller may add and delete attachments (an open order they view or work on) */
  canAttach: z.boolean(),
});
export type RepairOrderInfo = z.infer<typeof repairOrderInfoSchema>;

export const repairCreateSchema = z.object({
  equipmentId: formId,
  problem: z.string().trim().min(1).max(REPAIR_PROBLEM_MAX),
  priority: z.enum(REPAIR_PRIORITIES).default('normal'),
  /** an order made from an alarm: the alarm of the device */
  alarmId: optionalId.optional(),
  /** the enterprise's own number; generated (R + year + sequence) when left empty */
  number: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _')
    .optional(),
});
export type RepairCreateInput = z.input<typeof repairCreateSchema>;

export const repairFilterSchema = z.object({
  state: stateSchema.optional(),
  equipmentId: optionalId.optional(),
  repairerId: optionalId.optional(),
  /** created from (ms) */
  from: z.coerce.number().int().min(0).optional(),
  /** created before (ms) */
  to: z.coerce.number().int().min(0).optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type RepairFilter = z.infer<typeof repairFilterSchema>;

export const repairAccountSchema = z.object({ id: z.number().int(), name: z.string() });

const byId = z.object({ id: formId });
const base = '/lfscada/ops/repair';

export const repairsCalls = defineCalls('repairs', {
  create: {
    path: `${base}/create`,
    input: repairCreateSchema,
    output: createdId,
    summary: 'Creates a repair order for a device the caller sees (from the list, the device or an alarm)',
  },
  list: {
    path: `${base}/list`,
    input: pagingSchema.extend(repairFilterSchema.shape),
    output: listPageOf(repairOrderRowSchema),
    summary: 'A page of repair orders by state, device, repairer and creation time, newest first',
  },
  info: {
    path: `${base}/info`,
    input: byId,
    output: repairOrderInfoSchema,
    summary: 'One order with its attachments, its timeline and what the caller may do now',
  },
  dispatch: {
    path: `${base}/dispatch`,
    input: z.object({ id: formId, repairerId: formId }),
    output: noData,
    summary: 'Dispatches a pending (or re-dispatches a dispatched) order to a repairer of the enterprise',
  },
  accept: {
    path: `${base}/accept`,
    input: byId,
    output: noData,
    access: { perm: 'workorder_accept' },
    summary: 'The repairer accepts a dispatched order (workorder_accept)',
  },
  finish: {
    path: `${base}/finish`,
    input: z.object({
      id: formId,
      content: z.string().trim().min(1).max(REPAIR_CONTENT_MAX),
      parts: z.array(repairPartSchema).max(REPAIR_PARTS_MAX).default([]),
    }),
    output: noData,
    access: { perm: 'workorder_accept' },
    summary: 'The repairer finishes an accepted order with the repair content and the spare parts used',
  },
  end: {
    path: `${base}/end`,
    input: z.object({ id: formId, reason: z.string().trim().min(1).max(200) }),
    output: noData,
    access: { perm: 'workorder_end' },
    summary: 'Ends an open order early with a reason (workorder_end)',
  },
  upload: {
    path: `${base}/attachment/upload`,
    output: repairAttachmentSchema,
    body: 'multipart',
    summary:
      'Adds a photo (PNG, JPEG, WebP) or PDF to an open order (fields `id`, `file`; ≤ 5 MB; at most 10, 2801)',
  },
  attachment: {
    path: `${base}/attachment/download`,
    input: byId,
    output: noData,
    answer: 'file',
    summary: "An order's attachment as stored (answers the file)",
  },
  removeAttachment: {
    path: `${base}/attachment/delete`,
    input: byId,
    output: noData,
    summary: 'Deletes an attachment of an open order',
  },
  exportXlsx: {
    path: `${base}/export`,
    input: repairFilterSchema.extend({
      /** the reader's offset from UTC, for the times written in the sheet */
      utcOffsetMin: z.coerce.number().int().min(-840).max(840).default(0),
    }),
    output: noData,
    answer: 'file',
    summary: 'The orders of a filter as .xlsx (at most 5000, newest first)',
  },
  device: {
    path: `${base}/device`,
    input: pagingSchema.extend({ equipmentId: formId }),
    output: listPageOf(repairOrderRowSchema),
    summary: "A page of one device's repair orders, for its detail's Repair tab",
  },
  mine: {
    path: `${base}/mine`,
    output: z.array(repairOrderRowSchema),
    summary: "The caller's open orders: dispatched to or accepted by them (the worksheet)",
  },
  repairers: {
    path: `${base}/repairers`,
    output: z.array(repairAccountSchema),
    summary: 'Enabled accounts of the enterprise holding workorder_accept, for the dispatch picker',
  },
});
