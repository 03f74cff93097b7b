import { z } from 'zod';
import { SUMMARY_AGGREGATIONS, SUMMARY_PERIODS } from '../device/variable';
import { formId } from '../validation/form';
import { answerTime, defineCalls } from './define';

const time = z.coerce.date().refine((d) => d.getTime() >= 0, 'date before 1970');

/** A group (with its subgroups) to narrow the summary screen to; all visible devices without it. */
export const summaryTotalsInput = z.object({ groupId: formId.optional() });
export type SummaryTotalsInput = z.output<typeof summaryTotalsInput>;

/** Stored results of up to 10 summary variables over a range of at most 366 days. */
export const summaryHistoryInput = z.object({
  variableIds: z.array(formId).min(1).max(10),
  startTime: time,
  endTime: time,
});
export type SummaryHistoryInput = z.output<typeof summaryHistoryInput>;

/** The closed periods of one summary variable that overlap the range (at most 366 days). */
export const summaryRecomputeInput = z.object({ variableId: formId, startTime: time, endTime: time });
export type SummaryRecomputeInput = z.output<typeof summaryRecomputeInput>;

/** A summary variable as the summary screen lists it. */
export const summaryVariableRow = z.object({
  id: z.coerce.number().int(),
  name: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
  equipmentId: z.coerce.number().int(),
  equipmentName: z.string(),
  groupId: z.coerce.number().int().nullable(),
  aggregation: z.enum(SUMMARY_AGGREGATIONS),
  period: z.enum(SUMMARY_PERIODS),
  sourceCount: z.number().int(),
  /** end of the last period the scheduler computed; null before its first run */
  doneUntil: answerTime.nullable(),
});
export type SummaryVariableRow = z.output<typeof summaryVariableRow>;

/** A variable a summary may aggregate, with its device. */
export const summarySourceRow = z.object({
  id: z.coerce.number().int(),
  name: z.string(),
  unit: z.string(),
  equipmentId: z.coerce.number().int(),
  equipmentName: z.string(),
  groupId: z.coerce.number().int().nullable(),
});
export type SummarySourceRow = z.output<typeof summarySourceRow>;

/** One summary variable's stored results: [period start in ms, value], oldest first. */
export const summarySeries = z.object({
  variableId: z.number().int(),
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type SummarySeries = z.output<typeof summarySeries>;

/** The enterprise totals of the summary screen. */
export const summaryTotals = z.object({
  devices: z.number().int(),
  online: z.number().int(),
  /** online / devices, 0 without devices */
  onlineShare: z.number(),
  alarmsToday: z.number().int(),
  writesToday: z.number().int(),
  /** start of today in the summary time zone */
  since: answerTime,
});
export type SummaryTotals = z.output<typeof summaryTotals>;

const view = { perm: 'summary_view' } as const;
const base = '/lfscada/monitor/summary';

/**
 * The data summary (docs/requirements/data-views.md §2): summary variables are defined with the
 * variable calls of deviceConfig (kind `summary`); these list them, read and recompute their
 * results, and answer the enterprise totals, over the devices the caller may see.
 */
export const summaryCalls = defineCalls('summary', {
  variables: {
    path: `${base}/variables`,
    input: summaryTotalsInput,
    output: z.array(summaryVariableRow),
    access: view,
    summary: 'Summary variables on the devices the caller may see, optionally of a group',
  },
  sources: {
    path: `${base}/sources`,
    output: z.array(summarySourceRow),
    access: { perm: 'equipment_manage' },
    summary: 'Variables a summary variable may aggregate (numeric, not summaries), with their devices',
  },
  history: {
    path: `${base}/history`,
    input: summaryHistoryInput,
    output: z.array(summarySeries),
    access: view,
    summary: "Summary variables' stored results over a range (at most 366 days)",
  },
  recompute: {
    path: `${base}/recompute`,
    input: summaryRecomputeInput,
    output: z.object({ periods: z.number().int() }),
    access: view,
    summary: "Recomputes a summary variable's closed periods in a range from stored history",
  },
  totals: {
    path: `${base}/totals`,
    input: summaryTotalsInput,
    output: summaryTotals,
    access: view,
    summary: 'Devices, share online, alarms raised and writes sent today, optionally of a group',
  },
});
