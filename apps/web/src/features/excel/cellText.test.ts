import { describe, expect, it } from 'vitest';
import { cellText } from './cellText';

describe('cell text under a number format', () => {
  it('shows General numbers with up to 11 significant digits', () => {
    expect(cellText(62.1)).toBe('62.1');
    expect(cellText(1 / 3)).toBe('0.33333333333');
    expect(cellText(42, 'General')).toBe('42');
  });

  it('fixes decimals, groups thousands and shows percent', () => {
    expect(cellText(62.1, '0.00')).toBe('62.10');
    expect(cellText(1234567.891, '#,##0.0')).toBe('1,234,567.9');
    expect(cellText(0.256, '0.0%')).toBe('25.6%');
    expect(cellText(0.5, '#.##')).toBe('.5');
  });

  it('keeps units and literal text around the number, and uses the negative section', () => {
    expect(cellText(61.25, '0.0" °C"')).toBe('61.3 °C');
    expect(cellText(3, '0.00\\ "kPa"')).toBe('3.00 kPa');
    expect(cellText(-2.5, '0.00;[Red]-0.00')).toBe('-2.50');
    expect(cellText(-2.5, '0.00;[Red](0.00)')).toBe('(2.50)');
  });

  it('shows dates and times in their format, minutes told from months', () => {
    const at = Date.UTC(2026, 0, 2, 14, 5, 9);
    expect(cellText(at, 'yyyy-mm-dd', true)).toBe('2026-01-02');
    expect(cellText(at, 'yyyy-mm-dd hh:mm:ss', true)).toBe('2026-01-02 14:05:09');
    expect(cellText(at, 'm/d/yy', true)).toBe('1/2/26');
    expect(cellText(at, 'h:mm AM/PM', true)).toBe('2:05 PM');
    expect(cellText(at, undefined, true)).toBe('2026-01-02');
  });

  it('shows text, booleans and empty cells as they are', () => {
    expect(cellText('Boiler', '0.00')).toBe('Boiler');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(null, '0.00')).toBe('');
  });
});
