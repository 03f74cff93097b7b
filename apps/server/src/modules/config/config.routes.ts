import type { FastifyInstance } from 'fastify';
import { deviceConfigCalls as calls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as drivers from './drivers';
import * as variables from './variables';
import * as alarms from './alarmRules';
import * as reports from './reports';
import * as scripts from './scripts';

/**
 * Configuration of a device or a template (docs/requirements/device-configuration.md §2–§6: driver, variable,
 * alarm rule, report, script), under /lfscada/equipment/multi/<area>/... with `equipmentId` or `templateId`.
 * Devices need equipment_manage, templates template_manage; the owner check (resolveOwner) enforces both.
 */
export function configRoutes(app: FastifyInstance, { db }: AppContext): void {
  // drivers
  handle(app, calls.driverList, ({ input, auth }) => drivers.listDrivers(db, auth, input.owner));
  handle(app, calls.driverAdd, async ({ input, auth, req }) => ({
    id: await drivers.addDriver(db, auth, input.owner, input.item, req.ip),
  }));
  handle(app, calls.driverEdit, ({ input, auth, req }) =>
    drivers.editDriver(db, auth, input.owner, input.id, input.item, req.ip),
  );
  handle(app, calls.driverDelete, ({ input, auth, req }) =>
    drivers.deleteDriver(db, auth, input.owner, input.id, req.ip),
  );

  // variables
  handle(app, calls.variableList, ({ input, auth }) =>
    variables.listVariables(db, auth, { ...input.owner, driverId: input.driverId, keyword: input.keyword }),
  );
  handle(app, calls.variableAdd, async ({ input, auth, req }) => ({
    id: await variables.addVariable(db, auth, input.owner, input.item, req.ip),
  }));
  handle(app, calls.variableEdit, ({ input, auth, req }) =>
    variables.editVariable(db, auth, input.owner, input.id, input.item, req.ip),
  );
  handle(app, calls.variableDelete, ({ input, auth, req }) =>
    variables.deleteVariables(db, auth, input.owner, input.ids, req.ip),
  );
  handle(app, calls.variablePin, ({ input, auth }) =>
    variables.pinVariable(db, auth, input.owner, input.id, input.pinned === 'none' ? null : input.pinned),
  );
  handle(app, calls.variableSort, ({ input, auth }) =>
    variables.sortVariables(db, auth, input.owner, input.ids),
  );

  // alarm rules
  handle(app, calls.alarmList, ({ input, auth }) =>
    alarms.listAlarmRules(db, auth, { ...input.owner, ruleType: input.ruleType }),
  );
  handle(app, calls.alarmAdd, async ({ input, auth, req }) => ({
    id: await alarms.addAlarmRule(db, auth, input.owner, input.item, req.ip),
  }));
  handle(app, calls.alarmEdit, ({ input, auth, req }) =>
    alarms.editAlarmRule(db, auth, input.owner, input.id, input.item, req.ip),
  );
  handle(app, calls.alarmDelete, ({ input, auth, req }) =>
    alarms.deleteAlarmRule(db, auth, input.owner, input.id, req.ip),
  );

  // reports
  handle(app, calls.reportList, ({ input, auth }) => reports.listReports(db, auth, input.owner));
  handle(app, calls.reportAdd, async ({ input, auth, req }) => ({
    id: await reports.addReport(db, auth, input.owner, input.item, req.ip),
  }));
  handle(app, calls.reportEdit, ({ input, auth, req }) =>
    reports.editReport(db, auth, input.owner, input.id, input.item, req.ip),
  );
  handle(app, calls.reportDelete, ({ input, auth, req }) =>
    reports.deleteReport(db, auth, input.owner, input.id, req.ip),
  );

  // scripts
  handle(app, calls.scriptList, ({ input, auth }) => scripts.listScripts(db, auth, input.owner));
  handle(app, calls.scriptAdd, async ({ input, auth, req }) => ({
    id: await scripts.addScript(db, auth, input.owner, input.item, req.ip),
  }));
  handle(app, calls.scriptEdit, ({ input, auth, req }) =>
    scripts.editScript(db, auth, input.owner, input.id, input.item, req.ip),
  );
  handle(app, calls.scriptDelete, ({ input, auth, req }) =>
    scripts.deleteScript(db, auth, input.owner, input.id, req.ip),
  );
}
