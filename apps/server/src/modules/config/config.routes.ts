import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { deviceConfigCalls as calls, type CallDef } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { handle } from '../../http/route';
import { alarmRuleArea } from './alarmRules';
import {
  addConfigRow,
  deleteConfigRow,
  editConfigRow,
  listConfigRows,
  type ConfigAreaDescriptor,
} from './configArea';
import type { OwnerInput } from './configOwner';
import { driverArea } from './drivers';
import { reportArea } from './reports';
import { scriptArea } from './scripts';
import * as variables from './variables';

/** A call whose input schema parses to `T` (and whose answer is `R`). */
type CallOf<T, R = unknown> = CallDef<z.ZodType<T>, z.ZodType<unknown, R>>;

/** The list, add, edit and delete calls of one area as the contract defines them. */
interface AreaCalls<Item, Row, Filter> {
  /** fields of the input besides `owner` are the area's list filters */
  list: CallOf<{ owner: OwnerInput } & Filter, Row[]>;
  add: CallOf<{ owner: OwnerInput; item: Item }>;
  edit: CallOf<{ owner: OwnerInput; id: number; item: Item }>;
  /** absent when the area's delete call names several rows (variables) */
  delete?: CallOf<{ owner: OwnerInput; id: number }>;
}

/**
 * Registers an area's list, add, edit and single-row delete calls from its descriptor. `calls`
 * is checked against the descriptor's item and filter types here, so the handlers below may read
 * each call's input as that shape; the answers are checked against the contract in tests.
 */
function registerArea<Item, Row, Filter, Current>(
  app: FastifyInstance,
  db: Db,
  area: ConfigAreaDescriptor<Item, Row, Filter, Current>,
  defs: NoInfer<AreaCalls<Item, Row, Filter>>,
): void {
  const on = <I>(def: CallOf<I>, run: (input: I, auth: AuthContext, ip: string) => Promise<unknown>) =>
    handle<CallDef<z.ZodType>>(app, def, ({ input, auth, req }) => run(input as I, auth, req.ip));

  on(defs.list, ({ owner, ...filter }, auth) => listConfigRows(area, db, auth, owner, filter as Filter));
  on(defs.add, async ({ owner, item }, auth, ip) => ({
    id: await addConfigRow(area, db, auth, owner, item, ip),
  }));
  on(defs.edit, ({ owner, id, item }, auth, ip) => editConfigRow(area, db, auth, owner, id, item, ip));
  const { remove } = area;
  if (defs.delete && remove)
    on(defs.delete, ({ owner, id }, auth, ip) =>
      deleteConfigRow({ ...area, remove }, db, auth, owner, id, ip),
    );
}

/**
 * Configuration of a device or a template (docs/requirements/device-configuration.md §2–§6: driver, variable,
 * alarm rule, report, script), under /lfscada/equipment/multi/<area>/... with `equipmentId` or `templateId`.
 * Devices need equipment_manage, templates template_manage; the owner check (resolveOwner) enforces both.
 */
export function configRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerArea(app, db, driverArea, {
    list: calls.driverList,
    add: calls.driverAdd,
    edit: calls.driverEdit,
    delete: calls.driverDelete,
  });
  registerArea(app, db, variables.variableArea, {
    list: calls.variableList,
    add: calls.variableAdd,
    edit: calls.variableEdit,
  });
  registerArea(app, db, alarmRuleArea, {
    list: calls.alarmList,
    add: calls.alarmAdd,
    edit: calls.alarmEdit,
    delete: calls.alarmDelete,
  });
  registerArea(app, db, reportArea, {
    list: calls.reportList,
    add: calls.reportAdd,
    edit: calls.reportEdit,
    delete: calls.reportDelete,
  });
  registerArea(app, db, scriptArea, {
    list: calls.scriptList,
    add: calls.scriptAdd,
    edit: calls.scriptEdit,
    delete: calls.scriptDelete,
  });

  // variables: the delete call names several rows; pin and sort are theirs alone (§3.7)
  handle(app, calls.variableDelete, ({ input, auth, req }) =>
    variables.deleteVariables(db, auth, input.owner, input.ids, req.ip),
  );
  handle(app, calls.variablePin, ({ input, auth }) =>
    variables.pinVariable(db, auth, input.owner, input.id, input.pinned === 'none' ? null : input.pinned),
  );
  handle(app, calls.variableSort, ({ input, auth }) =>
    variables.sortVariables(db, auth, input.owner, input.ids),
  );
}
