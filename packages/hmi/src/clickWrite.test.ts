import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkClickLimits,
  clickWriteValue,
  isPressWrite,
  pressValues,
  stepWrite,
  toggleValue,
} from './clickWrite';
import { clickConfigSchema } from './document';

const config = (raw: Record<string, unknown>) => clickConfigSchema.parse({ action: 'write', ...raw });
const limited = (min: number, max: number, raw: Record<string, unknown> = {}) =>
  config({ ...raw, limit: { enable: true, min, max } });

describe('write clicks (docs/requirements/pages-and-designer.md §8.4)', () => {
  it('old configs read with the new fields at their defaults', () => {
    const c = clickConfigSchema.parse({ action: 'write', writeValue: '3' });
    expect(c).toMatchObject({
      onValue: '1',
      offValue: '0',
      stepValue: 1,
      limit: { enable: false, min: 0, max: 100 },
      pageTitle: '',
      titleShow: true,
    });
  });

  it('a fixed write sends its value, refused outside the limits when they are on', () => {
    expect(clickWriteValue(config({ writeValue: '120' }), 5)).toEqual({ ok: true, value: '120' });
    expect(clickWriteValue(limited(0, 100, { writeValue: '120' }), 5)).toEqual({
      ok: false,
      problem: { kind: 'above-max', value: '120', max: 100 },
    });
    expect(clickWriteValue(limited(10, 100, { writeValue: '2' }), 5)).toEqual({
      ok: false,
      problem: { kind: 'below-min', value: '2', min: 10 },
    });
    expect(checkClickLimits(limited(0, 1), 'on')).toEqual({
      ok: false,
      problem: { kind: 'not-number', value: 'on' },
    });
    expect(checkClickLimits(limited(0, 100), '100')).toEqual({ ok: true, value: '100' });
  });

  it('a toggle writes the off value while the variable holds the on value, else the on value', () => {
    const c = config({ writeType: 'toggle', onValue: '8', offValue: '3' });
    expect(toggleValue(c, 8)).toBe('3');
    expect(toggleValue(c, '8.0')).toBe('3');
    expect(toggleValue(c, 3)).toBe('8');
    expect(toggleValue(c, 5)).toBe('8');
    // no value yet: the on value
    expect(toggleValue(c, undefined)).toBe('8');
    expect(toggleValue(config({ onValue: 'open', offValue: 'shut' }), 'open')).toBe('shut');
    expect(toggleValue(config({}), true)).toBe('0');
    expect(clickWriteValue(c, 3)).toEqual({ ok: true, value: '8' });
    expect(clickWriteValue({ ...c, limit: { enable: true, min: 0, max: 5 } }, 3)).toMatchObject({
      ok: false,
      problem: { kind: 'above-max', max: 5 },
    });
  });

  it('a step adds its value; past a limit it stops on the limit, from the limit it writes nothing', () => {
    const up = limited(0, 6, { writeType: 'step', stepValue: 2 });
    expect(clickWriteValue(up, 3)).toEqual({ ok: true, value: '5' });
    expect(clickWriteValue(up, 5)).toEqual({ ok: true, value: '6' });
    expect(clickWriteValue(up, 6)).toEqual({ ok: false, problem: { kind: 'at-max', max: 6 } });
    const down = { ...up, stepValue: -2 };
    expect(stepWrite(down, 1)).toEqual({ ok: true, value: '0' });
    expect(stepWrite(down, 0)).toEqual({ ok: false, problem: { kind: 'at-min', min: 0 } });
    // coming back from beyond a limit stops on it
    expect(stepWrite(down, 20)).toEqual({ ok: true, value: '6' });
    expect(stepWrite(config({ stepValue: 0.1 }), 0.2)).toEqual({ ok: true, value: '0.3' });
    expect(stepWrite(config({ stepValue: 5 }), '12')).toEqual({ ok: true, value: '17' });
    expect(stepWrite(up, undefined)).toEqual({ ok: false, problem: { kind: 'no-current' } });
    expect(stepWrite(up, 'fault')).toEqual({ ok: false, problem: { kind: 'not-number', value: 'fault' } });
  });

  it('a step never writes outside the limits once inside them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: 0, max: 1000 }),
        (min, span, step, at) => {
          const max = min + span;
          const current = min + (at % (span + 1));
          const out = stepWrite(limited(min, max, { stepValue: step }), current);
          if (!out.ok) return step !== 0 && (current === min || current === max);
          const v = Number(out.value);
          return v >= min && v <= max && (step === 0 || v !== current || v === min || v === max);
        },
      ),
    );
  });

  it('press-and-hold writes 1 then 0, 0 then 1, or its own pair', () => {
    expect(pressValues(config({ writeType: 'press' }))).toEqual({ press: '1', release: '0' });
    expect(pressValues(config({ writeType: 'press', pressType: 'set0' }))).toEqual({
      press: '0',
      release: '1',
    });
    expect(
      pressValues(config({ writeType: 'press', pressType: 'custom', onValue: '50', offValue: '10' })),
    ).toEqual({ press: '50', release: '10' });
    expect(isPressWrite(config({ writeType: 'press' }))).toBe(true);
    expect(isPressWrite(config({ writeType: 'toggle' }))).toBe(false);
    expect(clickWriteValue(config({ writeType: 'press' }), 0)).toBeNull();
    expect(clickWriteValue(config({ writeType: 'input' }), 0)).toBeNull();
  });
});
