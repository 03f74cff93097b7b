import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { defaultWidget, type Widget } from '@fieldhub/hmi';
import {
  animationDrive,
  animationFrames,
  animationInterval,
  isTimeOnly,
  ratioOfValue,
  scrollRange,
  timeOfValue,
  timeToWrite,
  valueAtRatio,
} from './controlValues';

function widget(
  type: 'UsualScrollbar' | 'UsualAnimation' | 'UsualTimeSelector',
  data: Record<string, unknown>,
): Widget {
  const w = defaultWidget(type, { id: 'w', x: 0, y: 0 });
  w.data = { ...w.data, ...data };
  return w;
}

describe('scroll bar values (widgets.md §3.2)', () => {
  it('reads min, max and step, repairing an empty range or step', () => {
    expect(scrollRange(widget('UsualScrollbar', {}))).toEqual({ min: 0, max: 100, step: 1 });
    expect(scrollRange(widget('UsualScrollbar', { minVal: 10, maxVal: 5, step: 0 }))).toEqual({
      min: 10,
      max: 110,
      step: 1,
    });
  });

  it('snaps a track position to the step within the range', () => {
    const range = { min: -10, max: 10, step: 5 };
    expect(valueAtRatio(0, range)).toBe(-10);
    expect(valueAtRatio(0.6, range)).toBe(0);
    expect(valueAtRatio(0.65, range)).toBe(5);
    expect(valueAtRatio(1.7, range)).toBe(10);
    expect(valueAtRatio(-1, range)).toBe(-10);
    expect(valueAtRatio(0.3, { min: 0, max: 1, step: 0.1 })).toBe(0.3);
    // a max off the step grid is still reachable and never passed
    expect(valueAtRatio(1, { min: 0, max: 7, step: 5 })).toBe(5);
    expect(valueAtRatio(0.99, { min: 0, max: 10, step: 5 })).toBe(10);
  });

  it('places a value on the track, nothing for a value that is not a number', () => {
    const range = { min: 0, max: 200, step: 1 };
    expect(ratioOfValue(50, range)).toBe(0.25);
    expect(ratioOfValue('150', range)).toBe(0.75);
    expect(ratioOfValue(500, range)).toBe(1);
    expect(ratioOfValue(-5, range)).toBe(0);
    expect(ratioOfValue('abc', range)).toBeNull();
    expect(ratioOfValue('', range)).toBeNull();
    expect(ratioOfValue(null, range)).toBeNull();
  });
});

describe('time selector values (widgets.md §3.2)', () => {
  const format = 'YYYY-MM-DD HH:mm:ss';
  it('reads a text in its format, an ISO time, seconds or milliseconds', () => {
    expect(timeOfValue('2026-03-04 05:06:07', format)?.format(format)).toBe('2026-03-04 05:06:07');
    const secs = dayjs('2026-03-04 05:06:07').unix();
    expect(timeOfValue(secs, format)?.format(format)).toBe('2026-03-04 05:06:07');
    expect(timeOfValue(secs * 1000, format)?.format(format)).toBe('2026-03-04 05:06:07');
    expect(timeOfValue(String(secs), format)?.format(format)).toBe('2026-03-04 05:06:07');
    expect(timeOfValue('2026-03-04T05:06:07', format)?.format(format)).toBe('2026-03-04 05:06:07');
    expect(timeOfValue('not a time', format)).toBeNull();
    expect(timeOfValue(null, format)).toBeNull();
    expect(timeOfValue('', format)).toBeNull();
  });

  it('writes seconds to a numeric variable, else the formatted time', () => {
    const picked = dayjs('2026-03-04 05:06:07');
    expect(timeToWrite(picked, format, 12)).toBe(String(picked.unix()));
    expect(timeToWrite(picked, format, '2020-01-01 00:00:00')).toBe('2026-03-04 05:06:07');
    expect(timeToWrite(picked, 'HH:mm', undefined)).toBe('05:06');
  });

  it('tells a time-of-day format from a date format', () => {
    expect(isTimeOnly('HH:mm:ss')).toBe(true);
    expect(isTimeOnly('YYYY-MM-DD')).toBe(false);
    expect(isTimeOnly(format)).toBe(false);
  });
});

describe('frame animation (widgets.md §3.4)', () => {
  it('reads frames as addresses or { imgUrl } and a bounded interval', () => {
    const w = widget('UsualAnimation', {
      frames: ['/a.png', { imgUrl: '/b.png' }, { imgUrl: '' }, 3],
      interval: 10,
    });
    expect(animationFrames(w)).toEqual(['/a.png', '/b.png']);
    expect(animationInterval(w)).toBe(50);
    expect(animationInterval(widget('UsualAnimation', {}))).toBe(1000);
  });

  it('plays while the value is truthy, holds otherwise; unbound it plays', () => {
    const w = widget('UsualAnimation', {});
    expect(animationDrive(w, false, null, 3)).toEqual({ kind: 'play' });
    expect(animationDrive(w, true, 1, 3)).toEqual({ kind: 'play' });
    expect(animationDrive(w, true, 'on', 3)).toEqual({ kind: 'play' });
    expect(animationDrive(w, true, 0, 3)).toEqual({ kind: 'stop' });
    expect(animationDrive(w, true, '0', 3)).toEqual({ kind: 'stop' });
    expect(animationDrive(w, true, 'false', 3)).toEqual({ kind: 'stop' });
    expect(animationDrive(w, true, null, 3)).toEqual({ kind: 'stop' });
  });

  it('in frame mode shows the frame the value numbers, wrapped', () => {
    const w = widget('UsualAnimation', { driveMode: 'frame' });
    expect(animationDrive(w, true, 1, 3)).toEqual({ kind: 'frame', index: 1 });
    expect(animationDrive(w, true, '4', 3)).toEqual({ kind: 'frame', index: 1 });
    expect(animationDrive(w, true, -1, 3)).toEqual({ kind: 'frame', index: 2 });
    expect(animationDrive(w, true, 'x', 3)).toEqual({ kind: 'frame', index: 0 });
  });
});
