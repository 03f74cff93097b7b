/**
 * One entry point for forms, imports and the server: is this variable's address valid for its
 * driver's protocol, given its data type, string length and read/write mode?
 */
import { type AddressProblem, type RwMode, checkDataType } from './dataTypes';
import { resolveModbusVariable } from './modbus';
import { parseOpcUaNodeId } from './opcua';
import { resolveS7Variable } from './s7';

export const ADDRESS_PROTOCOLS = ['modbus-tcp', 'modbus-rtu', 's7', 'opcua'] as const;
export type AddressProtocol = (typeof ADDRESS_PROTOCOLS)[number];

export interface VariableAddressInput {
  /** Modbus only: 0x, 1x, 3x or 4x. */
  registerType?: string;
  address: string;
  /** One of DATA_TYPES; anything else is reported. */
  dataType: string;
  /** Characters (bytes) of a string variable; Modbus and S7 need it, OPC UA ignores it. */
  stringLength?: number | null;
  rw: RwMode;
}

/**
 * The first problem with a variable's address, or null. Modbus and S7 rules are in
 * `resolveModbusVariable` and `resolveS7Variable`; OPC UA needs a well-formed node id and a known
 * data type (the server decides access, so every read/write mode is allowed).
 */
export function validateAddress(
  protocol: AddressProtocol,
  input: VariableAddressInput,
): AddressProblem | null {
  switch (protocol) {
    case 'modbus-tcp':
    case 'modbus-rtu': {
      const result = resolveModbusVariable(input);
      return result.ok ? null : result.error;
    }
    case 's7': {
      const result = resolveS7Variable(input);
      return result.ok ? null : result.error;
    }
    case 'opcua': {
      const result = parseOpcUaNodeId(input.address);
      return result.ok ? checkDataType(input.dataType) : result.error;
    }
  }
}
