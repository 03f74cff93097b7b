import type { Db } from '../../db/db';

/** One side of a copy: a device or a template. */
export interface ConfigSide {
  column: 'equipment_id' | 'template_id';
  id: number;
}

interface TableSpec {
  table: 'drivers' | 'variables' | 'alarm_rules' | 'reports' | 'scripts';
  columns: string[];
  /** column → table whose ids it holds, remapped to the target's rows */
  refs: Record<string, 'drivers' | 'variables'>;
  /** rows the target may keep on its own (not from the source) when mirroring a template */
  keepLocal: boolean;
}

// In dependency order: drivers before the variables naming them, variables before rules and reports.
const TABLES: TableSpec[] = [
  {
    table: 'drivers',
    columns: ['name', 'protocol', 'brand', 'model', 'settings', 'seq'],
    refs: {},
    keepLocal: false,
  },
  {
    table: 'variables',
    columns: [
      'driver_id',
      'kind',
      'name',
      'key',
      'unit',
      'decimals',
      'data_type',
      'string_length',
      'register_type',
      'address',
      'rw',
      'deadband',
      'collect_formula',
      'write_formula',
      'collect_upper',
      'collect_lower',
      'write_upper',
      'write_lower',
      'mapping',
      'formula',
      'initial_value',
      'store_history',
      'seq',
      'pinned',
    ],
    refs: { driver_id: 'drivers' },
    keepLocal: false,
  },
  {
    table: 'alarm_rules',
    columns: [
      'variable_id',
      'rule_type',
      'condition',
      'value',
      'value2',
      'level',
      'content',
      'methods',
      'filter_count',
      'voice_loops',
      'enabled',
    ],
    refs: { variable_id: 'variables' },
    keepLocal: true,
  },
  {
    table: 'reports',
    columns: ['name', 'type', 'storage_mode', 'interval_s', 'expression', 'enabled'],
    refs: {},
    keepLocal: false,
  },
  {
    table: 'scripts',
    columns: ['name', 'strategy', 'interval_s', 'condition', 'body', 'enabled'],
    refs: {},
    keepLocal: true,
  },
];

/**
 * Makes the target's configuration a copy of the source's. Rows are matched through `source_id`,
 * so a row mirrored before keeps its id (history, alarms and pages that name it stay valid):
 * matched rows are updated, new ones inserted, ones gone from the source deleted, and references
 * (driver of a variable, variable of a rule or report item) point at the target's own rows.
 * With `link`, `source_id` keeps naming the source row (a device mirroring its template);
 * without, the copy stands alone (a copied device).
 */
export async function mirrorConfig(
  db: Db,
  from: ConfigSide,
  to: ConfigSide & { orgId: number },
  link: boolean,
): Promise<void> {
  for (const spec of TABLES) {
    const { table, columns } = spec;
    const cols = columns.join(', ');
    // 1. rows gone from the source (and, for areas a template owns, rows of the target's own),
    // first, so their names are free for the rows mirrored next
    await db.query(
      `delete from ${table} t where t.${to.column} = $1
          and ${spec.keepLocal ? 't.source_id is not null and ' : ''}(t.source_id is null or t.source_id not in (select id from ${table} where ${from.column} = $2))`,
      [to.id, from.id],
    );
    // 2. rows the target mirrored before take the source's current values
    await db.query(
      `update ${table} t set (${cols}) = (select ${cols} from ${table} s where s.id = t.source_id)
        where t.${to.column} = $1 and t.source_id in (select id from ${table} where ${from.column} = $2)`,
      [to.id, from.id],
    );
    // 3. rows new in the source
    await db.query(
      `insert into ${table} (org_id, ${to.column}, source_id, ${cols})
       select $1, $2, s.id, ${columns.map((c) => `s.${c}`).join(', ')} from ${table} s
        where s.${from.column} = $3
          and not exists (select 1 from ${table} t where t.${to.column} = $2 and t.source_id = s.id)
        order by s.id`,
      [to.orgId, to.id, from.id],
    );
    // 4. references still hold the source's ids: point them at the target's copies
    for (const [column, refTable] of Object.entries(spec.refs)) {
      await db.query(
        `update ${table} t set ${column} = r.id from ${refTable} r
          where t.${to.column} = $1 and t.source_id is not null and r.${to.column} = $1 and r.source_id = t.${column}`,
        [to.id],
      );
    }
  }
  // report items follow their reports, with variables remapped
  await db.query(
    `delete from report_items where report_id in (select id from reports where ${to.column} = $1 and source_id is not null)`,
    [to.id],
  );
  await db.query(
    `insert into report_items (report_id, variable_id, aggregation, seq)
     select tr.id, tv.id, i.aggregation, i.seq
       from report_items i
       join reports tr on tr.source_id = i.report_id and tr.${to.column} = $1
       join variables tv on tv.source_id = i.variable_id and tv.${to.column} = $1`,
    [to.id],
  );
  if (!link) {
    for (const { table } of TABLES)
      await db.query(`update ${table} set source_id = null where ${to.column} = $1`, [to.id]);
  }
}

/**
 * After a linked mirror from one device to another, points each target row where its source row
 * points: a copy of a template-bound device then follows the template through the same links as
 * the original (its rows keep their ids on the next sync), and rows the original had of its own
 * stand alone.
 */
export async function inheritLinks(db: Db, to: ConfigSide): Promise<void> {
  for (const { table } of TABLES) {
    await db.query(
      `update ${table} t set source_id = s.source_id from ${table} s where t.${to.column} = $1 and s.id = t.source_id`,
      [to.id],
    );
  }
}
