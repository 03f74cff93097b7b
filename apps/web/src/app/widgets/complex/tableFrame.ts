/** The frame the history, report and alarm tables share: their box and their time filter. */
import { useState, type CSSProperties } from 'react';
import type { Dayjs } from 'dayjs';
import type { Widget } from '@fieldhub/hmi';
import { num } from '../styleOf';

type Loose = Record<string, unknown>;

/** The table's box with its border and the header and row heights of its style. */
export function tableStyle(w: Widget): CSSProperties {
  const st = w.style as Loose;
  return {
    position: 'absolute',
    inset: 0,
    overflow: 'auto',
    background: '#fff',
    border: st['border'] === false ? undefined : '1px solid #E5E7EB',
    ['--fh-th-h' as string]: `${num(st['headerHeight'], 46)}px`,
    ['--fh-td-h' as string]: `${num(st['rowHeight'], 40)}px`,
  };
}

/** The range picked in the time filter, else the last `timeRange` minutes up to now. */
export function useRange(w: Widget) {
  const minutes = num((w.data as Loose)['timeRange'], 720);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const current = (): [number, number] =>
    range ? [range[0].valueOf(), range[1].valueOf()] : [Date.now() - minutes * 60_000, Date.now()];
  return { range, setRange, current };
}
