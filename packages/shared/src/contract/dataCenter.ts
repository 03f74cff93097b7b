import { z } from 'zod';
import { timeInput, utcOffsetInput } from '../live/monitorCalls';
import { formId, listPageOf, pagingSchema } from '../validation/form';
import { createdId, defineCalls, noData } from './define';

/**
 * The data center of docs/requirements/data-views.md §3: history across devices and variables,
 * raw or aggregated by interval, saved queries and .xlsx exports run as background jobs. Every
 * call needs `data_center`, sees only the caller's devices, and answers 2615 while the
 * enterprise has the data center disabled.
 */

/** Variables one query may name (a chart stays readable, a table page stays small). */
export const DATA_CENTER_MAX_VARIABLES = 20;
/** Rows one export may hold (an .xlsx sheet ends at 1,048,576 rows); more is refused with 10001. */
export const DATA_CENTER_EXPORT_MAX_ROWS = 1_000_000;
/** Aggregation intervals in seconds: 1 min, 5 min, 15 min, 1 h, 6 h, 1 day. */
export const DATA_CENTER_INTERVALS = [60, 300, 900, 3600, 21_600, 86_400] as const;

const variableIds = z
  .union([z.array(formId), formId.transform((id) => [id])])
  .pipe(z.array(z.number()).min(1).max(DATA_CENTER_MAX_VARIABLES))
  .transform((ids) => [...new Set(ids)]);

/** What a query asks: variables (of any of the caller's devices), a range, raw or by interval. */
export const dataCenterQuerySchema = z.object({
  variableIds,
  startTime: timeInput,
  endTime: timeInput,
  mode: z.enum(['raw', 'aggregated']).default('raw'),
  /** seconds per bucket in aggregated mode */
  interval: z.coerce
    .number()
    .int()
    .refine((s) => (DATA_CENTER_INTERVALS as readonly number[]).includes(s), 'not an offered interval')
    .default(3600),
  /** buckets of a day and more start at the reader's midnight (default UTC+8) */
  utcOffsetMinutes: utcOffsetInput,
});
export type DataCenterQuery = z.output<typeof dataCenterQuerySchema>;
/** The saved form of a query: what the screen restores (the range as given, the mode, the interval). */
export type DataCenterQueryInput = z.input<typeof dataCenterQuerySchema>;

/** One variable of the tree. */
export const dataCenterVariableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  dataType: z.string(),
  /** whether the gateway stores its history (others may still have values from earlier) */
  storeHistory: z.boolean(),
});

/** The caller's devices with their variables, and the enterprise's groups to hang them under. */
export const dataCenterTreeSchema = z.object({
  groups: z.array(
    z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string() }),
  ),
  devices: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      groupId: z.number().int().nullable(),
      variables: z.array(dataCenterVariableSchema),
    }),
  ),
});
export type DataCenterTree = z.output<typeof dataCenterTreeSchema>;

/** A bucket's aggregates over the numeric values in it. */
export const bucketAggregatesSchema = z.object({
  avg: z.number(),
  min: z.number(),
  max: z.number(),
  first: z.number(),
  last: z.number(),
  count: z.number().int(),
});

/** A row of the table: one stored value (raw) or one bucket of one variable (aggregated). */
export const dataCenterRowSchema = z.object({
  /** the value's time, or the bucket's start */
  ts: z.number(),
  equipmentId: z.number().int(),
  device: z.string(),
  variableId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  /** raw mode: the stored value; aggregated: null */
  value: z.union([z.number(), z.string()]).nullable(),
  /** raw mode: the value's quality code (0 good) */
  quality: z.number().int().nullable(),
  /** aggregated mode: the bucket's aggregates */
  agg: bucketAggregatesSchema.nullable(),
});
export type DataCenterRow = z.output<typeof dataCenterRowSchema>;

export const dataCenterChartSchema = z.object({
  from: z.number(),
  to: z.number(),
  /** raw mode: more points lay in the range than were read (the curve starts later) */
  truncated: z.boolean(),
  series: z.array(
    z.object({
      variableId: z.number().int(),
      equipmentId: z.number().int(),
      device: z.string(),
      name: z.string(),
      unit: z.string(),
      /** [time ms, value] ascending: raw values downsampled, or each bucket's average */
      points: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
});
export type DataCenterChart = z.output<typeof dataCenterChartSchema>;

const savedName = z.string().trim().min(1).max(50);

export const savedQuerySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the query as saved (variables, range, mode, interval) */
  query: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export type SavedQuery = z.output<typeof savedQuerySchema>;

export const exportJobSchema = z.object({
  jobId: z.string(),
  state: z.enum(['running', 'completed', 'failed']),
  /** rows written so far */
  done: z.number().int(),
  /** rows the export will hold */
  total: z.number().int(),
  filename: z.string(),
  /** the catalogue message of a failed job, in the caller's language */
  error: z.string().nullable(),
});
export type ExportJob = z.output<typeof exportJobSchema>;

const access = { perm: 'data_center' } as const;
const base = '/lfscada/monitor/datacenter';
const byJob = z.object({ jobId: z.string().uuid() });

export const dataCenterCalls = defineCalls('data-center', {
  tree: {
    path: `${base}/tree`,
    output: dataCenterTreeSchema,
    access,
    summary: "The caller's devices and their variables, with the enterprise's groups",
  },
  query: {
    path: `${base}/query`,
    input: dataCenterQuerySchema.extend(pagingSchema.shape),
    output: listPageOf(dataCenterRowSchema),
    access,
    summary: 'A page of values (raw) or buckets (aggregated) of the variables in a range of 30 days at most',
  },
  chart: {
    path: `${base}/chart`,
    input: dataCenterQuerySchema.extend({ width: z.coerce.number().int().min(10).max(4000).default(1000) }),
    output: dataCenterChartSchema,
    access,
    summary: 'The series of the variables in the range: raw values downsampled, or bucket averages',
  },
  savedList: {
    path: `${base}/saved/list`,
    output: z.array(savedQuerySchema),
    access,
    summary: "The caller's saved queries, by name",
  },
  savedAdd: {
    path: `${base}/saved/add`,
    input: z.object({ name: savedName, query: dataCenterQuerySchema }),
    output: createdId,
    access,
    summary: 'Saves a query under a name unique among the caller’s saved queries (90006)',
  },
  savedRename: {
    path: `${base}/saved/rename`,
    input: z.object({ id: formId, name: savedName }),
    output: noData,
    access,
    summary: 'Renames one of the caller’s saved queries',
  },
  savedDelete: {
    path: `${base}/saved/delete`,
    input: z.object({ id: formId }),
    output: noData,
    access,
    summary: 'Deletes one of the caller’s saved queries',
  },
  exportStart: {
    path: `${base}/export/start`,
    input: dataCenterQuerySchema,
    output: z.object({ jobId: z.string() }),
    access,
    summary: `Starts writing the query's rows to .xlsx in the background (at most ${DATA_CENTER_EXPORT_MAX_ROWS} rows)`,
  },
  exportJob: {
    path: `${base}/export/job`,
    input: byJob,
    output: exportJobSchema,
    access,
    summary: 'Progress of an export the caller started',
  },
  exportDownload: {
    path: `${base}/export/download`,
    input: byJob,
    output: noData,
    access,
    answer: 'file',
    summary: 'The workbook of a completed export the caller started (answers an .xlsx file)',
  },
});
