import { z } from 'zod';

/**
 * Smart reports (docs/requirements/data-views.md §4): the shapes a report template is made of —
 * the cells bound to variables or marked as fill-in fields, the schedule, and the workbook as the
 * browser renders it (the first sheet of the uploaded .xlsx with its values and styles).
 */

/** Most bound and fill-in cells of one report (data-views.md §4.2, catalogue 2603). */
export const SMART_REPORT_FIELDS_MAX = 100;
/** Largest uploaded template (10008 above it). */
export const SMART_REPORT_TEMPLATE_MAX_BYTES = 5 * 1024 * 1024;
/** Most cells of the template's sheet that the browser renders (10008 above it). */
export const SMART_REPORT_CELLS_MAX = 20_000;
/** Largest signature image, decoded (10008 above it). */
export const SMART_REPORT_SIGNATURE_MAX_BYTES = 256 * 1024;
export const SMART_REPORT_NAME_MAX = 50;
export const SMART_REPORT_REMARK_MAX = 200;
/** Longest filled text; most options of a choice field. */
export const SMART_REPORT_TEXT_MAX = 500;
export const SMART_REPORT_OPTIONS_MAX = 20;

/** A cell address as Excel writes it: column letters then row number (`B7`). */
export const cellAddressSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,3}[1-9][0-9]{0,6}$/, 'cell address like B7');

/** How a bound cell takes its variable's stored history: the value at generation, or over the period. */
export const SMART_REPORT_AGGREGATES = ['value', 'avg', 'min', 'max', 'sum', 'first', 'last'] as const;
export type SmartReportAggregate = (typeof SMART_REPORT_AGGREGATES)[number];

/** The kinds of fill-in field. */
export const SMART_REPORT_FILL_KINDS = ['text', 'number', 'choice', 'signature'] as const;
export type SmartReportFillKind = (typeof SMART_REPORT_FILL_KINDS)[number];

const label = z.string().trim().min(1).max(50);
const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().finite().optional(),
);

/** One cell of a template bound to a variable or marked as a field people fill. */
export const smartReportCellSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('variable'),
    cell: cellAddressSchema,
    variableId: z.coerce.number().int().positive(),
    aggregate: z.enum(SMART_REPORT_AGGREGATES).default('value'),
  }),
  z.object({ kind: z.literal('text'), cell: cellAddressSchema, label, required: z.boolean().default(false) }),
  z
    .object({
      kind: z.literal('number'),
      cell: cellAddressSchema,
      label,
      required: z.boolean().default(false),
      min: optionalNumber,
      max: optionalNumber,
    })
    .refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, {
      message: 'min ≤ max',
      path: ['max'],
    }),
  z.object({
    kind: z.literal('choice'),
    cell: cellAddressSchema,
    label,
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(50)).min(1).max(SMART_REPORT_OPTIONS_MAX),
  }),
  z.object({
    kind: z.literal('signature'),
    cell: cellAddressSchema,
    label,
    required: z.boolean().default(false),
  }),
]);
export type SmartReportCell = z.infer<typeof smartReportCellSchema>;
export type SmartReportFillCell = Exclude<SmartReportCell, { kind: 'variable' }>;

export const SMART_REPORT_SCHEDULES = ['none', 'daily', 'shift', 'weekly', 'monthly'] as const;
export type SmartReportScheduleKind = (typeof SMART_REPORT_SCHEDULES)[number];

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');

/**
 * When records are generated: `daily` at `times[0]`, `shift` at each shift start in `times`,
 * `weekly` on `weekday` (1 Monday … 7 Sunday) at `times[0]`, `monthly` on `monthDay` (1-28) at
 * `times[0]`; each record covers the period since the previous run. `utcOffsetMin` is the
 * enterprise's local time offset from UTC in minutes (UTC+8 is 480), in which the times are read.
 */
export const smartReportScheduleSchema = z
  .object({
    kind: z.enum(SMART_REPORT_SCHEDULES).default('none'),
    times: z.array(clockTime).max(6).default([]),
    weekday: z.coerce.number().int().min(1).max(7).default(1),
    monthDay: z.coerce.number().int().min(1).max(28).default(1),
    utcOffsetMin: z.coerce.number().int().min(-720).max(840).default(0),
  })
  .refine((s) => s.kind === 'none' || s.times.length >= 1, { message: 'a time is needed', path: ['times'] })
  .refine((s) => s.kind === 'shift' || s.times.length <= 1, { message: 'one time only', path: ['times'] })
  .refine((s) => new Set(s.times).size === s.times.length, { message: 'times repeat', path: ['times'] });
export type SmartReportSchedule = z.infer<typeof smartReportScheduleSchema>;

/** A style of a rendered cell: only what the browser draws. */
const borderSide = z.object({ style: z.string(), color: z.string().nullable() });
export const sheetCellStyleSchema = z.object({
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strike: z.boolean().optional(),
  fontSize: z.number().optional(),
  fontName: z.string().optional(),
  /** `#rrggbb` */
  color: z.string().optional(),
  fill: z.string().optional(),
  hAlign: z.string().optional(),
  vAlign: z.string().optional(),
  wrap: z.boolean().optional(),
  numFmt: z.string().optional(),
  border: z
    .object({
      top: borderSide.optional(),
      left: borderSide.optional(),
      bottom: borderSide.optional(),
      right: borderSide.optional(),
    })
    .optional(),
});
export type SheetCellStyle = z.infer<typeof sheetCellStyleSchema>;

/** One cell with content or a style: its value as Excel stores it (a date as epoch ms with `date`). */
export const sheetCellSchema = z.object({
  row: z.number().int(),
  col: z.number().int(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  date: z.boolean().optional(),
  /** a signature image (data URL) placed in the cell */
  image: z.string().optional(),
  style: sheetCellStyleSchema.optional(),
});
export type SheetCell = z.infer<typeof sheetCellSchema>;

/** The first sheet of a workbook as the browser renders it. */
export const sheetModelSchema = z.object({
  name: z.string(),
  rowCount: z.number().int(),
  colCount: z.number().int(),
  /** merged ranges, `A1:C2` */
  merges: z.array(z.string()),
  /** column widths in Excel's character units, by 1-based column */
  colWidths: z.record(z.string(), z.number()),
  /** row heights in points, by 1-based row */
  rowHeights: z.record(z.string(), z.number()),
  cells: z.array(sheetCellSchema),
});
export type SheetModel = z.infer<typeof sheetModelSchema>;

/** 1-based column number of column letters (`A` 1, `AA` 27). */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Column letters of a 1-based column number. */
export function columnLetters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Row and column (1-based) of a cell address. */
export function cellPosition(address: string): { row: number; col: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(address);
  if (!m) throw new Error(`not a cell address: ${address}`);
  return { col: columnNumber(m[1]!), row: Number(m[2]) };
}

/** The cell address of a 1-based row and column. */
export const cellAddress = (row: number, col: number) => `${columnLetters(col)}${row}`;
