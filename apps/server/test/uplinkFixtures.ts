import { Writable } from 'node:stream';
import { topicFor, type DownTopic } from '@fieldhub/shared';
import { createRootLogger } from '../src/http/logging';
import type { LinkClient } from '../src/link/linkClient';
import { LinkEvents, type LinkEventMap } from '../src/link/linkEvents';
import { createUplinkDeps } from '../src/link/uplinks/uplinkDeps';
import {
  routeUplinks,
  workAfterUplink,
  type UplinkDeps,
  type UplinkHandler,
} from '../src/link/uplinks/uplinkRouter';
import {
  loggedIn,
  makeEnterprise,
  makePlatformOperator,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from './harness';
import { deviceWithGateway, modbusDriver, registeredGateway, variable } from './deviceFixtures';

/**
 * Helpers of the uplink handler tests: a platform on a fresh database without its broker, the
 * link's dependencies as startGatewayLink wires them (a recording downlink instead of MQTT), and
 * delivery of one gateway publish to one handler the way the link routes it.
 */

/** A 12-digit SN no gateway was registered with. */
export const UNKNOWN_SN = '399999999999';

/** A line the link logged. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A message the link published to a gateway. */
export interface SentDown {
  sn: string;
  suffix: DownTopic;
  payload: Record<string, unknown>;
}

export interface UplinkBench {
  p: TestPlatform;
  admin: Caller;
  operator: Caller;
  orgId: number;
  deps: UplinkDeps;
  /** messages published to gateways, in order */
  sent: SentDown[];
  /** what the link logged, debug and up */
  logged: LogLine[];
  /** what the link told the rest of the server */
  told: { gatewayStatus: LinkEventMap['gatewayStatus'][0][]; values: LinkEventMap['values'][0][] };
  /**
   * Delivers gateway `sn`'s publish of `body` (as JSON; a string is sent as it is) on the
   * handler's topic, through the link's routing (JSON, schema, handler), and waits for the work
   * the handler left for after the uplink. Rejects when the handler does (the broker would refuse
   * the publish).
   */
  deliver(handler: UplinkHandler, sn: string, body: unknown): Promise<void>;
  /** the messages of the warnings logged so far */
  warnings(): string[];
  stop(): Promise<void>;
}

export async function uplinkBench(enterprise: string): Promise<UplinkBench> {
  const p = await startTestPlatform();
  const { orgId, admin: adminName } = await makeEnterprise(p.ctx.db, enterprise);
  const admin = await loggedIn(p.app, adminName);
  const operator = await loggedIn(p.app, (await makePlatformOperator(p.ctx.db)).operator);

  const logged: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logged.push(JSON.parse(line));
      done();
    },
  });
  const log = createRootLogger('debug', sink).child({ module: 'link' });

  const sent: SentDown[] = [];
  const downlink: LinkClient = {
    async publishDown(sn, suffix, payload) {
      sent.push({ sn, suffix, payload: payload as Record<string, unknown> });
    },
    connected: () => true,
    close: async () => {},
  };
  const events = new LinkEvents();
  const told: UplinkBench['told'] = { gatewayStatus: [], values: [] };
  events.on('gatewayStatus', (change) => told.gatewayStatus.push(change));
  events.on('values', (batch) => told.values.push(batch));

  const after = workAfterUplink(log);
  const deps = createUplinkDeps({
    db: p.ctx.db,
    clock: p.clock,
    log,
    events,
    link: downlink,
    afterUplink: after.afterUplink,
    onValues: (...args) => p.ctx.monitor.ingest(...args),
  });
  return {
    p,
    admin,
    operator,
    orgId,
    deps,
    sent,
    logged,
    told,
    async deliver(handler, sn, body) {
      const payload = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      await routeUplinks([handler], deps)(topicFor(sn, handler.suffix), payload);
      await after.settled();
    },
    warnings: () => logged.filter((l) => l.level === 40).map((l) => l.msg),
    stop: () => p.stop(),
  };
}

export interface BoundGateway {
  sn: string;
  equipmentId: number;
  driverId: number;
  /** ids of the device's variables, in the order of `names` */
  variableIds: number[];
}

let address = 0;
/**
 * A device with a registered gateway bound to it, a Modbus driver and variables, all through HTTP:
 * int16 holding registers unless `fields` says otherwise for a name (`{ dataType: 'float32' }`).
 */
export async function boundGateway(
  bench: UplinkBench,
  name: string,
  names: string[] = ['level'],
  fields: Record<string, Record<string, unknown>> = {},
): Promise<BoundGateway> {
  const device = await deviceWithGateway(bench.admin, bench.operator, name);
  const driverId = await modbusDriver(bench.admin, device.owner);
  const variableIds: number[] = [];
  for (const variableName of names)
    variableIds.push(
      await variable(bench.admin, device.owner, driverId, variableName, {
        address: String(++address),
        ...fields[variableName],
      }),
    );
  return { sn: device.sn, equipmentId: device.id, driverId, variableIds };
}

/** A registered gateway bound to no device; returns its SN. */
export async function unboundGateway(bench: UplinkBench): Promise<string> {
  return (await registeredGateway(bench.operator)).sn;
}

/** Whether the device's admin sees it as needing a configuration sync (the device call's answer). */
export async function syncNeeded(bench: UplinkBench, equipmentId: number): Promise<boolean> {
  const device = await bench.admin.post<{ syncNeeded: boolean }>(
    '/lfscada/equipment/multi/info',
    { id: equipmentId },
    true,
  );
  return device.body.data.syncNeeded;
}
