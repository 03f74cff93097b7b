import { z } from 'zod';
import { ALARM_CONDITIONS, ALARM_LEVELS, ALARM_METHODS, alarmRuleSchema } from '../device/alarmRule';
import { driverSchema, PROTOCOLS } from '../device/driver';
import { AGGREGATIONS, reportSchema, STORAGE_MODES } from '../device/report';
import { SCRIPT_STRATEGIES, scriptSchema } from '../device/script';
import {
  mappingEntrySchema,
  storedVariableFields,
  SUMMARY_AGGREGATIONS,
  SUMMARY_PERIODS,
  VARIABLE_KINDS,
  variableSchema,
} from '../device/variable';
import { formId, idListSchema, optionalId } from '../validation/form';
import { createdId, defineCalls, noData } from './define';
import { DRIVER_LINK_STATES } from '../protocol/messages';

/** Configuration rows belong to a device or to a template; calls name exactly one. */
export const configOwnerInput = z
  .object({
    equipmentId: optionalId.optional().default(null),
    templateId: optionalId.optional().default(null),
  })
  .refine((o) => (o.equipmentId === null) !== (o.templateId === null), {
    message: 'equipmentId or templateId',
  });
export type ConfigOwnerInput = z.output<typeof configOwnerInput>;

/**
 * What a device's gateway last reported of a driver's connection (docs/requirements/device-configuration.md
 * §2.5): ok and the fault's code, the state since when, the last good read, the last error with its
 * time, the reads and writes asked of it since the gateway started and how many failed, and when
 * the platform received it. Times are ISO text.
 */
export const driverLinkRow = z.object({
  ok: z.boolean(),
  code: z.number().int().nullable(),
  state: z.enum(DRIVER_LINK_STATES).nullable(),
  since: z.string().nullable(),
  lastReadAt: z.string().nullable(),
  lastErrorCode: z.number().int().nullable(),
  lastErrorAt: z.string().nullable(),
  requests: z.number().int().nullable(),
  errors: z.number().int().nullable(),
  reportedAt: z.string(),
});

/** A driver; secrets of its settings come back as '******'. */
export const driverRow = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: z.enum(PROTOCOLS),
  brand: z.string(),
  model: z.string(),
  /** protocol fields; secrets come back as '******' */
  settings: z.record(z.string(), z.unknown()),
  seq: z.number().int(),
  variableCount: z.number().int(),
  /** a device's driver as its gateway last reported it; null before any report (and for templates) */
  link: driverLinkRow.nullable().optional(),
});

/** A variable (signal) with its driver's name and its pin. */
export const variableRow = z.object({
  id: z.number().int(),
  kind: z.enum(VARIABLE_KINDS),
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  name: z.string(),
  key: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
  ...storedVariableFields,
  mapping: z.array(mappingEntrySchema),
  formula: z.string(),
  initialValue: z.string(),
  storeHistory: z.boolean(),
  seq: z.number().int(),
  pinned: z.enum(['top', 'bottom']).nullable(),
  /** data summary variables: the aggregated variables, the aggregation and the period */
  summarySources: z.array(z.number().int()),
  summaryAggregation: z.enum(SUMMARY_AGGREGATIONS).nullable(),
  summaryPeriod: z.enum(SUMMARY_PERIODS).nullable(),
});

/** An alarm rule with the name of the variable it watches. */
export const alarmRuleRow = z.object({
  id: z.number().int(),
  variableId: z.number().int(),
  variableName: z.string(),
  ruleType: z.enum(['00', '01']),
  condition: z.enum(ALARM_CONDITIONS),
  value: z.number().nullable(),
  value2: z.number().nullable(),
  level: z.enum(ALARM_LEVELS),
  content: z.string(),
  methods: z.array(z.enum(ALARM_METHODS)),
  filterCount: z.number().int(),
  voiceLoops: z.number().int(),
  enabled: z.boolean(),
});

/** A historical report with its variables in order. */
export const reportRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  storageMode: z.enum(STORAGE_MODES),
  intervalS: z.number().int().nullable(),
  expression: z.string(),
  enabled: z.boolean(),
  items: z.array(
    z.object({
      variableId: z.number().int(),
      variableName: z.string(),
      aggregation: z.enum(AGGREGATIONS),
    }),
  ),
});

/** A gateway script. */
export const scriptRow = z.object({
  id: z.number().int(),
  name: z.string(),
  strategy: z.enum(SCRIPT_STRATEGIES),
  intervalS: z.number().int().nullable(),
  condition: z.string(),
  body: z.string(),
  enabled: z.boolean(),
});

const byOwner = z.object({ owner: configOwnerInput });
const withOwner = <T extends z.ZodType>(item: T) => z.object({ owner: configOwnerInput, item });
const withOwnerAndId = <T extends z.ZodType>(item: T) =>
  z.object({ owner: configOwnerInput, id: formId, item });
