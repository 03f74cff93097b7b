import { Err, type AlarmRuleInput, type AlarmRuleRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import * as repo from './alarmRules.repo';
import { addConfigRow, type ConfigAreaDescriptor } from './configArea';
import { requireOwnedRow, type OwnerInput } from './configOwner';

/** Alarm rules (docs/requirements/device-configuration.md §4); names may repeat. */
export const alarmRuleArea: ConfigAreaDescriptor<AlarmRuleInput, AlarmRuleRow, repo.AlarmRuleFilter> = {
  area: 'alarm',
  table: 'alarm_rules',
  counted: 'alarms',
  missing: Err.dataMissingOrNoAccess,
  addedDetail: (_r, id) => ({ ruleId: id }),
  idKey: 'ruleId',
  list: repo.alarmRulesOf,
  insert: repo.insertAlarmRule,
  update: repo.updateAlarmRule,
  remove: repo.deleteAlarmRule,
  // the rule's variable must belong to the same device or template
  check: (db, owner, r) => requireOwnedRow(db, owner, 'variables', r.variableId, Err.variableNotFound),
};

export const addAlarmRule = (db: Db, auth: AuthContext, input: OwnerInput, r: AlarmRuleInput, ip: string) =>
  addConfigRow(alarmRuleArea, db, auth, input, r, ip);
