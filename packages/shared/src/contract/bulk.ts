import { z } from 'zod';
import { equipmentQuerySchema } from '../device/equipment';
import { defineCalls, noData } from './define';
import { configOwnerInput } from './deviceConfig';

/** A started import: the job the browser polls. */
export const bulkJobStarted = z.object({ jobId: z.string() });

/** A long import as the browser polls it for its progress bar and error report. */
export const bulkJobView = z.object({
  jobId: z.string(),
  /** what is imported: `variables` or `devices` */
  kind: z.string(),
  state: z.enum(['running', 'completed', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  errors: z.array(
    z.object({
      /** spreadsheet row, 1-based as Excel shows it; null for a problem of the whole file */
      row: z.number().int().nullable(),
      /** the column's label in the caller's language; null when no one column is at fault */
      column: z.string().nullable(),
      /** the column's key in the sheet */
      field: z.string().nullable(),
      code: z.number().int(),
      /** the catalogue message with its detail, in the caller's language */
      message: z.string(),
    }),
  ),
  /** what a completed job did (how many rows it created); null before it completes or when it failed */
  result: z.object({ created: z.number().int() }).nullable(),
});

const manage = { perm: 'equipment_manage' } as const;
const base = '/lfscada/equipment/multi';
const spreadsheet = 'answers an .xlsx file';

/**
 * Bulk work of docs/requirements/devices-and-gateways.md §10: variables and devices to and from
 * .xlsx with a downloadable template; imports run as jobs the browser polls.
 */
export const bulkCalls = defineCalls('bulk', {
  variableExport: {
    path: `${base}/variable/exportXlsx`,
    input: z.object({ owner: configOwnerInput }),
    output: noData,
    answer: 'file',
    summary: `The variables of a device or template as a sheet (${spreadsheet})`,
  },
  variableTemplate: {
    path: `${base}/variable/templateXlsx`,
    input: z.object({ owner: configOwnerInput.optional() }),
    output: noData,
    answer: 'file',
    summary: `The variable import template, with the owner's drivers when one is named (${spreadsheet})`,
  },
  variableImport: {
    path: `${base}/variable/importXlsx`,
    output: bulkJobStarted,
    body: 'multipart',
    summary:
      'Starts importing variables from an .xlsx file (field `owner`: JSON of equipmentId or templateId)',
  },
  deviceExport: {
    path: `${base}/exportXlsx`,
    input: equipmentQuerySchema,
    output: noData,
    access: manage,
    answer: 'file',
    summary: `The devices of the list's filters as a sheet (${spreadsheet})`,
  },
  deviceTemplate: {
    path: `${base}/templateXlsx`,
    output: noData,
    access: manage,
    answer: 'file',
    summary: `The device import template (${spreadsheet})`,
  },
  deviceImport: {
    path: `${base}/importXlsx`,
    output: bulkJobStarted,
    access: manage,
    body: 'multipart',
    summary: 'Starts importing devices from an .xlsx file',
  },
  job: {
    path: '/lfscada/bulk/job',
    input: z.object({ jobId: z.string().trim().uuid() }),
    output: bulkJobView,
    summary: "Progress and outcome of an import of the caller's enterprise",
  },
});
