/**
 * Handover of a dead instance's MQTT sessions (docs/scale-out.md "Losing an instance"). Mosquitto
 * keeps a share group member's queued and unacknowledged uplinks, and its share of new ones, in
 * that member's persistent session until a client connects under its client id; it does not hand
 * them to the rest of the group. So every instance leases its sessions (link_sessions) while they
 * are connected; an instance that finds another's lease lapsed takes it and connects under that
 * client id (persistent session, no subscription of its own: the session has it) as a stand-in,
 * storing what the session delivers on the same path as its own uplinks (acknowledged once
 * stored; a stand-in whose uplink failed ends without acknowledging it, so the session keeps it
 * and its lease lapses again for a stand-in of this or another instance). The stand-in gives way
 * when the owner is back: the broker's session takeover disconnects it, and it never reconnects;
 * the owner's lease renewal takes the lease back.
 */
import mqtt, { type MqttClient } from 'mqtt';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import {
  forgetSession,
  lapsedSessions,
  releaseSessions,
  renewOwnSessions,
  renewStandIn,
  takeLapsedSession,
} from './linkSessions.repo';
import { acknowledgeWhenHandled, type LinkClientOptions, type SessionState } from './linkClient';

export interface HandoverOptions {
  db: Db;
  clock: Clock;
  url: string;
  /** the server's password at the broker (every instance has the same) */
  password: string;
  shareGroup: string;
  /** this instance: the MQTT_CLIENT_ID its sessions are named after */
  owner: string;
  /** this instance's own sessions */
  own(): SessionState[];
  /** MQTT_SESSION_LEASE_MS: a session not renewed for this long is taken over */
  leaseMs: number;
  onUplink: LinkClientOptions['onUplink'];
  /** MQTT_UPLINK_RETRY_MS: first wait before a stand-in whose uplink failed is dropped */
  uplinkRetryMs?: number;
  log: LinkClientOptions['log'];
}

export interface SessionHandover {
  /** the client ids of other instances' sessions this instance stands in for now */
  standingIn(): string[];
  /** uplinks the stand-ins handled since start */
  handled(): number;
  /** renews, gives way, takes over: run every third of the lease */
  tick(): Promise<void>;
  /** ends the stand-ins and lets this instance's leases lapse at once (after its sessions closed) */
  stop(): Promise<void>;
}

export function startSessionHandover(o: HandoverOptions): SessionHandover {
  const standIns = new Map<string, MqttClient>();
  let handled = 0;
  let running: Promise<void> | null = null;
  let stopped = false;
  const until = () => new Date(o.clock.now().getTime() + o.leaseMs);

  function endStandIn(clientId: string): void {
    const client = standIns.get(clientId);
    if (!client) return;
    standIns.delete(clientId);
    client.end(true);
  }

  function standIn(clientId: string, username: string): void {
    const client = mqtt.connect(o.url, {
      clientId,
      username,
      password: o.password,
      clean: false,
      // a stand-in that lost its connection does not come back: the owner may have taken over
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      protocolVersion: 4,
    });
    standIns.set(clientId, client);
    acknowledgeWhenHandled(
      client,
      (topic, payload) => o.onUplink(topic, payload).finally(() => handled++),
      o.log,
      o.uplinkRetryMs,
    );
    client.on('connect', (ack) => {
      o.log.info({ clientId, sessionPresent: ack.sessionPresent }, 'standing in for a lapsed session');
      if (ack.sessionPresent) return;
      // the broker has no such session (removed, or lost): nothing waits in it
      endStandIn(clientId);
      void forgetSession(o.db, clientId, o.owner).catch((err: unknown) =>
        o.log.warn({ err, clientId }, 'lapsed session not forgotten'),
      );
    });
    client.on('close', () => {
      if (standIns.get(clientId) !== client) return;
      o.log.info({ clientId }, 'stand-in ended (the owner is back, the broker is gone, or an uplink failed)');
      endStandIn(clientId);
    });
    client.on('error', (err) => o.log.warn({ clientId, err: err.message }, 'stand-in error'));
  }

  async function once(): Promise<void> {
    const own = o.own().filter((s) => s.connected);
    await renewOwnSessions(o.db, o.shareGroup, o.owner, own, until());
    for (const clientId of [...standIns.keys()])
      if (!(await renewStandIn(o.db, clientId, o.owner, until()))) endStandIn(clientId);
    const now = o.clock.now();
    for (const lapsed of await lapsedSessions(o.db, o.shareGroup, o.owner, now)) {
      if (stopped || standIns.has(lapsed.clientId)) continue;
      if (await takeLapsedSession(o.db, lapsed.clientId, o.owner, now, until()))
        standIn(lapsed.clientId, lapsed.username);
    }
  }

  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= once()
      .catch((err: unknown) => o.log.warn({ err }, 'session handover failed'))
      .finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void tick(), Math.max(200, Math.floor(o.leaseMs / 3)));
  timer.unref();

  return {
    standingIn: () => [...standIns.keys()],
    handled: () => handled,
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      for (const clientId of [...standIns.keys()]) endStandIn(clientId);
      await releaseSessions(o.db, o.owner, o.clock.now()).catch((err: unknown) =>
        o.log.warn({ err }, 'session leases not released'),
      );
    },
  };
}
