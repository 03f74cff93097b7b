import { describe, expect, it } from 'vitest';
import { messageFor } from '@fieldhub/shared';
import type { Translate } from '../useT';
import { checkVariable } from './variableCheck';

// the key stands in for the translated text
const t: Translate<'deviceConfig'> = (key) => key;
const ctx = { protocol: 'modbus-tcp' as const, otherNames: ['flow'], t, lang: 'en-US' as const };

const valid = {
  kind: 'device',
  driverId: 3,
  name: 'tank_level',
  dataType: 'float32',
  registerType: '4x',
  address: '0',
  rw: 'rw',
  collectFormula: 'x*0.1',
  writeUpper: 100,
  writeLower: 0,
  mapping: [],
};

const errorOf = (values: Record<string, unknown>, field: string) =>
  checkVariable(values, ctx).errors.find((e) => e.name.join('.') === field)?.message;

describe('checking a variable form in the browser', () => {
  it('accepts a valid device variable and returns the item to send', () => {
    const check = checkVariable(valid, ctx);
    expect(check.errors).toEqual([]);
    expect(check.item).toMatchObject({ name: 'tank_level', address: '0', writeUpper: 100 });
  });

  it('refuses a mapping with a repeated value with the catalogue message 1726', () => {
    const values = {
      ...valid,
      mapping: [
        { value: '1', text: 'On' },
        { value: 1, text: 'Also on' },
      ],
    };
    expect(errorOf(values, 'mapping')).toBe(messageFor(1726, 'en-US'));
    expect(checkVariable(values, ctx).item).toBeNull();
  });

  it('refuses blank mapping text (1727) and more than 100 entries (1723)', () => {
    expect(errorOf({ ...valid, mapping: [{ value: '0', text: '  ' }] }, 'mapping')).toBe(
      messageFor(1727, 'en-US'),
    );
    const many = Array.from({ length: 101 }, (_, i) => ({ value: String(i), text: `s${i}` }));
    expect(errorOf({ ...valid, mapping: many }, 'mapping')).toBe(messageFor(1723, 'en-US'));
  });

  it('explains an unparseable collection formula and one that reads another name', () => {
    expect(errorOf({ ...valid, collectFormula: 'x*(2' }, 'collectFormula')).toBeTruthy();
    expect(errorOf({ ...valid, collectFormula: 'y+1' }, 'collectFormula')).toContain('y');
  });

  it('refuses a formula of 201 characters', () => {
    expect(errorOf({ ...valid, collectFormula: `x${'+1'.repeat(100)}` }, 'collectFormula')).toBeTruthy();
  });

  it('refuses reversed write limits on the upper limit field', () => {
    expect(errorOf({ ...valid, writeUpper: 0, writeLower: 10 }, 'writeUpper')).toBe(
      'The write upper limit must exceed the write lower limit',
    );
  });

  it('checks the address for the driver protocol while another field is still invalid', () => {
    const values = { ...valid, name: '', registerType: '1x', dataType: 'float32' };
    expect(errorOf(values, 'name')).toBe('deviceConfig:issue.required');
    expect(errorOf(values, 'dataType')).toContain('bit');
  });

  it('lets intermediate formulas read only sibling variables', () => {
    const mid = { kind: 'intermediate', name: 'total', dataType: 'float64', formula: 'flow*2', mapping: [] };
    expect(checkVariable(mid, ctx).errors).toEqual([]);
    expect(errorOf({ ...mid, formula: 'level*2' }, 'formula')).toContain('level');
  });

  it('asks a data summary variable for its sources, aggregation and period, then sends them', () => {
    const summary = { kind: 'summary', name: 'plant_power', dataType: 'float64', mapping: [] };
    expect(errorOf(summary, 'summarySources')).toBe('A summary variable needs source variables');
    expect(errorOf(summary, 'summaryAggregation')).toBe('A summary variable needs an aggregation');
    expect(errorOf({ ...summary }, 'summaryPeriod')).toBe('A summary variable needs a period');
    expect(
      checkVariable({ ...summary, summarySources: [4] }, { ...ctx, lang: 'zh-CN' }).errors[0]?.message,
    ).toBe('汇总变量需选择汇总方式');
    const full = { ...summary, summarySources: [4, 9], summaryAggregation: 'sum', summaryPeriod: 'day' };
    const check = checkVariable(full, ctx);
    expect(check.errors).toEqual([]);
    expect(check.item).toMatchObject({
      summarySources: [4, 9],
      summaryAggregation: 'sum',
      summaryPeriod: 'day',
    });
    expect(errorOf({ ...full, dataType: 'bit' }, 'dataType')).toBe(
      'A summary variable must have a numeric data type',
    );
  });
});
