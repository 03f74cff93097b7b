import { describe, it, expect } from 'vitest';
import { Err, catalogueEntries, entryFor, isKnownCode, messageFor, specRanges } from './catalogue';
import { modbusExceptionCodes, modbusExceptionToCode, modbusFaultToCode } from './fieldbus';

const cjk = /[\u3400-\u9fff]/;
const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

function codesOfSpec(): number[] {
  return specRanges.flatMap(({ from, to }) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

describe('error catalogue completeness', () => {
  it('has an entry for every code of every spec range', () => {
    const missing = codesOfSpec().filter((code) => !isKnownCode(code));
    expect(missing).toEqual([]);
  });

  it('holds no code outside the spec ranges', () => {
    const inSpec = new Set(codesOfSpec());
    expect(catalogueEntries.filter((entry) => !inSpec.has(entry.code)).map((e) => e.code)).toEqual([]);
  });

  it('gives no two entries the same code or the same name', () => {
    const codes = catalogueEntries.map((entry) => entry.code);
    const names = catalogueEntries.map((entry) => entry.name);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names every entry in lowerCamelCase', () => {
    const badNames = catalogueEntries.map((e) => e.name).filter((name) => !/^[a-z][a-zA-Z0-9]*$/.test(name));
    expect(badNames).toEqual([]);
  });

  it('writes a Chinese and an English message for every entry', () => {
    for (const entry of catalogueEntries) {
      expect(entry.zh.trim(), `zh of ${entry.code}`).not.toBe('');
      expect(entry.en.trim(), `en of ${entry.code}`).not.toBe('');
      expect(entry.zh, `zh of ${entry.code}`).toMatch(cjk);
      expect(entry.en, `en of ${entry.code}`).not.toMatch(cjk);
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const entry of catalogueEntries) {
      expect(placeholdersOf(entry.zh), `placeholders of ${entry.code}`).toEqual(placeholdersOf(entry.en));
    }
  });

  it.each([
    [1127, '50'],
    [1201, '10'],
    [1202, '500'],
    [1305, '12'],
    [1306, '100'],
    [1321, '5'],
    [1705, '100'],
    [1723, '100'],
    [1901, '100'],
    [1902, '10'],
    [2601, '100'],
    [2602, '50'],
    [2603, '100'],
    [2701, '30'],
    [2702, '50'],
    [2801, '10'],
    [2901, '5'],
    [3001, '500'],
  ])('states the limit of code %i (%s) in both languages', (code, limit) => {
    const wholeNumber = new RegExp(`(^|\\D)${limit}(\\D|$)`);
    expect(messageFor(code, 'zh-CN')).toMatch(wholeNumber);
    expect(messageFor(code, 'en-US')).toMatch(wholeNumber);
  });
});

describe('Err', () => {
  it('maps names to the codes other modules depend on', () => {
    expect(Err.wrongCredentials).toBe(1001);
    expect(Err.tooManyFailures).toBe(1005);
    expect(Err.loginTimeout).toBe(1006);
    expect(Err.accountBoundElsewhere).toBe(1010);
    expect(Err.communicationTimeout).toBe(1301);
    expect(Err.writeAboveUpperLimit).toBe(2003);
    expect(Err.templateInUse).toBe(3109);
    expect(Err.parameterCheckFailed).toBe(10001);
    expect(Err.unknownError).toBe(90099);
  });

  it('has one key per entry', () => {
    expect(Object.keys(Err)).toHaveLength(catalogueEntries.length);
    for (const entry of catalogueEntries) expect(entryFor(entry.code)?.name).toBe(entry.name);
  });
});

describe('messageFor', () => {
  it('reads a known code in the caller language, whether given as number or string', () => {
    expect(messageFor(1001, 'zh-CN')).toBe('用户名或密码错误');
    expect(messageFor('1001', 'en-US')).toBe('Incorrect username or password');
    expect(messageFor(' 2003 ', 'en-US')).toBe('The value is above the write upper limit');
  });

  it('reads an unknown code as a communication exception with the code', () => {
    expect(messageFor(4242, 'en-US')).toBe('communication exception, code 4242');
    expect(messageFor(4242, 'zh-CN')).toBe('通讯异常，代码 4242');
    expect(messageFor('E42', 'en-US')).toBe('communication exception, code E42');
    expect(isKnownCode(4242)).toBe(false);
    expect(isKnownCode('1001x')).toBe(false);
    expect(isKnownCode(1001.5)).toBe(false);
  });

  it('fills placeholders from params', () => {
    expect(messageFor(Err.tooManyFailures, 'en-US', { minutes: 30 })).toBe(
      'Too many failed attempts; the account is locked for 30 minutes',
    );
    expect(messageFor(Err.tooManyFailures, 'zh-CN', { minutes: 30 })).toBe(
      '错误次数过多，账号已锁定 30 分钟',
    );
    expect(messageFor(Err.parameterCheckFailed, 'en-US', { detail: 'name is required' })).toBe(
      'Parameter check failed: name is required',
    );
    expect(messageFor(Err.parameterCheckFailed, 'zh-CN', { detail: '名称不能为空' })).toBe(
      '参数校验失败：名称不能为空',
    );
  });

  it('drops a missing or blank trailing detail with its separator', () => {
    expect(messageFor(Err.parameterCheckFailed, 'en-US')).toBe('Parameter check failed');
    expect(messageFor(Err.parameterCheckFailed, 'zh-CN')).toBe('参数校验失败');
    expect(messageFor(Err.parameterCheckFailed, 'en-US', { detail: '  ' })).toBe('Parameter check failed');
  });

  it('leaves no placeholder braces behind when a mid-sentence param is missing', () => {
    expect(messageFor(Err.tooManyFailures, 'en-US')).not.toMatch(/[{}]|\s{2}/);
  });
});

describe('field-bus mapping', () => {
  it('maps every Modbus exception 0x01-0x0B to an existing code', () => {
    for (let exception = 1; exception <= 11; exception++) {
      expect(isKnownCode(modbusExceptionToCode(exception)), `exception ${exception}`).toBe(true);
    }
  });

  it('maps the exceptions the gateway acceptance tests raise', () => {
    expect(modbusExceptionToCode(0x01)).toBe(1707);
    expect(modbusExceptionToCode(0x02)).toBe(1708);
    expect(modbusExceptionToCode(0x03)).toBe(1709);
    expect(modbusExceptionToCode(0x04)).toBe(1711);
    expect(modbusExceptionToCode(0x05)).toBe(1710);
    expect(modbusExceptionToCode(0x06)).toBe(1712);
    expect(modbusExceptionToCode(0x07)).toBe(1718);
    expect(modbusExceptionToCode(0x08)).toBe(1719);
    expect(modbusExceptionToCode(0x0a)).toBe(1716);
    expect(modbusExceptionToCode(0x0b)).toBe(1717);
  });

  it('gives reserved and unknown exceptions the lower-device communication fault', () => {
    expect(modbusExceptionToCode(0x09)).toBe(99901);
    expect(modbusExceptionToCode(0x0c)).toBe(99901);
    expect(modbusExceptionToCode(0)).toBe(99901);
  });

  it('gives each exception its own code', () => {
    const codes = Object.values(modbusExceptionCodes);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('maps time-out, CRC and wrong slave id to existing codes', () => {
    expect(modbusFaultToCode('timeout')).toBe(1715);
    expect(modbusFaultToCode('crcError')).toBe(1713);
    expect(modbusFaultToCode('wrongSlaveId')).toBe(1502);
    expect(modbusFaultToCode('connectionFailed')).toBe(1503);
  });
});
