import { z } from 'zod';
import { formBool, formId, listPageOf, pagingSchema } from '../validation/form';
import { createdId, defineCalls, noData } from './define';
import {
  SMART_REPORT_NAME_MAX,
  SMART_REPORT_REMARK_MAX,
  sheetModelSchema,
  smartReportCellSchema,
  smartReportScheduleSchema,
} from './excelModel';

export * from './excelModel';

/**
 * Smart reports, the Excel fill-in reports (docs/requirements/data-views.md §4, issue 18): report
 * templates under `/lfscada/excel/*` and their records under `/lfscada/excel/record/*`.
 * Managing templates needs `excel_manage`; generating and filling records needs `smart_report`;
 * reading a report, its records and a record needs either. A report or record of another
 * enterprise is 90002, a name taken 2122, more than 100 bound and fill cells 2603, generating by
 * hand where the report does not allow it 3301; a template that is not an .xlsx is 10007, one
 * over 5 MB 10008. JSON bodies; times in milliseconds since the epoch.
 */

const name = z.string().trim().min(1).max(SMART_REPORT_NAME_MAX);
const remark = z.string().trim().max(SMART_REPORT_REMARK_MAX).default('');

export const smartReportFieldsSchema = z.object({
  name,
  remark,
  allowManualStore: formBool.default(true),
  schedule: smartReportScheduleSchema.default({
    kind: 'none',
    times: [],
    weekday: 1,
    monthDay: 1,
    utcOffsetMin: 0,
  }),
});
export type SmartReportFieldsInput = z.input<typeof smartReportFieldsSchema>;
export const smartReportEditSchema = smartReportFieldsSchema.extend({ id: formId });
export type SmartReportEdit = z.infer<typeof smartReportEditSchema>;

/** A report template as the lists show it. */
export const smartReportRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  allowManualStore: z.boolean(),
  schedule: smartReportScheduleSchema,
  /** the uploaded workbook's file name; '' before one is uploaded */
  fileName: z.string(),
  fileSize: z.number().int(),
  fieldCount: z.number().int(),
  recordCount: z.number().int(),
  unfilledCount: z.number().int(),
  /** next scheduled generation; null without a schedule or template */
  nextRunAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SmartReportRow = z.infer<typeof smartReportRowSchema>;

export const smartReportInfoSchema = smartReportRowSchema.extend({
  cells: z.array(smartReportCellSchema),
});
export type SmartReportInfo = z.infer<typeof smartReportInfoSchema>;

/** A record: one generation of a report. */
export const smartReportRecordSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  name: z.string(),
  generatedAt: z.number(),
  periodFrom: z.number(),
  periodTo: z.number(),
  /** `schedule` or `manual` (generated on demand) */
  trigger: z.enum(['schedule', 'manual']),
  filled: z.boolean(),
  filledAt: z.number().nullable(),
  filledBy: z.string(),
});
export type SmartReportRecord = z.infer<typeof smartReportRecordSchema>;

/** A filled value: text, a number, a chosen option, a signature as a PNG or JPEG data URL, or empty. */
export const smartReportFillValueSchema = z.union([z.string(), z.number(), z.null()]);

export const smartReportFillSchema = z.object({
  recordId: formId,
  values: z.record(z.string(), smartReportFillValueSchema),
});
export type SmartReportFillInput = z.input<typeof smartReportFillSchema>;

const recordId = z.object({ recordId: formId });
const reportId = z.object({ id: formId });
const manage = { perm: 'excel_manage' } as const;
const use = { perm: 'smart_report' } as const;
const base = '/lfscada/excel';

export const smartReportVariableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  equipmentId: z.number().int(),
  equipmentName: z.string(),
});
export type SmartReportVariable = z.infer<typeof smartReportVariableSchema>;

