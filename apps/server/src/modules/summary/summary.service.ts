import {
  AppError,
  Err,
  type SummaryHistoryInput,
  type SummaryRecomputeInput,
  type SummarySeries,
  type SummaryTotalsInput,
  type LiveValue,
  type VariableInput,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { ensureMonthPartitions } from '../../link/partitions';
import { scopeDevices } from '../devices/deviceScope';
import type { ConfigOwner } from '../config/configOwner';
import * as repo from './summary.repo';

const bilingual = (zh: string, en: string) => ({ params: { detail: { 'zh-CN': zh, 'en-US': en } } });

/** A summary query or recompute covers at most this many days (docs/requirements/data-views.md §2.2). */
export const SUMMARY_RANGE_MAX_DAYS = 366;

/**
 * The rules of a data summary variable beyond its fields (docs/requirements/data-views.md §2.1):
 * only on a device, its sources variables of devices of the same enterprise (1714 otherwise,
 * whatever enterprise the ids belong to), numeric and not summaries themselves, and no other summary
 * variable of the enterprise with the same sources, aggregation and period (1725).
 */
export async function checkSummaryDefinition(
  db: Db,
  owner: ConfigOwner,
  v: VariableInput,
  exceptId: number | null,
): Promise<void> {
  if (v.kind !== 'summary') return;
  if (owner.kind !== 'equipment')
    throw new AppError(
      Err.parameterCheckFailed,
      bilingual('汇总变量只能添加在设备上', 'A summary variable belongs to a device, not a template'),
    );
  const sources = [...new Set(v.summarySources)].sort((a, b) => a - b);
  const found = await repo.sourceVariablesIn(db, owner.orgId, sources);
  if (found.length !== sources.length) throw new AppError(Err.variableNotFound);
  if (found.some((s) => s.kind === 'summary' || s.data_type === 'string'))
    throw new AppError(
      Err.parameterCheckFailed,
      bilingual('源变量须为数值变量且不能是汇总变量', 'Sources must be numeric variables, not summaries'),
    );
  if (
    await repo.summaryTwinExists(db, owner.orgId, sources, v.summaryAggregation!, v.summaryPeriod!, exceptId)
  )
    throw new AppError(Err.summaryVariableDuplicate);
}

/** Whether an edit changes what the summary computes (then its stored results are dropped). */
export function definitionChanged(
  before: {
    summary_sources: number[] | null;
    summary_aggregation: string | null;
    summary_period: string | null;
  },
  v: VariableInput,
): boolean {
  const sorted = (ids: readonly (number | string)[]) =>
    [...new Set(ids.map(Number))].sort((a, b) => a - b).join(',');
  return (
    sorted(before.summary_sources ?? []) !== sorted(v.kind === 'summary' ? v.summarySources : []) ||
    before.summary_aggregation !== (v.kind === 'summary' ? v.summaryAggregation : null) ||
    before.summary_period !== (v.kind === 'summary' ? v.summaryPeriod : null)
  );
}

export { resetSummary } from './summary.repo';

/**
 * Hands a summary variable's newest result to the monitor (value cache, alarm rules, live sockets)
 * as a sample of its device; the cache keeps it only when it holds nothing newer.
 */
export type SummaryPublisher = (equipmentId: number, values: LiveValue[]) => Promise<void>;

/**
 * Computes the summary for the periods starting in [from, to) from the sources' stored history and
 * stores the results as the variable's own history, replacing what was stored for them; the newest
 * goes to `publish`. Returns how many periods have a value.
 */
export async function computeSummary(
  db: Db,
  tz: string,
  d: repo.SummaryDefinition,
  from: Date,
  to: Date,
  publish?: SummaryPublisher,
): Promise<number> {
  if (from.getTime() >= to.getTime()) return 0;
  const rows = await db.tx(async (tx) => {
    const found = await repo.aggregatePeriods(tx, d, from, to, tz);
    await ensureMonthPartitions(
      tx,
      'signal_values',
      found.map((r) => new Date(r.ts).getTime()),
    );
    await repo.replaceSummaryValues(tx, d, from, to, found);
    return found;
  });
  const newest = rows.at(-1);
  if (newest && publish)
    await publish(Number(d.equipment_id), [
      { signalId: Number(d.id), ts: new Date(newest.ts).getTime(), value: newest.value, quality: 0 },
    ]);
  return rows.length;
}

function requireRange(start: Date, end: Date): void {
  const span = end.getTime() - start.getTime();
  if (!(span > 0) || span > SUMMARY_RANGE_MAX_DAYS * 86_400_000)
    throw new AppError(
      Err.parameterCheckFailed,
      bilingual(
        `时间范围须在 ${SUMMARY_RANGE_MAX_DAYS} 天以内且结束晚于开始`,
        `The range must end after it starts and span at most ${SUMMARY_RANGE_MAX_DAYS} days`,
      ),
    );
}

async function visibleSummaryOf(db: Db, auth: AuthContext, id: number): Promise<repo.SummaryDefinition> {
  const found = await repo.visibleSummary(db, scopeDevices(new Where(), auth), id);
  if (!found) throw new AppError(Err.variableNotFound);
  return found;
}

/**
 * Recomputes the closed periods of a summary variable that overlap [startTime, endTime] (late data
 * replaces what the scheduler stored, docs/requirements/data-views.md §2.1). The open period is
 * left to the scheduler.
 */
export async function recompute(
  deps: { db: Db; clock: Clock; tz: string; publish?: SummaryPublisher },
  auth: AuthContext,
  input: SummaryRecomputeInput,
): Promise<{ periods: number }> {
  const { db, clock, tz } = deps;
  requireRange(input.startTime, input.endTime);
  const d = await visibleSummaryOf(db, auth, input.variableId);
  const from = await repo.periodStart(db, d.summary_period, input.startTime, tz);
  const afterEnd = await repo.periodStart(db, d.summary_period, input.endTime, tz, -1);
  const open = await repo.periodStart(db, d.summary_period, clock.now(), tz);
  const to = afterEnd.getTime() < open.getTime() ? afterEnd : open;
  return { periods: await computeSummary(db, tz, d, from, to, deps.publish) };
}

function devicesWhere(auth: AuthContext, groupId: number | undefined): Where {
  const where = scopeDevices(new Where(), auth);
  return groupId === undefined ? where : repo.inGroup(where, auth.orgId, groupId);
}

/** Summary variables on the devices the caller may see, optionally of one group (with its subgroups). */
export function listSummaryVariables(db: Db, auth: AuthContext, input: SummaryTotalsInput) {
  return repo.summaryVariablesOf(db, devicesWhere(auth, input.groupId));
}

/** Variables a summary may aggregate: numeric, not summaries, of the devices the caller may see. */
export function sourceCandidates(db: Db, auth: AuthContext) {
  return repo.sourceCandidatesOf(db, scopeDevices(new Where(), auth));
}

/** Stored results of the summary variables in [startTime, endTime), one series per variable. */
export async function summaryHistory(
  db: Db,
  auth: AuthContext,
  input: SummaryHistoryInput,
): Promise<SummarySeries[]> {
  requireRange(input.startTime, input.endTime);
  const ids = [...new Set(input.variableIds)];
  for (const id of ids) await visibleSummaryOf(db, auth, id);
  const values = await repo.summaryValuesOf(db, ids, input.startTime, input.endTime);
  return ids.map((variableId) => ({
    variableId,
    points: values
      .filter((v) => Number(v.variableId) === variableId)
      .map((v) => [new Date(v.ts).getTime(), v.value] as [number, number]),
  }));
}

/**
 * The enterprise totals of the summary screen (docs/requirements/data-views.md §2.2) over the
 * devices the caller may see, optionally of one group: devices, online, alarms raised and writes
 * sent since the start of today (in the summary time zone).
 */
export async function totals(db: Db, clock: Clock, tz: string, auth: AuthContext, input: SummaryTotalsInput) {
  const today = await repo.periodStart(db, 'day', clock.now(), tz);
  const devices = await repo.deviceTotals(db, devicesWhere(auth, input.groupId));
  const activity = await repo.activitySince(db, devicesWhere(auth, input.groupId), today);
  return {
    devices: devices.devices,
    online: devices.online,
    onlineShare: devices.devices ? devices.online / devices.devices : 0,
    alarmsToday: activity.alarms,
    writesToday: activity.writes,
    since: today,
  };
}
