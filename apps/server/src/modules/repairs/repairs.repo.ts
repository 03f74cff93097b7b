import type {
  RepairAttachment,
  RepairEvent,
  RepairFilter,
  RepairOrderRow,
  RepairPart,
  RepairPriority,
  RepairState,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';

/** Repair orders' SQL (docs/requirements/operations.md §2); every statement is scoped by the enterprise. */

interface OrderRecord {
  id: number;
  number: string;
  equipment_id: number;
  equipment_name: string;
  alarm_id: number | null;
  problem: string;
  priority: RepairPriority;
  state: RepairState;
  requester_id: number | null;
  requester_name: string | null;
  repairer_id: number | null;
  repairer_name: string | null;
  content: string;
  parts: RepairPart[];
  end_reason: string;
  created_at: Date;
  dispatched_at: Date | null;
  accepted_at: Date | null;
  finished_at: Date | null;
  ended_at: Date | null;
  attachment_count: number;
}

const ms = (d: Date | null) => (d === null ? null : new Date(d).getTime());

const COLUMNS = `o.id, o.number, o.equipment_id, e.name as equipment_name, o.alarm_id, o.problem, o.priority,
  o.state, o.requester_id, rq.loginname as requester_name, o.repairer_id, rp.loginname as repairer_name,
  o.content, o.parts, o.end_reason, o.created_at, o.dispatched_at, o.accepted_at, o.finished_at, o.ended_at,
  (select count(*)::int from repair_attachments x where x.order_id = o.id) as attachment_count`;
const FROM = `repair_orders o join equipment e on e.id = o.equipment_id
  left join accounts rq on rq.id = o.requester_id left join accounts rp on rp.id = o.repairer_id`;

function toRow(r: OrderRecord): RepairOrderRow {
  return {
    id: r.id,
    number: r.number,
    equipmentId: r.equipment_id,
    equipmentName: r.equipment_name,
    alarmId: r.alarm_id,
    problem: r.problem,
    priority: r.priority,
    state: r.state,
    requesterId: r.requester_id,
    requesterName: r.requester_name ?? '',
    repairerId: r.repairer_id,
    repairerName: r.repairer_name ?? '',
    content: r.content,
    parts: r.parts,
    endReason: r.end_reason,
    createdAt: new Date(r.created_at).getTime(),
    dispatchedAt: ms(r.dispatched_at),
    acceptedAt: ms(r.accepted_at),
    finishedAt: ms(r.finished_at),
    endedAt: ms(r.ended_at),
    attachmentCount: r.attachment_count,
  };
}

/**
 * The filter's conditions; `scope` narrows to the devices the caller sees (alias `e`) and is
 * applied by the service through deviceScope, so this stays SQL over a Where.
 */
export function filterWhere(where: Where, f: RepairFilter): Where {
  where.addIf(f.state, 'o.state = ?');
  where.addIf(f.equipmentId, 'o.equipment_id = ?');
  where.addIf(f.repairerId, 'o.repairer_id = ?');
  if (f.from !== undefined) where.add('o.created_at >= ?', new Date(f.from));
  if (f.to !== undefined) where.add('o.created_at < ?', new Date(f.to));
  if (f.keyword)
    where.add(
      "(o.number ilike '%' || ? || '%' or o.problem ilike '%' || ? || '%')",
      f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`),
    );
  return where;
}

/** A page of the orders matching `where` (its conditions over `o` and `e`), newest first. */
export async function ordersPage(
  db: Db,
  where: Where,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: RepairOrderRow[]; total: number }> {
  const rows = await db.query<OrderRecord>(
    `select ${COLUMNS} from ${FROM} where ${where} order by o.created_at desc, o.id desc ${pageClause(page)}`,
    where.params,
  );
  const count = await one<{ n: number }>(
    db,
    `select count(*)::int as n from repair_orders o join equipment e on e.id = o.equipment_id where ${where}`,
    where.params,
  );
  return { list: rows.map(toRow), total: count?.n ?? 0 };
}

/** Every order matching `where`, newest first, at most `limit`. */
export async function ordersOf(db: Db, where: Where, limit: number): Promise<RepairOrderRow[]> {
  const rows = await db.query<OrderRecord>(
    `select ${COLUMNS} from ${FROM} where ${where} order by o.created_at desc, o.id desc limit ${Math.trunc(limit)}`,
    where.params,
  );
  return rows.map(toRow);
}

/** One order of the enterprise (locked for the change when `forUpdate`). */
export async function orderById(
  db: Db,
  orgId: number,
  id: number,
  forUpdate = false,
): Promise<RepairOrderRow | undefined> {
  if (forUpdate)
    await db.query('select id from repair_orders where org_id = $1 and id = $2 for update', [orgId, id]);
  const row = await one<OrderRecord>(db, `select ${COLUMNS} from ${FROM} where o.org_id = $1 and o.id = $2`, [
    orgId,
    id,
  ]);
  return row && toRow(row);
}

export async function numberTaken(db: Db, orgId: number, number: string): Promise<boolean> {
  const row = await one(db, 'select 1 from repair_orders where org_id = $1 and lower(number) = lower($2)', [
    orgId,
    number,
  ]);
  return row !== undefined;
}

/** The next value of the enterprise's order counter (taken within the creating transaction). */
export async function nextCounter(db: Db, orgId: number): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    `insert into repair_order_counters (org_id, last_n) values ($1, 1)
     on conflict (org_id) do update set last_n = repair_order_counters.last_n + 1
     returning last_n as n`,
    [orgId],
  );
  return row!.n;
}

export interface NewOrder {
  number: string;
  equipmentId: number;
  alarmId: number | null;
  problem: string;
  priority: RepairPriority;
  requesterId: number;
  at: Date;
}

export async function insertOrder(db: Db, orgId: number, o: NewOrder): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    `insert into repair_orders (org_id, number, equipment_id, alarm_id, problem, priority, requester_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id`,
    [orgId, o.number, o.equipmentId, o.alarmId, o.problem, o.priority, o.requesterId, o.at],
  );
  return row!.id;
}

/** The fields a step changes; the step's time column is set to `at`. */
export interface OrderChange {
  state: RepairState;
  at: Date;
  repairerId?: number;
  content?: string;
  parts?: RepairPart[];
  endReason?: string;
}

const STEP_TIME: Record<RepairState, string | null> = {
  pending: null,
  dispatched: 'dispatched_at',
  received: 'accepted_at',
  finished: 'finished_at',
  ended: 'ended_at',
};

export async function updateOrder(db: Db, orgId: number, id: number, c: OrderChange): Promise<void> {
  const time = STEP_TIME[c.state];
  await db.query(
    `update repair_orders set state = $3, updated_at = $4${time ? `, ${time} = $4` : ''},
       repairer_id = coalesce($5, repairer_id), content = coalesce($6, content),
       parts = coalesce($7::jsonb, parts), end_reason = coalesce($8, end_reason)
     where org_id = $1 and id = $2`,
    [
      orgId,
      id,
      c.state,
      c.at,
      c.repairerId ?? null,
      c.content ?? null,
      c.parts ? JSON.stringify(c.parts) : null,
      c.endReason ?? null,
    ],
  );
}

export async function insertEvent(
  db: Db,
  orgId: number,
  e: {
    orderId: number;
    accountId: number;
    action: RepairEvent['action'];
    detail: RepairEvent['detail'];
    at: Date;
  },
): Promise<void> {
  await db.query(
    'insert into repair_events (org_id, order_id, account_id, action, detail, at) values ($1, $2, $3, $4, $5, $6)',
    [orgId, e.orderId, e.accountId, e.action, JSON.stringify(e.detail), e.at],
  );
}

export async function timeline(db: Db, orgId: number, orderId: number): Promise<RepairEvent[]> {
  const rows = await db.query<{
    id: number;
    action: RepairEvent['action'];
    who: string | null;
    at: Date;
    detail: RepairEvent['detail'];
  }>(
    `select v.id, v.action, a.loginname as who, v.at, v.detail from repair_events v
       left join accounts a on a.id = v.account_id
      where v.org_id = $1 and v.order_id = $2 order by v.at, v.id`,
    [orgId, orderId],
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    who: r.who ?? '',
    at: new Date(r.at).getTime(),
    detail: r.detail,
  }));
}

interface AttachmentRecord {
  id: number;
  kind: 'image' | 'file';
  mime: string;
  file_name: string;
  size: number;
  uploaded_by: string | null;
  created_at: Date;
}

const toAttachment = (r: AttachmentRecord): RepairAttachment => ({
  id: r.id,
  kind: r.kind,
  mime: r.mime,
  fileName: r.file_name,
  size: r.size,
  uploadedBy: r.uploaded_by ?? '',
  createdAt: new Date(r.created_at).getTime(),
});

const ATTACHMENT_COLUMNS = `x.id, x.kind, x.mime, x.file_name, octet_length(x.content)::int as size,
  a.loginname as uploaded_by, x.created_at`;

export async function attachmentsOf(db: Db, orgId: number, orderId: number): Promise<RepairAttachment[]> {
  const rows = await db.query<AttachmentRecord>(
    `select ${ATTACHMENT_COLUMNS} from repair_attachments x left join accounts a on a.id = x.uploaded_by
      where x.org_id = $1 and x.order_id = $2 order by x.id`,
    [orgId, orderId],
  );
  return rows.map(toAttachment);
}

export async function attachmentCount(db: Db, orgId: number, orderId: number): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    'select count(*)::int as n from repair_attachments where org_id = $1 and order_id = $2',
    [orgId, orderId],
  );
  return row?.n ?? 0;
}

export async function insertAttachment(
  db: Db,
  orgId: number,
  a: {
    orderId: number;
    kind: 'image' | 'file';
    mime: string;
    fileName: string;
    content: Buffer;
    by: number;
    at: Date;
  },
): Promise<RepairAttachment> {
  const row = await one<{ id: number }>(
    db,
    `insert into repair_attachments (org_id, order_id, kind, mime, file_name, content, uploaded_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [orgId, a.orderId, a.kind, a.mime, a.fileName, a.content, a.by, a.at],
  );
  const stored = await one<AttachmentRecord>(
    db,
    `select ${ATTACHMENT_COLUMNS} from repair_attachments x left join accounts a on a.id = x.uploaded_by
      where x.org_id = $1 and x.id = $2`,
    [orgId, row!.id],
  );
  return toAttachment(stored!);
}

/** An attachment of the enterprise with its order's id (no content). */
export async function attachmentById(
  db: Db,
  orgId: number,
  id: number,
): Promise<{ id: number; orderId: number; fileName: string } | undefined> {
  return one(
    db,
    'select id, order_id as "orderId", file_name as "fileName" from repair_attachments where org_id = $1 and id = $2',
    [orgId, id],
  );
}

export async function attachmentContent(
  db: Db,
  orgId: number,
  id: number,
): Promise<{ fileName: string; mime: string; content: Buffer } | undefined> {
  const row = await one<{ file_name: string; mime: string; content: Uint8Array }>(
    db,
    'select file_name, mime, content from repair_attachments where org_id = $1 and id = $2',
    [orgId, id],
  );
  return row && { fileName: row.file_name, mime: row.mime, content: Buffer.from(row.content) };
}

export async function deleteAttachment(db: Db, orgId: number, id: number): Promise<void> {
  await db.query('delete from repair_attachments where org_id = $1 and id = $2', [orgId, id]);
}

/** The alarm of the enterprise on the device, or undefined. */
export async function alarmOfDevice(
  db: Db,
  orgId: number,
  alarmId: number,
  equipmentId: number,
): Promise<boolean> {
  const row = await one(db, 'select 1 from alarms where org_id = $1 and id = $2 and equipment_id = $3', [
    orgId,
    alarmId,
    equipmentId,
  ]);
  return row !== undefined;
}

/** Enabled accounts of the enterprise that may accept orders (its admin holds every key). */
export async function repairers(
  db: Db,
  orgId: number,
  onlyId?: number,
): Promise<{ id: number; name: string }[]> {
  const where = new Where()
    .add('a.org_id = ?', orgId)
    .add('not a.disabled')
    .add("a.kind = 'enterprise' or 'workorder_accept' = any(r.permissions)");
  if (onlyId !== undefined) where.add('a.id = ?', onlyId);
  return db.query(
    `select a.id, a.loginname as name from accounts a left join roles r on r.id = a.role_id
      where ${where} order by lower(a.loginname) limit 500`,
    where.params,
  );
}