const ownerAndId = z.object({ owner: configOwnerInput, id: formId });
const variableIds = z.object({ owner: configOwnerInput, ids: idListSchema(5000) });
const base = '/lfscada/equipment/multi';

/**
 * Configuration of a device or a template (docs/requirements/device-configuration.md §2–§6: driver,
 * variable, alarm rule, report, script), each call naming its owner by `equipmentId` or
 * `templateId`. No permission key on the call: devices need equipment_manage, templates
 * template_manage, and the server's owner check enforces whichever applies.
 */
export const deviceConfigCalls = defineCalls('device-config', {
  driverList: {
    path: `${base}/driver/query`,
    input: byOwner,
    output: z.array(driverRow),
    summary: "The owner's drivers with their variable counts",
  },
  driverAdd: {
    path: `${base}/driver/add`,
    input: withOwner(driverSchema),
    output: createdId,
    summary: 'Adds a driver (a device needs its gateway first)',
  },
  driverEdit: {
    path: `${base}/driver/edit`,
    input: withOwnerAndId(driverSchema),
    output: noData,
    summary: 'Edits a driver; a masked secret keeps the stored one',
  },
  driverDelete: {
    path: `${base}/driver/delete`,
    input: ownerAndId,
    output: noData,
    summary: 'Deletes a driver with its variables',
  },
  variableList: {
    path: `${base}/variable/query`,
    input: byOwner.extend({
      driverId: formId.optional(),
      keyword: z.string().trim().max(50).optional(),
    }),
    output: z.array(variableRow),
    summary: "The owner's variables (pinned first, then by sort order), by driver and keyword",
  },
  variableAdd: {
    path: `${base}/variable/add`,
    input: withOwner(variableSchema),
    output: createdId,
    summary: 'Adds a variable',
  },
  variableEdit: {
    path: `${base}/variable/edit`,
    input: withOwnerAndId(variableSchema),
    output: noData,
    summary: 'Edits a variable',
  },
  variableDelete: {
    path: `${base}/variable/delete`,
    input: variableIds,
    output: noData,
    summary: 'Deletes variables (at most 5000 at once)',
  },
  variablePin: {
    path: `${base}/variable/pin`,
    input: ownerAndId.extend({ pinned: z.enum(['top', 'bottom', 'none']) }),
    output: noData,
    summary: 'Pins a variable to the top or bottom, or unpins it',
  },
  variableSort: {
    path: `${base}/variable/sort`,
    input: variableIds,
    output: noData,
    summary: 'Orders the listed variables, the first ranking highest',
  },
  alarmList: {
    path: `${base}/alarm/query`,
    input: byOwner.extend({ ruleType: z.enum(['00', '01']).optional() }),
    output: z.array(alarmRuleRow),
    summary: "The owner's alarm rules, optionally of one rule type",
  },
  alarmAdd: {
    path: `${base}/alarm/add`,
    input: withOwner(alarmRuleSchema),
    output: createdId,
    summary: 'Adds an alarm rule',
  },
  alarmEdit: {
    path: `${base}/alarm/edit`,
    input: withOwnerAndId(alarmRuleSchema),
    output: noData,
    summary: 'Edits an alarm rule',
  },
  alarmDelete: {
    path: `${base}/alarm/delete`,
    input: ownerAndId,
    output: noData,
    summary: 'Deletes an alarm rule',
  },
  reportList: {
    path: `${base}/report/query`,
    input: byOwner,
    output: z.array(reportRow),
    summary: "The owner's historical reports with their variables",
  },
  reportAdd: {
    path: `${base}/report/add`,
    input: withOwner(reportSchema),
    output: createdId,
    summary: 'Adds a historical report',
  },
  reportEdit: {
    path: `${base}/report/edit`,
    input: withOwnerAndId(reportSchema),
    output: noData,
    summary: 'Edits a historical report',
  },
  reportDelete: {
    path: `${base}/report/delete`,
    input: ownerAndId,
    output: noData,
    summary: 'Deletes a historical report',
  },
  scriptList: {
    path: `${base}/script/query`,
    input: byOwner,
    output: z.array(scriptRow),
    summary: "The owner's gateway scripts",
  },
  scriptAdd: {
    path: `${base}/script/add`,
    input: withOwner(scriptSchema),
    output: createdId,
    summary: 'Adds a gateway script',
  },
  scriptEdit: {
    path: `${base}/script/edit`,
    input: withOwnerAndId(scriptSchema),
    output: noData,
    summary: 'Edits a gateway script',
  },
  scriptDelete: {
    path: `${base}/script/delete`,
    input: ownerAndId,
    output: noData,
    summary: 'Deletes a gateway script',
  },
});
