import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  alarmRuleSchema,
  driverSchema,
  formId,
  idListSchema,
  reportSchema,
  scriptSchema,
  variableSchema,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import { ownerInput } from './configOwner';
import * as drivers from './drivers';
import * as variables from './variables';
import * as alarms from './alarmRules';
import * as reports from './reports';
import * as scripts from './scripts';

// permission (equipment_manage or template_manage) depends on the owner: resolveOwner checks it
const manage = {} as const;
const idList = idListSchema(5000);

/**
 * Configuration of a device or a template (docs/requirements/device-configuration.md §2–§6: driver, variable,
 * alarm rule, report, script), under /lfscada/equipment/multi/<area>/... with `equipmentId` or `templateId`.
 * Devices need equipment_manage, templates template_manage; the owner check enforces both.
 */
export function configRoutes(app: FastifyInstance, { db }: AppContext): void {
  const base = '/lfscada/equipment/multi';
  const withOwner = <T extends z.ZodType>(schema: T) => z.object({ owner: ownerInput, item: schema });
  const withOwnerAndId = <T extends z.ZodType>(schema: T) =>
    z.object({ owner: ownerInput, id: formId, item: schema });
  const ownerAndId = z.object({ owner: ownerInput, id: formId });

  // drivers
  call(
    app,
    `${base}/driver/query`,
    { input: z.object({ owner: ownerInput }), access: manage },
    ({ input, auth }) => drivers.listDrivers(db, auth, input.owner),
  );
  call(
    app,
    `${base}/driver/add`,
    { input: withOwner(driverSchema), access: manage },
    async ({ input, auth, req }) => ({
      id: await drivers.addDriver(db, auth, input.owner, input.item, req.ip),
    }),
  );
  call(
    app,
    `${base}/driver/edit`,
    { input: withOwnerAndId(driverSchema), access: manage },
    ({ input, auth, req }) => drivers.editDriver(db, auth, input.owner, input.id, input.item, req.ip),
  );
  call(app, `${base}/driver/delete`, { input: ownerAndId, access: manage }, ({ input, auth, req }) =>
    drivers.deleteDriver(db, auth, input.owner, input.id, req.ip),
  );

  // variables
  call(
    app,
    `${base}/variable/query`,
    {
      input: z.object({
        owner: ownerInput,
        driverId: formId.optional(),
        keyword: z.string().trim().max(50).optional(),
      }),
      access: manage,
    },
    ({ input, auth }) =>
      variables.listVariables(db, auth, { ...input.owner, driverId: input.driverId, keyword: input.keyword }),
  );
  call(
    app,
    `${base}/variable/add`,
    { input: withOwner(variableSchema), access: manage },
    async ({ input, auth, req }) => ({
      id: await variables.addVariable(db, auth, input.owner, input.item, req.ip),
    }),
  );
  call(
    app,
    `${base}/variable/edit`,
    { input: withOwnerAndId(variableSchema), access: manage },
    ({ input, auth, req }) => variables.editVariable(db, auth, input.owner, input.id, input.item, req.ip),
  );
  call(
    app,
    `${base}/variable/delete`,
    { input: z.object({ owner: ownerInput, ids: idList }), access: manage },
    ({ input, auth, req }) => variables.deleteVariables(db, auth, input.owner, input.ids, req.ip),
  );
  call(
    app,
    `${base}/variable/pin`,
    { input: ownerAndId.extend({ pinned: z.enum(['top', 'bottom', 'none']) }), access: manage },
    ({ input, auth }) =>
      variables.pinVariable(db, auth, input.owner, input.id, input.pinned === 'none' ? null : input.pinned),
  );
  call(
    app,
    `${base}/variable/sort`,
    { input: z.object({ owner: ownerInput, ids: idList }), access: manage },
    ({ input, auth }) => variables.sortVariables(db, auth, input.owner, input.ids),
  );

  // alarm rules
  call(
    app,
    `${base}/alarm/query`,
    { input: z.object({ owner: ownerInput, ruleType: z.enum(['00', '01']).optional() }), access: manage },
    ({ input, auth }) => alarms.listAlarmRules(db, auth, { ...input.owner, ruleType: input.ruleType }),
  );
  call(
    app,
    `${base}/alarm/add`,
    { input: withOwner(alarmRuleSchema), access: manage },
    async ({ input, auth, req }) => ({
      id: await alarms.addAlarmRule(db, auth, input.owner, input.item, req.ip),
    }),
  );
  call(
    app,
    `${base}/alarm/edit`,
    { input: withOwnerAndId(alarmRuleSchema), access: manage },
    ({ input, auth, req }) => alarms.editAlarmRule(db, auth, input.owner, input.id, input.item, req.ip),
  );
  call(app, `${base}/alarm/delete`, { input: ownerAndId, access: manage }, ({ input, auth, req }) =>
    alarms.deleteAlarmRule(db, auth, input.owner, input.id, req.ip),
  );

  // reports
  call(
    app,
    `${base}/report/query`,
    { input: z.object({ owner: ownerInput }), access: manage },
    ({ input, auth }) => reports.listReports(db, auth, input.owner),
  );
  call(
    app,
    `${base}/report/add`,
    { input: withOwner(reportSchema), access: manage },
    async ({ input, auth, req }) => ({
      id: await reports.addReport(db, auth, input.owner, input.item, req.ip),
    }),
  );
  call(
    app,
    `${base}/report/edit`,
    { input: withOwnerAndId(reportSchema), access: manage },
    ({ input, auth, req }) => reports.editReport(db, auth, input.owner, input.id, input.item, req.ip),
  );
  call(app, `${base}/report/delete`, { input: ownerAndId, access: manage }, ({ input, auth, req }) =>
    reports.deleteReport(db, auth, input.owner, input.id, req.ip),
  );

  // scripts
  call(
    app,
    `${base}/script/query`,
    { input: z.object({ owner: ownerInput }), access: manage },
    ({ input, auth }) => scripts.listScripts(db, auth, input.owner),
  );
  call(
    app,
    `${base}/script/add`,
    { input: withOwner(scriptSchema), access: manage },
    async ({ input, auth, req }) => ({
      id: await scripts.addScript(db, auth, input.owner, input.item, req.ip),
    }),
  );
  call(
    app,
    `${base}/script/edit`,
    { input: withOwnerAndId(scriptSchema), access: manage },
    ({ input, auth, req }) => scripts.editScript(db, auth, input.owner, input.id, input.item, req.ip),
  );
  call(app, `${base}/script/delete`, { input: ownerAndId, access: manage }, ({ input, auth, req }) =>
    scripts.deleteScript(db, auth, input.owner, input.id, req.ip),
  );
}
