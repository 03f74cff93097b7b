import { describe, expect, it } from 'vitest';
import { defaultWidget, type Widget } from '@fieldhub/hmi';
import { isFailedReading, liveText } from './liveText';
import type { RuntimeValue } from './runtime';

function dataText(decimals?: number): Widget {
  const w = defaultWidget('UsualDataText', { id: 'w', x: 0, y: 0 });
  if (decimals !== undefined) w.data = { ...w.data, decimals };
  return w;
}

const good = (value: number | string | null): RuntimeValue => ({ value, ts: 1, quality: 0, stale: false });
const bad = (value: number | string | null, last?: number | string | null): RuntimeValue => ({
  value,
  ts: 2,
  quality: 1501,
  stale: false,
  ...(last !== undefined && { last }),
});

describe('a data text’s live value (widgets.md §3.2) and a project’s failed reading (projects.md §2.1)', () => {
  it('shows a good value with the widget’s decimals, and -- without a value outside a project', () => {
    expect(liveText(dataText(2), good(3.14159))).toBe('3.14');
    expect(liveText(dataText(), good('open'))).toBe('open');
    expect(liveText(dataText(1), undefined)).toBe('--');
    expect(liveText(dataText(1), good(null))).toBe('--');
  });

  it('shows the project’s default text for a bad or missing reading under the rule custom', () => {
    const rule = { show: 'custom', text: 'N/A' } as const;
    expect(liveText(dataText(1), undefined, rule)).toBe('N/A');
    expect(liveText(dataText(1), good(null), rule)).toBe('N/A');
    expect(liveText(dataText(1), bad(7.25, 6.5), rule)).toBe('N/A');
    // a good reading is shown as it is
    expect(liveText(dataText(1), good(7.25), rule)).toBe('7.3');
    expect(liveText(dataText(1), good(0), rule)).toBe('0.0');
  });

  it('shows the last value read under the rule last, -- when none was read', () => {
    const rule = { show: 'last', text: 'N/A' } as const;
    expect(liveText(dataText(1), bad(null, 6.54), rule)).toBe('6.5');
    expect(liveText(dataText(1), bad(null), rule)).toBe('--');
    expect(liveText(dataText(1), undefined, rule)).toBe('--');
    expect(liveText(dataText(1), good(8), rule)).toBe('8.0');
  });

  it('tells a failed reading by its quality or a missing value', () => {
    expect(isFailedReading(undefined)).toBe(true);
    expect(isFailedReading(good(null))).toBe(true);
    expect(isFailedReading(bad(1))).toBe(true);
    expect(isFailedReading(good(0))).toBe(false);
  });
});
