import { describe, expect, it } from 'vitest';
import { formatValue, formatValueWithUnit, type ValueFormat } from './valueFormat';

const temp: ValueFormat = { decimals: 2, dataType: 'float32', unit: '°C', mapping: [] };

describe('value format', () => {
  it('shows a float32 reading with the variable’s decimals and unit, not its conversion noise', () => {
    expect(formatValueWithUnit(temp, 95.04582977294922)).toBe('95.05 °C');
    expect(formatValueWithUnit({ ...temp, decimals: 0 }, 95.5)).toBe('96 °C');
    expect(formatValueWithUnit(temp, 7)).toBe('7.00 °C');
  });

  it('keeps integers of integer types whole, but rounds a fraction a formula made of them', () => {
    const count: ValueFormat = { decimals: 1, dataType: 'uint16', unit: 'pcs', mapping: [] };
    expect(formatValueWithUnit(count, 7)).toBe('7 pcs');
    expect(formatValue(count, 23.400000000000002)).toBe('23.4');
  });

  it('shows the mapped text of a state without unit, and nothing for no value', () => {
    const state: ValueFormat = {
      decimals: 0,
      dataType: 'int16',
      unit: 'mode',
      mapping: [{ value: 1, text: 'Running' }],
    };
    expect(formatValueWithUnit(state, 1)).toBe('Running');
    expect(formatValueWithUnit(state, 2)).toBe('2 mode');
    expect(formatValueWithUnit(state, null)).toBe('');
    expect(formatValue(state, undefined)).toBe('');
  });

  it('shows texts as they are', () => {
    expect(formatValueWithUnit({ ...temp, dataType: 'string', unit: '' }, 'OK')).toBe('OK');
  });

  it('trims float32 noise when the variable is no longer known', () => {
    expect(formatValueWithUnit(null, 95.04582977294922)).toBe('95.04583');
    expect(formatValueWithUnit(null, 1234567890)).toBe('1234567890');
    expect(formatValueWithUnit(undefined, null)).toBe('');
  });
});
