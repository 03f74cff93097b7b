import { describe, expect, it } from 'vitest';
import { OPCUA_STRING_ID_MAX, parseOpcUaNodeId } from './opcua';

describe('parseOpcUaNodeId', () => {
  it.each([
    ['ns=2;s=Line1.Speed', { namespaceIndex: 2, identifierType: 'string', identifier: 'Line1.Speed' }],
    ['ns=3;i=1001', { namespaceIndex: 3, identifierType: 'numeric', identifier: 1001 }],
    ['i=2258', { namespaceIndex: 0, identifierType: 'numeric', identifier: 2258 }],
    ['s=Counter', { namespaceIndex: 0, identifierType: 'string', identifier: 'Counter' }],
    ['ns=0;i=4294967295', { namespaceIndex: 0, identifierType: 'numeric', identifier: 4294967295 }],
    ['ns=65535;i=0', { namespaceIndex: 65535, identifierType: 'numeric', identifier: 0 }],
    [
      'ns=1;g=09087e75-8e5e-499b-954f-f2a9603db28a',
      { namespaceIndex: 1, identifierType: 'guid', identifier: '09087e75-8e5e-499b-954f-f2a9603db28a' },
    ],
    [
      'ns=1;b=M/RbKBsRVkePCePcx24oRA==',
      { namespaceIndex: 1, identifierType: 'opaque', identifier: 'M/RbKBsRVkePCePcx24oRA==' },
    ],
    [
      'nsu=urn:plant:line1;s=Speed',
      { namespaceUri: 'urn:plant:line1', identifierType: 'string', identifier: 'Speed' },
    ],
    [
      'nsu=http://example.com/UA/;i=42',
      { namespaceUri: 'http://example.com/UA/', identifierType: 'numeric', identifier: 42 },
    ],
    ['ns=2;s=a;b=c', { namespaceIndex: 2, identifierType: 'string', identifier: 'a;b=c' }],
    ['ns=2;s=温度 传感器', { namespaceIndex: 2, identifierType: 'string', identifier: '温度 传感器' }],
    ['  ns=4;i=7  ', { namespaceIndex: 4, identifierType: 'numeric', identifier: 7 }],
  ])('reads %s', (address, expected) => {
    expect(parseOpcUaNodeId(address)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'An OPC UA node id looks like ns=2;s=Line1.Speed, ns=3;i=1001, i=2258 or nsu=<URI>;s=Speed'],
    ['ns=2', 'An OPC UA node id looks like ns=2;s=Line1.Speed, ns=3;i=1001, i=2258 or nsu=<URI>;s=Speed'],
    ['ns=2;x=1', 'An OPC UA node id looks like ns=2;s=Line1.Speed, ns=3;i=1001, i=2258 or nsu=<URI>;s=Speed'],
    [
      'ns=-1;i=1',
      'An OPC UA node id looks like ns=2;s=Line1.Speed, ns=3;i=1001, i=2258 or nsu=<URI>;s=Speed',
    ],
    ['ns=2,i=1', 'An OPC UA node id looks like ns=2;s=Line1.Speed, ns=3;i=1001, i=2258 or nsu=<URI>;s=Speed'],
    ['nsu=;s=a', 'An OPC UA node id looks like ns=2;s=Line1.Speed, ns=3;i=1001, i=2258 or nsu=<URI>;s=Speed'],
    ['ns=65536;i=1', 'The namespace index must be from 0 to 65535'],
    ['i=4294967296', 'A numeric identifier (i=) must be a whole number from 0 to 4294967295'],
    ['i=-1', 'A numeric identifier (i=) must be a whole number from 0 to 4294967295'],
    ['i=1.5', 'A numeric identifier (i=) must be a whole number from 0 to 4294967295'],
    ['i=', 'A numeric identifier (i=) must be a whole number from 0 to 4294967295'],
    ['ns=1;s=', `A string identifier (s=) must have 1 to ${OPCUA_STRING_ID_MAX} characters`],
    ['ns=1;g=not-a-guid', 'A GUID identifier (g=) must look like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'],
    ['ns=1;b=abc', 'An opaque identifier (b=) must be Base64'],
    ['ns=1;b=', 'An opaque identifier (b=) must be Base64'],
  ])('refuses %j', (address, en) => {
    expect(parseOpcUaNodeId(address)).toMatchObject({ ok: false, error: { field: 'address', en } });
  });

  it('limits string identifiers to the length the specification allows', () => {
    expect(parseOpcUaNodeId(`ns=1;s=${'a'.repeat(OPCUA_STRING_ID_MAX)}`).ok).toBe(true);
    expect(parseOpcUaNodeId(`ns=1;s=${'a'.repeat(OPCUA_STRING_ID_MAX + 1)}`).ok).toBe(false);
  });

  it('explains problems in Chinese too', () => {
    expect(parseOpcUaNodeId('ns=1;b=@@')).toMatchObject({
      error: { zh: '字节串标识（b=）须为 Base64 编码' },
    });
  });
});
