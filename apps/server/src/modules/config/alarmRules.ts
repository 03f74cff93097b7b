import { Err, type AlarmRuleInput, type AlarmRuleRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { checkCapacity, recordChange, requireOwnedRow, resolveOwner, type OwnerInput } from './configOwner';

const columns = `r.id, r.variable_id as "variableId", v.name as "variableName", r.rule_type as "ruleType", r.condition, r.value,
  r.value2, r.level, r.content, r.methods, r.filter_count as "filterCount", r.voice_loops as "voiceLoops", r.enabled`;

export async function listAlarmRules(
  db: Db,
  auth: AuthContext,
  input: OwnerInput & { ruleType?: '00' | '01' },
) {
  const owner = await resolveOwner(db, auth, input);
  return db.query<AlarmRuleRow>(
    `select ${columns} from alarm_rules r join variables v on v.id = r.variable_id
      where r.${owner.column} = $1 and ($2::text is null or r.rule_type = $2) order by r.id`,
    [owner.id, input.ruleType ?? null],
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

export async function addAlarmRule(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  r: AlarmRuleInput,
  ip: string,
) {
  return db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'alarm');
    // the rule's variable must belong to the same device or template
    await requireOwnedRow(tx, owner, 'variables', r.variableId, Err.variableNotFound);
    await checkCapacity(tx, owner, 'alarms');
    const [row] = await tx.query<{ id: number }>(
      `insert into alarm_rules(variable_id, rule_type, condition, value, value2, level, content, methods, filter_count,
         voice_loops, enabled, org_id, ${owner.column})
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
      [...values(r), owner.orgId, owner.id],
    );
    await recordChange(tx, auth, ip, owner, 'alarm.add', { ruleId: row!.id });
    return row!.id;
  });
}

export async function editAlarmRule(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  id: number,
  r: AlarmRuleInput,
  ip: string,
) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'alarm');
    await requireOwnedRow(tx, owner, 'alarm_rules', id, Err.dataMissingOrNoAccess);
    // the rule's variable must belong to the same device or template
    await requireOwnedRow(tx, owner, 'variables', r.variableId, Err.variableNotFound);
    await tx.query(
      `update alarm_rules set (variable_id, rule_type, condition, value, value2, level, content, methods, filter_count,
         voice_loops, enabled) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) where id = $1`,
      [id, ...values(r)],
    );
    await recordChange(tx, auth, ip, owner, 'alarm.edit', { ruleId: id });
  });
}

export async function deleteAlarmRule(db: Db, auth: AuthContext, input: OwnerInput, id: number, ip: string) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'alarm');
    await requireOwnedRow(tx, owner, 'alarm_rules', id, Err.dataMissingOrNoAccess);
    await tx.query('delete from alarm_rules where id = $1', [id]);
    await recordChange(tx, auth, ip, owner, 'alarm.delete', { ruleId: id });
  });
}