export const excelCalls = defineCalls('excel', {
  queryAll: {
    path: `${base}/queryAll`,
    input: pagingSchema.extend({ keyword: z.string().trim().max(50).optional() }),
    output: listPageOf(smartReportRowSchema),
    access: manage,
    summary: "A page of the enterprise's report templates by name (excel_manage)",
  },
  reports: {
    path: `${base}/reports`,
    output: z.array(smartReportRowSchema),
    access: use,
    summary: 'The reports that have a template, for the monitor screens (smart_report)',
  },
  info: {
    path: `${base}/info`,
    input: reportId,
    output: smartReportInfoSchema,
    summary: 'One report template with its bound and fill cells (excel_manage or smart_report)',
  },
  add: {
    path: `${base}/add`,
    input: smartReportFieldsSchema,
    output: createdId,
    access: manage,
    summary: 'Adds a report template (its workbook is uploaded after)',
  },
  edit: {
    path: `${base}/edit`,
    input: smartReportEditSchema,
    output: noData,
    access: manage,
    summary: "Edits a report template's name, remark, manual storage and schedule",
  },
  remove: {
    path: `${base}/delete`,
    input: reportId,
    output: noData,
    access: manage,
    summary: 'Deletes a report template with its records',
  },
  upload: {
    path: `${base}/upload`,
    output: z.object({ fileName: z.string(), fileSize: z.number().int() }),
    access: manage,
    body: 'multipart',
    summary: 'Uploads the template workbook (.xlsx, field `id` and `file`, at most 5 MB)',
  },
  template: {
    path: `${base}/template`,
    input: reportId,
    output: sheetModelSchema,
    summary: "The template's first sheet as the browser renders it (excel_manage or smart_report)",
  },
  saveCells: {
    path: `${base}/cells/save`,
    // the field limit is checked by the service (2603), so the schema only bounds the body
    input: z.object({ id: formId, cells: z.array(smartReportCellSchema).max(1000) }),
    output: noData,
    access: manage,
    summary: 'Saves the bound and fill cells of a template (at most 100, 2603)',
  },
  variables: {
    path: `${base}/variables`,
    input: z.object({ keyword: z.string().trim().max(50).optional() }),
    output: z.array(smartReportVariableSchema),
    access: manage,
    summary: "The enterprise's device variables a cell can bind, at most 200, by device and name",
  },
  records: {
    path: `${base}/record/queryAll`,
    input: pagingSchema.extend({
      reportId: formId,
      filled: z.enum(['all', 'filled', 'unfilled']).default('all'),
    }),
    output: listPageOf(smartReportRecordSchema),
    summary: "A page of a report's records, newest first (excel_manage or smart_report)",
  },
  generate: {
    path: `${base}/record/generate`,
    input: reportId,
    output: smartReportRecordSchema,
    access: use,
    summary: 'Generates a record now from stored history (3301 where the report does not allow it)',
  },
  record: {
    path: `${base}/record/info`,
    input: recordId,
    output: z.object({
      record: smartReportRecordSchema,
      reportName: z.string(),
      fields: z.array(smartReportCellSchema),
      values: z.record(z.string(), smartReportFillValueSchema),
    }),
    summary: 'A record with its fill fields and filled values (excel_manage or smart_report)',
  },
  fill: {
    path: `${base}/record/fill`,
    input: smartReportFillSchema,
    output: noData,
    access: use,
    bodyLimit: 2 * 1024 * 1024,
    summary: "Saves a record's filled values (checked per field; signature PNG or JPEG ≤ 256 KB)",
  },
  read: {
    path: `${base}/record/read`,
    input: recordId,
    output: z.object({ record: smartReportRecordSchema, reportName: z.string(), sheet: sheetModelSchema }),
    summary: 'The filled workbook as the browser renders it (excel_manage or smart_report)',
  },
  download: {
    path: `${base}/record/download`,
    input: recordId,
    output: noData,
    answer: 'file',
    summary: 'The filled workbook (answers an .xlsx file; excel_manage or smart_report)',
  },
});
