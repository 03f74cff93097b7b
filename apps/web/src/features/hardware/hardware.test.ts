import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { checkSnList, snRange } from './snList';

describe('SN list of the register dialog', () => {
  it('takes one SN per line and ignores blank lines and spaces', () => {
    expect(checkSnList('200000000001\n\n  200000000002 \r\n').sns).toEqual(['200000000001', '200000000002']);
  });

  it('reports lines that are not 12 digits and SNs typed twice', () => {
    const check = checkSnList('200000000001\n20000000002\nabc\n200000000001');
    expect(check.sns).toEqual(['200000000001']);
    expect(check.invalid).toEqual(['20000000002', 'abc']);
    expect(check.duplicates).toEqual(['200000000001']);
  });

  it('allows 100 SNs in one batch and flags the 101st', () => {
    expect(checkSnList(snRange('200000000001', 100).join('\n')).tooMany).toBe(false);
    const many = [...snRange('200000000001', 100), '300000000001'].join('\n');
    expect(checkSnList(many).tooMany).toBe(true);
  });

  it('fills a range of consecutive SNs within 12 digits', () => {
    expect(snRange('000000000009', 3)).toEqual(['000000000009', '000000000010', '000000000011']);
    expect(snRange('999999999999', 3)).toEqual(['999999999999']);
    expect(snRange('12', 3)).toEqual([]);
  });
});

describe('CSV of the issued codes', () => {
  it('quotes fields with commas or quotes and defuses formula-like cells', () => {
    expect(
      toCsv(
        ['sn', 'password'],
        [
          ['200000000001', 'a,b"c'],
          ['200000000002', '=cmd'],
        ],
      ),
    ).toBe('sn,password\r\n200000000001,"a,b""c"\r\n200000000002,\'=cmd\r\n');
  });
});
