/**
 * The transport side of the gateway link (DESIGN.md §4): a gateway's publish is routed by its
 * topic to the one handler of that topic, which has its payload schema and calls a service.
 * Nothing here knows what a topic means.
 */
import type { Logger } from 'pino';
import type { z } from 'zod';
import { parseTopic, UP, type UpTopic } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { LinkClient } from '../linkClient';
import type { LinkEvents } from '../linkEvents';
import type { LinkedGateway } from '../gatewayPresence';
import type { TelemetryIngestor } from '../telemetryIngestor';
import type { RefusalReporter } from '../uplinkRefusals';
import type { FirstConfigQueue } from '../firstConfigs';

/** What uplink handlers work with; one set per link. */
export interface UplinkDeps {
  db: Db;
  clock: Clock;
  /** the link's child logger (`module: 'link'`) */
  log: Logger;
  events: LinkEvents;
  /** publishes to gateways: only from work handed to `afterUplink` */
  link: LinkClient;
  /** the device a gateway is bound to (remembered a few seconds); null when unbound or unknown */
  deviceOf(sn: string): Promise<number | null>;
  /** the gateway's device and registration (remembered a few seconds); null when unknown */
  gatewayOf(sn: string): Promise<LinkedGateway | null>;
  /**
   * The gateway read now, with its device's configuration version (what a telemetry batch is
   * judged against); the reads of uplinks handled meanwhile are one statement. Null when unknown.
   */
  currentGateway(sn: string): Promise<LinkedGateway | null>;
  /**
   * Notes that gateway `sn` is alive (docs/requirements/gateway-link.md §3.1: any uplink is a
   * sign of life), for the offline timer; written at most every few seconds per gateway.
   */
  noteLife(sn: string): Promise<void>;
  telemetry: TelemetryIngestor;
  /** tells a gateway what was refused of an uplink, counts and logs it: only from `afterUplink` */
  refusals: RefusalReporter;
  /** when each gateway was last sent the platform's time (ms), for the resync limit of status.ts */
  timeSentAt: Map<string, number>;
  /** the configurations to send to gateways whose status names none (status.ts) */
  firstConfigs: FirstConfigQueue;
  /**
   * Runs `work` once the uplink was acknowledged; a failure is logged as `${what} failed`. A
   * publish waits for the broker's PUBACK, which the MQTT client reads only after the uplink
   * handler returned: work that publishes runs after the handler, never inside it.
   */
  afterUplink(what: string, work: () => Promise<unknown>): void;
}

/** One uplink topic: the shape of its payload and what the platform does with a valid one. */
export interface UplinkHandler<S extends z.ZodType = z.ZodType> {
  /** the topic below `iiot/v1/{sn}/` */
  suffix: UpTopic;
  /** what the warning about a payload that does not match calls it (`invalid ${what}`) */
  what: string;
  /** from packages/shared: the one source of the payload's shape */
  schema: S;
  /**
   * Applies a valid message of gateway `sn`. A rejection means "not stored": the embedded broker
   * refuses the publish, so the gateway sends it again; the session with an external broker does
   * not acknowledge it and reconnects, so the broker delivers it again (linkClient).
   */
  handle(deps: UplinkDeps, sn: string, message: z.output<S>): Promise<void>;
  /** Optional: what else to do with a payload that failed `schema` (after the warning). */
  refuseInvalid?(deps: UplinkDeps, sn: string, body: unknown): void;
}

/** A handler whose `handle` is checked against its own schema's message type. */
export function defineUplink<S extends z.ZodType>(handler: UplinkHandler<S>): UplinkHandler {
  return handler;
}

/**
 * The link's `onUplink(topic, payload)`: finds the SN and the handler of the topic, parses the
 * JSON, validates it with the handler's schema and hands it on. What sending again cannot make
 * valid (a topic outside the protocol or without a handler, a payload that is not JSON or does not
 * match) is logged and resolves, so it is acknowledged; the promise rejects only when the handler
 * does. Every publish of a gateway but its status (which records its own, and may be its last
 * will) counts as a sign of life. Nothing awaits before the handler starts, so handlers start in
 * the order the broker hands publishes over.
 */
export function routeUplinks(
  handlers: readonly UplinkHandler[],
  deps: UplinkDeps,
): (topic: string, payload: Buffer) => Promise<void> {
  const bySuffix = new Map<string, UplinkHandler>();
  for (const handler of handlers) {
    if (bySuffix.has(handler.suffix)) throw new Error(`two uplink handlers for ${handler.suffix}`);
    bySuffix.set(handler.suffix, handler);
  }
  return async (topic, payload) => {
    const parsed = parseTopic(topic);
    if (!parsed) return;
    const { sn, suffix } = parsed;
    const life =
      suffix === UP.status
        ? Promise.resolve()
        : deps.noteLife(sn).catch((err: unknown) => deps.log.warn({ err, sn }, 'sign of life not recorded'));
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      deps.log.warn({ topic }, 'uplink is not JSON');
      return life;
    }
    const handler = bySuffix.get(suffix);
    if (!handler) {
      deps.log.debug({ sn, topic: suffix }, 'uplink ignored');
      return life;
    }
    const msg = handler.schema.safeParse(body);
    if (!msg.success) {
      deps.log.warn({ sn, topic: suffix }, `invalid ${handler.what}`);
      handler.refuseInvalid?.(deps, sn, body);
      return life;
    }
    await Promise.all([handler.handle(deps, sn, msg.data), life]);
  };
}

/** `afterUplink` of a link, and a way to wait for what it still runs (on close). */
export function workAfterUplink(log: Logger) {
  const pending = new Set<Promise<void>>();
  return {
    afterUplink(what: string, work: () => Promise<unknown>): void {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log.warn({ err }, `${what} failed`),
        )
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    /** resolves once the work queued so far has finished (failures included) */
    settled(): Promise<unknown> {
      return Promise.all(pending);
    },
  };
}
