import type { AlarmRuleInput, AlarmRuleRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { ConfigOwner } from './configOwner';

const columns = `r.id, r.variable_id as "variableId", v.name as "variableName", r.rule_type as "ruleType", r.condition, r.value,
  r.value2, r.level, r.content, r.methods, r.filter_count as "filterCount", r.voice_loops as "voiceLoops", r.enabled`;

/** Filter of the alarm-rule list: one rule type ('00' or '01'). */
export interface AlarmRuleFilter {
  ruleType?: '00' | '01';
}

export function alarmRulesOf(db: Db, owner: ConfigOwner, filter: AlarmRuleFilter): Promise<AlarmRuleRow[]> {
  return db.query<AlarmRuleRow>(
    `select ${columns} from alarm_rules r join variables v on v.id = r.variable_id
      where r.${owner.column} = $1 and ($2::text is null or r.rule_type = $2) order by r.id`,
    [owner.id, filter.ruleType ?? null],
  );
}

const values = (r: AlarmRuleInput) => [
  r.variableId,
  r.ruleType,
  r.condition,
  r.value,
  r.value2,
  r.level,
  r.content,
  r.methods,
  r.filterCount,
  r.voiceLoops,
  r.enabled,
];

export async function insertAlarmRule(db: Db, owner: ConfigOwner, r: AlarmRuleInput): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into alarm_rules(variable_id, rule_type, condition, value, value2, level, content, methods, filter_count,
       voice_loops, enabled, org_id, ${owner.column})
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [...values(r), owner.orgId, owner.id],
  );
  return row!.id;
}

export async function updateAlarmRule(db: Db, id: number, r: AlarmRuleInput): Promise<void> {
  await db.query(
    `update alarm_rules set (variable_id, rule_type, condition, value, value2, level, content, methods, filter_count,
       voice_loops, enabled) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) where id = $1`,
    [id, ...values(r)],
  );
}

export async function deleteAlarmRule(db: Db, id: number): Promise<void> {
  await db.query('delete from alarm_rules where id = $1', [id]);
}
