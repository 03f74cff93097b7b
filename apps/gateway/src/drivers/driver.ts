import type { DataType, DriverStatus, GatewayConfig } from '@fieldhub/shared';

/** A driver's configuration as received in `down/config` (protocol-specific fields included). */
export type DriverConfig = GatewayConfig['drivers'][number];

/** What a driver needs to know of a variable to read or write it. */
export interface DriverVariable {
  id: number;
  dataType: DataType;
  stringLength: number | null;
  registerType: string;
  address: string;
  rw: 'rw' | 'r' | 'w';
}

/** A raw field value, decoded by data type and byte order, before formulas and deadband. */
export type RawValue = number | string | boolean;

export interface ReadResult {
  values: Map<number, RawValue>;
  /** catalogue code per variable that could not be read */
  errors: Map<number, number>;
}

/** A field-bus failure carrying its catalogue code (17xx, 15xx, 999xx). */
export class DriverError extends Error {
  constructor(
    readonly code: number,
    message?: string,
  ) {
    super(message ?? `field-bus error ${code}`);
    this.name = 'DriverError';
  }
}

/**
 * One connection to a field device. The runtime calls `read` once per collection cycle with the
 * variables due; a driver never throws from `read` for a single variable's fault (it reports the
 * code in `errors`), only for a lost connection, after which the runtime calls `read` again on
 * the next cycle (the driver reconnects itself).
 */
export interface FieldDriver {
  readonly id: number;
  read(variables: readonly DriverVariable[]): Promise<ReadResult>;
  /** throws DriverError with the catalogue code of the failure */
  write(variable: DriverVariable, value: RawValue): Promise<void>;
  /** connection state for the gateway's birth message */
  state(): { ok: boolean; code?: number };
  /** counts and times for the status message (a driver under watch has them, `driverHealth.ts`) */
  diagnostics?(): Omit<DriverStatus, 'id' | 'ok' | 'code'>;
  close(): Promise<void>;
}

export type DriverFactory = (config: DriverConfig) => FieldDriver;
