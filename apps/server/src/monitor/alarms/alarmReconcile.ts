import type { AlarmSpan } from './alarmKernel';

/** An alarm record of one rule as the table holds it. */
export interface RecordedAlarm extends AlarmSpan {
  id: number;
}

/** How the records of a window become the kernel's alarms of that window. */
export interface ReconcilePlan {
  /** records kept (their id, confirmation and messages stay) with corrected times and values */
  update: { id: number; span: AlarmSpan }[];
  /** records the corrected series no longer supports (docs/requirements/monitoring.md §7.5) */
  remove: number[];
  /** alarms the records missed, with their true times */
  insert: AlarmSpan[];
}

const end = (a: AlarmSpan) => a.releasedAt ?? Number.POSITIVE_INFINITY;
const overlaps = (a: AlarmSpan, b: AlarmSpan) => a.raisedAt <= end(b) && b.raisedAt <= end(a);
const same = (a: AlarmSpan, b: AlarmSpan) =>
  a.raisedAt === b.raisedAt &&
  a.releasedAt === b.releasedAt &&
  a.raiseValue === b.raiseValue &&
  a.releaseValue === b.releaseValue;

/**
 * Matches the records of a rule in a window (raise order) with the alarms the kernel finds there
 * (raise order): a record overlapping an alarm in time is that alarm, corrected where it differs
 * (a late sample moved its raise or release); a record overlapping none is removed; an alarm
 * overlapping no record is inserted. Each record and alarm is matched at most once, in order.
 */
export function reconcile(records: readonly RecordedAlarm[], spans: readonly AlarmSpan[]): ReconcilePlan {
  const plan: ReconcilePlan = { update: [], remove: [], insert: [] };
  let j = 0;
  for (const span of spans) {
    while (j < records.length && end(records[j]!) < span.raisedAt) plan.remove.push(records[j++]!.id);
    const record = records[j];
    if (record && overlaps(record, span)) {
      if (!same(record, span)) plan.update.push({ id: record.id, span });
      j++;
    } else plan.insert.push(span);
  }
  while (j < records.length) plan.remove.push(records[j++]!.id);
  return plan;
}
