import { describe, expect, it } from 'vitest';
import { judgeItems, judgeValue, type VariableRule } from './telemetryJudge';

const rule = (dataType: VariableRule['dataType'], more: Partial<VariableRule> = {}): VariableRule => ({
  id: 1,
  dataType,
  stringLength: null,
  raw: true,
  ...more,
});

const T = Date.UTC(2025, 0, 10);
const window = { notBefore: T - 86_400_000, notAfter: T + 300_000 };

describe('a value against its variable type', () => {
  it('coerces numeric texts and booleans for numeric types', () => {
    expect(judgeValue('12.5', rule('float32'))).toEqual({ value: 12.5 });
    expect(judgeValue(' -3e2 ', rule('float64'))).toEqual({ value: -300 });
    expect(judgeValue('42', rule('int16'))).toEqual({ value: 42 });
    expect(judgeValue(true, rule('float32'))).toEqual({ value: 1 });
    expect(judgeValue(false, rule('bit'))).toEqual({ value: 0 });
    expect(judgeValue(null, rule('int16'))).toEqual({ value: null });
  });

  it('stores non-finite numbers as no value with quality 1722', () => {
    for (const text of ['NaN', 'Infinity', '-Infinity', 'inf', '1e400'])
      expect(judgeValue(text, rule('float32'))).toEqual({ value: null, quality: 1722 });
  });

  it('refuses non-numeric text, objects and arrays for numeric types with 1722', () => {
    for (const value of ['high', '', '0x10', '12,5', {}, [1]])
      expect(judgeValue(value, rule('float64'))).toEqual({ refused: 1722 });
  });

  it('refuses a fraction for an integer register with 1722 and a value outside its type with 99906', () => {
    expect(judgeValue(4.5, rule('int16'))).toEqual({ refused: 1722 });
    expect(judgeValue(32_768, rule('int16'))).toEqual({ refused: 99906 });
    expect(judgeValue(-1, rule('uint32'))).toEqual({ refused: 99906 });
    expect(judgeValue(2, rule('bit'))).toEqual({ refused: 99906 });
    expect(judgeValue(1e39, rule('float32'))).toEqual({ refused: 99906 });
    expect(judgeValue(65_535, rule('uint16'))).toEqual({ value: 65_535 });
  });

  it('takes any finite number for a variable with a formula, whatever its register type', () => {
    expect(judgeValue(4.5, rule('int16', { raw: false }))).toEqual({ value: 4.5 });
    expect(judgeValue(70_000.25, rule('uint16', { raw: false }))).toEqual({ value: 70_000.25 });
  });

  it('takes texts up to the declared length for strings (the protocol maximum without one) and refuses the rest', () => {
    expect(judgeValue('x'.repeat(64), rule('string', { stringLength: 64 }))).toEqual({
      value: 'x'.repeat(64),
    });
    expect(judgeValue('x'.repeat(65), rule('string', { stringLength: 64 }))).toEqual({ refused: 1365 });
    expect(judgeValue('x'.repeat(1024), rule('string'))).toEqual({ value: 'x'.repeat(1024) });
    expect(judgeValue('x'.repeat(1025), rule('string'))).toEqual({ refused: 1365 });
    expect(judgeValue(12, rule('string', { stringLength: 8 }))).toEqual({ refused: 1722 });
  });
});

describe('the items of a batch', () => {
  const variables = new Map<string, VariableRule>([
    ['7', rule('float32', { id: 7 })],
    ['8', rule('string', { id: 8, stringLength: 4 })],
  ]);

  it('stores the good values and refuses each bad item or value alone, with its index and key', () => {
    const judged = judgeItems(
      [
        { ts: T, vals: { '7': 1.5, '8': 'ok', '9': 3, level: 1 } },
        { ts: -5, vals: { '7': 1 } },
        { ts: 0, vals: { '7': 1 } },
        { ts: window.notBefore - 1, vals: { '7': 1 } },
        { ts: window.notAfter + 1, vals: { '7': 1 } },
        { ts: 1.5, vals: { '7': 1 } },
        'not an item',
        { ts: T + 1, vals: { '7': 'NaN', '8': 'too long' }, q: { '7': 1715 } },
        { ts: T + 2, vals: {}, q: { '7': 1713, '8': 'x' } },
        { ts: T + 3 },
      ],
      variables,
      window,
    );
    expect(judged.rows).toEqual([
      { variableId: 7, ts: T, value: 1.5, quality: 0 },
      { variableId: 8, ts: T, value: 'ok', quality: 0 },
      { variableId: 7, ts: T + 1, value: null, quality: 1715 },
      { variableId: 7, ts: T + 2, value: null, quality: 1713 },
    ]);
    expect(judged.refusals).toEqual([
      { item: 0, ts: T, key: '9', code: 1714 },
      { item: 0, ts: T, key: 'level', code: 1364 },
      { item: 1, ts: -5, code: 1360 },
      { item: 2, ts: 0, code: 1360 },
      { item: 3, ts: window.notBefore - 1, code: 1361 },
      { item: 4, ts: window.notAfter + 1, code: 1362 },
      { item: 5, ts: 1.5, code: 1363 },
      { item: 6, code: 1363 },
      { item: 7, ts: T + 1, key: '8', code: 1365 },
      { item: 8, ts: T + 2, key: '8', code: 1363 },
      { item: 9, ts: T + 3, code: 1363 },
    ]);
    expect(judged.refusedTotal).toBe(11);
  });

  it('lists at most 500 refusals and counts them all', () => {
    const items = Array.from({ length: 600 }, (_, i) => ({ ts: -i, vals: {} }));
    const judged = judgeItems(items, variables, window);
    expect(judged.refusals).toHaveLength(500);
    expect(judged.refusedTotal).toBe(600);
  });
});
