import { describe, expect, it } from 'vitest';
import {
  base64OfDataUrl,
  certificateBytes,
  certificateProblem,
  cleanLan,
  lanFieldProblem,
} from './gatewayRules';
import { signalBars } from '../../app/signalBars';

const lan = { ip: '192.168.1.10', mask: '255.255.255.0', nextHop: '192.168.1.1' };

describe('gateway LAN checks', () => {
  it('accepts a next hop inside the LAN segment', () => {
    expect(lanFieldProblem(lan, 'nextHop')).toBeNull();
  });

  it('refuses a next hop outside the LAN segment with 1333', () => {
    expect(lanFieldProblem({ ...lan, nextHop: '10.0.0.1' }, 'nextHop')).toBe(1333);
  });

  it('refuses a next hop when the LAN address or mask is missing, as the server does', () => {
    expect(lanFieldProblem({ nextHop: '192.168.1.1' }, 'nextHop')).toBe(1333);
  });

  it('refuses a mask that is not a subnet mask with 1334', () => {
    expect(lanFieldProblem({ ...lan, mask: '255.0.255.0' }, 'mask')).toBe(1334);
  });

  it('reports badly formed addresses before the segment rule', () => {
    expect(lanFieldProblem({ ...lan, ip: '192.168.1.300' }, 'ip')).toBe('ip-format');
    expect(lanFieldProblem({ ...lan, mask: 'abc' }, 'mask')).toBe('ip-format');
    expect(lanFieldProblem({ mac: '00:11:22:33:44' }, 'mac')).toBe('mac-format');
    expect(lanFieldProblem({ mac: '00-11-22-33-44-AA' }, 'mac')).toBeNull();
  });

  it('leaves blank fields alone and drops them from what is sent', () => {
    expect(lanFieldProblem({ ip: '  ' }, 'ip')).toBeNull();
    expect(cleanLan({ ip: ' 10.0.0.2 ', mask: '', mac: undefined })).toEqual({ ip: '10.0.0.2' });
  });
});

describe('certificate files', () => {
  it('accepts .pem and .der up to 1 MB', () => {
    expect(certificateProblem('ca.PEM', 1024)).toBeNull();
    expect(certificateProblem('client.der', 1024 * 1024)).toBeNull();
    expect(certificateProblem('client.der', 1024 * 1024 + 1)).toBe('size');
    expect(certificateProblem('key.txt', 10)).toBe('type');
  });

  it('takes the base64 part of a data URL and measures it', () => {
    expect(base64OfDataUrl('data:application/octet-stream;base64,QUJD')).toBe('QUJD');
    expect(certificateBytes('QUJD')).toBe(3);
    expect(certificateBytes('')).toBe(0);
  });
});

describe('signal strength', () => {
  it('reads negative values as dBm and others as a percentage', () => {
    expect(signalBars(-65)).toBe(4);
    expect(signalBars(-95)).toBe(2);
    expect(signalBars(-120)).toBe(0);
    expect(signalBars(80)).toBe(4);
    expect(signalBars(30)).toBe(2);
    expect(signalBars(0)).toBe(0);
    expect(signalBars(null)).toBeNull();
  });
});
