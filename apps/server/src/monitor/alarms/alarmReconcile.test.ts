import { describe, expect, it } from 'vitest';
import type { AlarmSpan } from './alarmKernel';
import { reconcile, type RecordedAlarm } from './alarmReconcile';

const span = (raisedAt: number, releasedAt: number | null, value = 1): AlarmSpan => ({
  raisedAt,
  raiseValue: value,
  releasedAt,
  releaseValue: releasedAt === null ? null : 0,
});
const record = (id: number, raisedAt: number, releasedAt: number | null, value = 1): RecordedAlarm => ({
  id,
  ...span(raisedAt, releasedAt, value),
});

describe('reconciling the records of a window with the kernel', () => {
  it('changes nothing when they agree', () => {
    expect(reconcile([record(1, 1, 3), record(2, 5, null)], [span(1, 3), span(5, null)])).toEqual({
      update: [],
      remove: [],
      insert: [],
    });
  });

  it('keeps the first record of a split alarm and inserts its second part', () => {
    expect(reconcile([record(1, 1, 4)], [span(1, 2), span(3, 4)])).toEqual({
      update: [{ id: 1, span: span(1, 2) }],
      remove: [],
      insert: [span(3, 4)],
    });
  });

  it('corrects a record whose raise moved earlier, rather than replacing it', () => {
    expect(reconcile([record(7, 4, null, 9)], [span(3, null, 8)])).toEqual({
      update: [{ id: 7, span: span(3, null, 8) }],
      remove: [],
      insert: [],
    });
  });

  it('removes records no alarm overlaps and inserts alarms no record overlaps', () => {
    expect(reconcile([record(1, 1, 2), record(2, 6, 7)], [span(3, 4)])).toEqual({
      update: [],
      remove: [1, 2],
      insert: [span(3, 4)],
    });
  });

  it('matches one record with one alarm only, in order', () => {
    expect(reconcile([record(1, 1, 10)], [span(1, 3), span(5, 7), span(8, null)])).toEqual({
      update: [{ id: 1, span: span(1, 3) }],
      remove: [],
      insert: [span(5, 7), span(8, null)],
    });
  });
});
