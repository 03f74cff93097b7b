import {
  CERT_MAX_BYTES,
  type DriverRow,
  driverSchema,
  modbusRtuSchema,
  modbusTcpSchema,
  opcuaSchema,
  type Protocol,
  s7Schema,
} from '@fieldhub/shared';
import { compact, defaultsOf } from './schemaForm';

/** The form of one driver: the common fields and the protocol's own, flat (as the call's item). */
export type DriverFormValues = Record<string, unknown> & { protocol: Protocol; name?: string };

const schemas = {
  'modbus-tcp': modbusTcpSchema,
  'modbus-rtu': modbusRtuSchema,
  s7: s7Schema,
  opcua: opcuaSchema,
} as const;

/** Option lists read from the shared schemas, so the form offers exactly what the server accepts. */
export const S7_FAMILIES = s7Schema.shape.frameType.unwrap().unwrap().options;
export const OPCUA_MODES = opcuaSchema.shape.securityMode.unwrap().unwrap().options;
export const OPCUA_AUTH_MODES = opcuaSchema.shape.authMode.unwrap().unwrap().options;
// the schema checks these with a refinement, which carries no list to read
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200];
export const DATA_BITS = [7, 8];
export const STOP_BITS = [1, 2];

/** A new driver of `protocol`: the schema's defaults, keeping what the user already typed in common fields. */
export function driverDefaults(protocol: Protocol, keep: Partial<DriverFormValues> = {}): DriverFormValues {
  return {
    ...defaultsOf(schemas[protocol]),
    ...(protocol === 'opcua' ? { endpoint: 'opc.tcp://' } : {}),
    name: keep.name,
    brand: keep.brand ?? '',
    model: keep.model ?? '',
    protocol,
  };
}

/** The form's starting values for a stored driver. */
export function driverValues(row: DriverRow): DriverFormValues {
  return {
    ...defaultsOf(schemas[row.protocol]),
    ...row.settings,
    name: row.name,
    brand: row.brand,
    model: row.model,
    protocol: row.protocol,
  };
}

/** The call's item: fields of other protocols left behind by a protocol switch are dropped. */
export function driverPayload(values: Record<string, unknown>): Record<string, unknown> {
  const protocol = values.protocol as Protocol | undefined;
  const known = protocol ? Object.keys(schemas[protocol].shape) : [];
  const body = compact(values);
  return Object.fromEntries(Object.entries(body).filter(([k]) => known.includes(k)));
}

export { driverSchema };

/** One line that says where the driver connects. */
export function connectionSummary(row: DriverRow): string {
  const s = row.settings;
  switch (row.protocol) {
    case 'modbus-tcp':
      return `${String(s.ip)}:${String(s.port)} · #${String(s.slaveId ?? 1)}`;
    case 'modbus-rtu':
      return `${String(s.serialPort)} ${String(s.baudRate)}-${String(s.dataBits)}-${String(s.parity).charAt(0).toUpperCase()}-${String(s.stopBits)} · #${String(s.slaveId ?? 1)}`;
    case 's7':
      return `${String(s.ip)}:${String(s.port)} · ${String(s.frameType)} ${String(s.rack)}/${String(s.slot)}`;
    case 'opcua':
      return String(s.endpoint);
  }
}

/**
 * Reads a certificate or key file for an OPC UA driver: .pem or .der, at most 1 MB
 * (docs/requirements/client-rules.md §7.3). PEM is kept as text; DER is wrapped as PEM so the driver stores
 * one form.
 */
export async function readKeyFile(
  file: File,
  label: 'CERTIFICATE' | 'PRIVATE KEY',
): Promise<{ ok: true; text: string } | { ok: false; reason: 'type' | 'size' }> {
  const lower = file.name.toLowerCase();
  if (!lower.endsWith('.pem') && !lower.endsWith('.der')) return { ok: false, reason: 'type' };
  if (file.size > CERT_MAX_BYTES) return { ok: false, reason: 'size' };
  if (lower.endsWith('.pem')) return { ok: true, text: await file.text() };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return { ok: true, text: `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n` };
}
