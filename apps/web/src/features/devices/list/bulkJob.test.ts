import { describe, expect, it } from 'vitest';
import { isSpreadsheetName, jobPercent, jobPhase } from './bulkJob';

describe('bulk job', () => {
  it('reads finished states and treats every other state as in progress', () => {
    expect(jobPhase({ state: 'completed' })).toBe('completed');
    expect(jobPhase({ state: 'failed' })).toBe('failed');
    expect(jobPhase({ state: 'running' })).toBe('running');
    expect(jobPhase({ state: 'queued' })).toBe('running');
  });

  it('shows progress in whole percent, 0 before the size is known and 100 when completed', () => {
    expect(jobPercent({ state: 'running', done: 1, total: 3, errors: [] })).toBe(33);
    expect(jobPercent({ state: 'running', done: 0, total: 0, errors: [] })).toBe(0);
    expect(jobPercent({ state: 'completed', done: 0, total: 0, errors: [] })).toBe(100);
    expect(jobPercent({ state: 'running', done: 9, total: 3, errors: [] })).toBe(100);
  });

  it('accepts only .xls and .xlsx files for import', () => {
    expect(isSpreadsheetName('devices.XLSX')).toBe(true);
    expect(isSpreadsheetName('old.xls')).toBe(true);
    expect(isSpreadsheetName('devices.csv')).toBe(false);
    expect(isSpreadsheetName('xlsx')).toBe(false);
  });
});
