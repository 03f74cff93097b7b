/**
 * Active (unresolved) alarms of the device `alias.id`, signal and gateway alarms together, as a
 * SQL expression for the device lists. Reads the alarm engine's `alarms` table (migration 0004);
 * the partial index alarms_active_idx (org_id, equipment_id) where state = 'active' serves it.
 */
export function activeAlarmCountSql(alias = 'e'): string {
  return `(select count(*)::int from alarms a
            where a.org_id = ${alias}.org_id and a.equipment_id = ${alias}.id and a.state = 'active')`;
}
