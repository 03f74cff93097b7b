import {
  AppError,
  Err,
  type DataCenterChart,
  type DataCenterQuery,
  type DataCenterRow,
  type DataCenterTree,
  type Page,
  type SavedQuery,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import { Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { groupsOf } from '../groups/groups.repo';
import { scopeDevices } from '../devices/deviceScope';
import { checkedRange, curveOf, historyPage, HISTORY_COUNT_CAP } from '../../monitor/history/history.service';
import type { HistoryRange } from '../../monitor/history/history.repo';
import { m4 } from '../../monitor/history/m4';
import * as repo from './dataCenter.repo';

/** Every data-center call starts here: 2615 while the enterprise has it off (data-views.md §3.3). */
export async function checkEnabled(db: Db, auth: AuthContext): Promise<void> {
  if (!(await repo.dataCenterEnabled(db, auth.orgId))) throw new AppError(Err.dataCenterDisabled);
}

/** The tree of docs/requirements/data-views.md §3.1: groups, the caller's devices and their variables. */
export async function dataCenterTree(db: Db, auth: AuthContext): Promise<DataCenterTree> {
  await checkEnabled(db, auth);
  const devices = await repo.treeDevices(db, scopeDevices(new Where(), auth));
  const variables = await repo.variablesOfDevices(
    db,
    devices.map((d) => d.id),
  );
  const byDevice = new Map<number, DataCenterTree['devices'][number]['variables']>();
  for (const { equipmentId, ...v } of variables) {
    const list = byDevice.get(equipmentId) ?? [];
    list.push(v);
    byDevice.set(equipmentId, list);
  }
  const groups = (await groupsOf(db, auth.orgId)).map(({ id, parentId, name }) => ({ id, parentId, name }));
  return { groups, devices: devices.map((d) => ({ ...d, variables: byDevice.get(d.id) ?? [] })) };
}

/** What a query reads, checked: the range (10001) and each variable one of the caller's (1714). */
export interface CheckedQuery {
  range: HistoryRange;
  variables: repo.ScopedVariable[];
  buckets: repo.Buckets;
}

export async function checkedQuery(db: Db, auth: AuthContext, q: DataCenterQuery): Promise<CheckedQuery> {
  await checkEnabled(db, auth);
  const range = checkedRange(q.startTime, q.endTime);
  const variables = await callersVariables(db, auth, q.variableIds);
  return { range, variables, buckets: bucketsOf(q) };
}

/** The variables, each of a device the caller may see; another enterprise's id reads as missing (1714). */
async function callersVariables(db: Db, auth: AuthContext, ids: readonly number[]) {
  const variables = await repo.scopedVariables(db, scopeDevices(new Where(), auth), ids);
  if (variables.length !== ids.length) throw new AppError(Err.variableNotFound);
  return variables;
}

export const bucketsOf = (q: DataCenterQuery): repo.Buckets => ({
  intervalMs: q.interval * 1000,
  offsetMs: q.utcOffsetMinutes * 60_000,
});

/** A page of the table: stored values newest first (raw) or buckets newest first (aggregated). */
export async function queryValues(
  db: Db,
  auth: AuthContext,
  q: DataCenterQuery & { pageNum: number; pageSize: number },
): Promise<Page<DataCenterRow>> {
  const { range, variables, buckets } = await checkedQuery(db, auth, q);
  const ids = variables.map((v) => v.id);
  const byId = new Map(variables.map((v) => [v.id, v]));
  const { pageNum, pageSize } = q;
  if (q.mode === 'raw') {
    const page = await historyPage(db, variables, range, q, (value, v) => ({
      ts: value.ts,
      equipmentId: v.equipmentId,
      device: v.device,
      variableId: v.id,
      name: v.name,
      unit: v.unit,
      value: value.value,
      quality: value.quality,
      agg: null,
    }));
    return { list: page.list, total: page.total, pageNum, pageSize };
  }
  const total = await repo.countBuckets(db, ids, range, buckets, HISTORY_COUNT_CAP);
  const rows = await repo.findBuckets(db, ids, range, buckets, {
    limit: pageSize,
    offset: (pageNum - 1) * pageSize,
    order: 'desc',
  });
  const list = rows.map(({ variableId, ts, ...agg }) => {
    const v = byId.get(variableId)!;
    return {
      ts,
      equipmentId: v.equipmentId,
      device: v.device,
      variableId,
      name: v.name,
      unit: v.unit,
      value: null,
      quality: null,
      agg,
    };
  });
  return { list, total, pageNum, pageSize };
}

/**
 * The chart: raw values downsampled with M4 to about `width` columns (the device curve's rule:
 * at most 200,000 points read, the latest), or each bucket's average, downsampled the same way
 * when there are more buckets than columns.
 */
export async function queryChart(
  db: Db,
  auth: AuthContext,
  q: DataCenterQuery & { width: number },
): Promise<DataCenterChart> {
  const { range, variables, buckets } = await checkedQuery(db, auth, q);
  const withDevice = (variableId: number) => {
    const v = variables.find((x) => x.id === variableId)!;
    return { variableId, equipmentId: v.equipmentId, device: v.device, name: v.name, unit: v.unit };
  };
  if (q.mode === 'raw') {
    const curve = await curveOf(db, variables, range, q.width);
    return {
      from: curve.from,
      to: curve.to,
      truncated: curve.truncated,
      series: curve.series.map((s) => ({ ...withDevice(s.variableId), points: s.points })),
    };
  }
  const rows = await repo.bucketAverages(
    db,
    variables.map((v) => v.id),
    range,
    buckets,
  );
  const from = range.start.getTime();
  const to = range.end.getTime();
  const byVariable = new Map<number, typeof rows>();
  for (const r of rows) {
    const own = byVariable.get(r.variableId) ?? [];
    own.push(r);
    byVariable.set(r.variableId, own);
  }
  const series = variables.map((v) => {
    const own = byVariable.get(v.id) ?? [];
    const points: [number, number][] =
      own.length > q.width
        ? m4(
            own.map((r) => r.ts),
            own.map((r) => r.avg),
            from,
            to,
            q.width,
          )
        : own.map((r) => [r.ts, r.avg]);
    return { ...withDevice(v.id), points };
  });
  return { from, to, truncated: false, series };
}

// --- saved queries (data-views.md §3.2): per account, names unique per account ------------------

export async function listSaved(db: Db, auth: AuthContext): Promise<SavedQuery[]> {
  await checkEnabled(db, auth);
  const rows = await repo.savedQueriesOf(db, auth.accountId);
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

export async function addSaved(
  db: Db,
  auth: AuthContext,
  s: { name: string; query: DataCenterQuery },
): Promise<number> {
  await checkEnabled(db, auth);
  // the variables must be the caller's; the range is kept as given (the screen re-dates a quick range)
  await callersVariables(db, auth, s.query.variableIds);
  return db.tx(async (tx) => {
    if (await repo.savedNameTaken(tx, auth.accountId, s.name, null)) throw new AppError(Err.nameExists);
    const id = await repo.insertSavedQuery(tx, auth.orgId, auth.accountId, s.name, s.query);
    return id;
  });
}

export async function renameSaved(db: Db, auth: AuthContext, id: number, name: string) {
  await checkEnabled(db, auth);
  await db.tx(async (tx) => {
    if (!(await repo.savedQueryOf(tx, auth.orgId, auth.accountId, id)))
      throw new AppError(Err.dataMissingOrNoAccess);
    if (await repo.savedNameTaken(tx, auth.accountId, name, id)) throw new AppError(Err.nameExists);
    await repo.renameSavedQuery(tx, id, name);
  });
}

export async function deleteSaved(db: Db, auth: AuthContext, id: number) {
  await checkEnabled(db, auth);
  await db.tx(async (tx) => {
    if (!(await repo.savedQueryOf(tx, auth.orgId, auth.accountId, id)))
      throw new AppError(Err.dataMissingOrNoAccess);
    await repo.deleteSavedQuery(tx, id);
  });
}
