/**
 * Configs the gateway tests send: field variables of a driver, internal variables the test
 * writes, and a synthetic stream — a periodic script writing `count` internal variables every
 * second — that produces real values through the real runtime (script sandbox → write path →
 * value store → telemetry → buffer).
 */
import { type GatewayConfig, gatewayConfigSchema } from '@fieldhub/shared';

type Variable = GatewayConfig['variables'][number];

/** What a variable leaves empty unless the test says otherwise. */
const unset = {
  stringLength: null,
  deadband: null,
  collectFormula: '',
  writeFormula: '',
  collectUpper: null,
  collectLower: null,
  writeUpper: null,
  writeLower: null,
  formula: '',
  initialValue: '',
} as const;

/** A read-write float32 holding register (4x) of driver 1 at `address`, with fields to override. */
export function deviceVariable(
  id: number,
  name: string,
  address: string,
  extra: Partial<Variable> = {},
): Variable {
  return {
    ...unset,
    id,
    driverId: 1,
    kind: 'device',
    name,
    dataType: 'float32',
    registerType: '4x',
    address,
    rw: 'rw',
    ...extra,
  };
}

export function internalVariable(id: number, name: string, extra: Partial<Variable> = {}): Variable {
  return {
    ...unset,
    id,
    driverId: null,
    kind: 'internal',
    name,
    dataType: 'float64',
    registerType: '',
    address: '',
    rw: 'rw',
    ...extra,
  };
}

export function config(partial: Partial<GatewayConfig>): GatewayConfig {
  return gatewayConfigSchema.parse({ drivers: [], variables: [], reports: [], scripts: [], ...partial });
}

/** Variable id of `s<i>` in the stream config; `tick` is STREAM_TICK_ID. */
export const STREAM_FIRST_ID = 1000;
export const STREAM_TICK_ID = 999;

/**
 * Every second, `tick` goes up by one and each of `count` variables is written the new tick, until
 * `ticks` ticks: count + 1 values per second, (count + 1) * ticks values in all.
 */
export function streamConfig(count: number, ticks: number): GatewayConfig {
  const variables = [internalVariable(STREAM_TICK_ID, 'tick')];
  for (let i = 0; i < count; i++) variables.push(internalVariable(STREAM_FIRST_ID + i, `s${i}`));
  const body = `
    const tick = (read('tick') ?? 0) + 1;
    if (tick > ${ticks}) return;
    await write('tick', tick);
    const writes = [];
    for (let i = 0; i < ${count}; i++) writes.push(write('s' + i, tick));
    await Promise.all(writes);`;
  return config({
    variables,
    scripts: [{ id: 1, strategy: 'periodic', intervalS: 1, condition: '', body }],
  });
}
