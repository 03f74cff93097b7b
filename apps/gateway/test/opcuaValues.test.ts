/**
 * The pure parts of the OPC UA driver: value conversion both ways, status codes and client errors
 * as catalogue codes, and the reconnection back-off it shares with the S7 driver.
 */
import { Err } from '@fieldhub/shared';
import { DataType, NodeId, Variant, VariantArrayType } from 'node-opcua-client';
import { describe, expect, it } from 'vitest';
import { connectErrorToCode, isConnectionError, nodeStatusToCode } from '../src/drivers/opcua/opcuaFaults';
import { builtInTypeOf, rawToVariant, toNodeId, variantToRaw } from '../src/drivers/opcua/opcuaValues';
import { ReconnectGate, backoffDelay } from '../src/drivers/opcua/reconnectGate';

const scalar = (dataType: DataType, value: unknown) =>
  new Variant({ dataType, arrayType: VariantArrayType.Scalar, value });

describe('variantToRaw', () => {
  it('turns 64-bit [high, low] words into numbers, signed or not', () => {
    expect(
      variantToRaw(scalar(DataType.Int64, [0xffffffff, 0xfffffffe]), {
        dataType: 'int64',
        stringLength: null,
      }),
    ).toEqual({ ok: true, value: -2 });
    expect(variantToRaw(scalar(DataType.UInt64, [1, 0]), { dataType: 'uint64', stringLength: null })).toEqual(
      { ok: true, value: 2 ** 32 },
    );
  });

  it('accepts integers for floats and Booleans for bits, and nothing else across kinds', () => {
    const raw = (variant: Variant, dataType: 'bit' | 'int16' | 'float32' | 'string') =>
      variantToRaw(variant, { dataType, stringLength: 8 });
    expect(raw(scalar(DataType.Byte, 7), 'float32')).toEqual({ ok: true, value: 7 });
    expect(raw(scalar(DataType.Boolean, false), 'bit')).toEqual({ ok: true, value: 0 });
    expect(raw(scalar(DataType.Double, 1), 'int16')).toEqual({ ok: false, code: Err.dataTypeError });
    expect(raw(scalar(DataType.UInt16, 40000), 'int16')).toEqual({ ok: false, code: Err.dataTypeError });
    expect(raw(scalar(DataType.String, 'x'), 'float32')).toEqual({ ok: false, code: Err.dataTypeError });
    expect(raw(new Variant({ dataType: DataType.Int16, value: [1, 2] }), 'int16')).toEqual({
      ok: false,
      code: Err.dataTypeError,
    });
    expect(raw(scalar(DataType.String, 'a long text'), 'string')).toEqual({ ok: true, value: 'a long t' });
  });
});

describe('rawToVariant', () => {
  it('writes 64-bit integers as [high, low] words, exactly from text', () => {
    expect(rawToVariant(-2, DataType.Int64)?.value).toEqual([0xffffffff, 0xfffffffe]);
    expect(rawToVariant('18446744073709551615', DataType.UInt64)?.value).toEqual([0xffffffff, 0xffffffff]);
    expect(rawToVariant('18446744073709551616', DataType.UInt64)).toBeNull();
  });

  it('refuses values outside the node type', () => {
    expect(rawToVariant(256, DataType.Byte)).toBeNull();
    expect(rawToVariant(1.5, DataType.Int32)?.value).toBe(2);
    expect(rawToVariant(0.6, DataType.Boolean)).toBeNull();
    expect(rawToVariant(1e39, DataType.Float)).toBeNull();
    expect(rawToVariant('on', DataType.Boolean)).toBeNull();
    expect(rawToVariant(1, DataType.Boolean)?.value).toBe(true);
    expect(rawToVariant(12, DataType.String)?.value).toBe('12');
    expect(rawToVariant(1, DataType.DateTime)).toBeNull();
  });
});

describe('node ids and data types', () => {
  it('builds node ids of every identifier type and resolves namespace URIs', () => {
    expect(
      toNodeId({ namespaceIndex: 2, identifierType: 'string', identifier: 'A.B' }, null)?.toString(),
    ).toBe('ns=2;s=A.B');
    expect(
      toNodeId({ namespaceIndex: 0, identifierType: 'numeric', identifier: 2258 }, null)?.toString(),
    ).toBe('ns=0;i=2258');
    expect(
      toNodeId({ namespaceUri: 'urn:b', identifierType: 'opaque', identifier: 'AQI=' }, [
        'urn:a',
        'urn:b',
      ])?.toString(),
    ).toBe('ns=1;b=AQI=');
    expect(
      toNodeId({ namespaceUri: 'urn:c', identifierType: 'numeric', identifier: 1 }, ['urn:a']),
    ).toBeNull();
  });

  it('knows the built-in types a DataType attribute names', () => {
    expect(builtInTypeOf(new NodeId(NodeId.NodeIdType.NUMERIC, 11, 0))).toBe(DataType.Double);
    expect(builtInTypeOf(new NodeId(NodeId.NodeIdType.NUMERIC, 290, 0))).toBeNull();
    expect(builtInTypeOf(new NodeId(NodeId.NodeIdType.NUMERIC, 11, 2))).toBeNull();
  });
});

describe('OPC UA faults', () => {
  it('maps node status codes by operation', () => {
    expect(nodeStatusToCode('BadNodeIdUnknown', 'read')).toBe(Err.variableNotFound);
    expect(nodeStatusToCode('BadUserAccessDenied', 'write')).toBe(Err.variableReadOnly);
    expect(nodeStatusToCode('BadNotWritable', 'write')).toBe(Err.variableReadOnly);
    expect(nodeStatusToCode('BadTypeMismatch', 'write')).toBe(Err.dataTypeError);
    expect(nodeStatusToCode('BadWaitingForInitialData', 'read')).toBe(Err.lowerDeviceFault);
  });

  it('tells refused credentials from an unreachable server', () => {
    expect(connectErrorToCode(new Error('BadUserAccessDenied (0x801f0000)'))).toBe(Err.gatewayAuthFailed);
    expect(connectErrorToCode(new Error('Cannot find ANONYMOUS user token policy in end point'))).toBe(
      Err.gatewayAuthFailed,
    );
    expect(connectErrorToCode(new Error('connect ECONNREFUSED 127.0.0.1:4840'))).toBe(Err.ipPortError);
    expect(isConnectionError(new Error('BadSessionIdInvalid'))).toBe(true);
    expect(isConnectionError(new Error('BadTooManyOperations'))).toBe(false);
  });
});

describe('reconnection back-off', () => {
  it('doubles the wait up to the ceiling', () => {
    const options = { initialMs: 1000, maxMs: 30_000 };
    expect([0, 1, 2, 3, 5, 6, 100].map((failures) => backoffDelay(failures, options))).toEqual([
      0, 1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
  });

  it('answers with the last failure until the wait is over, and forgets it after a success', () => {
    let now = 0;
    const gate = new ReconnectGate({ initialMs: 100, maxMs: 1000 }, () => now);
    expect(gate.waiting()).toBeNull();
    gate.failed(Err.ipPortError);
    expect(gate.waiting()).toBe(Err.ipPortError);
    now = 100;
    expect(gate.waiting()).toBeNull();
    gate.failed(Err.ipPortError);
    now = 250;
    expect(gate.waiting()).toBe(Err.ipPortError);
    gate.succeeded();
    expect(gate.waiting()).toBeNull();
    expect(gate.lastCode).toBeUndefined();
  });
});
