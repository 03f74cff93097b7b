import { Writable } from 'node:stream';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { topicFor, UP } from '@fieldhub/shared';
import { createRootLogger } from '../../http/logging';
import { startEmbeddedBroker, type EmbeddedBroker } from '../embeddedBroker';
import { uplinkHandlers } from './index';
import { defineUplink, routeUplinks, workAfterUplink, type UplinkDeps } from './uplinkRouter';
import type { LogLine } from '../../../test/uplinkFixtures';

const SN = '310000000001';

/** A logger of the link's shape whose lines land in `lines`. */
function recordingLog(lines: LogLine[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return createRootLogger('debug', sink).child({ module: 'link' });
}

/**
 * Routing needs only the log and the sign of life (noted in `lives`): the handlers of these tests
 * touch nothing else (the handlers of the protocol have their own tests against a database).
 */
function routingDeps(lines: LogLine[], lives: string[] = []): UplinkDeps {
  return {
    log: recordingLog(lines),
    noteLife: async (sn: string) => void lives.push(sn),
  } as UplinkDeps;
}

/** A handler of `up/report` with a small schema of its own, noting what reaches it. */
function noting(received: { sn: string; message: unknown }[], fail: () => boolean = () => false) {
  return defineUplink({
    suffix: UP.report,
    what: 'count',
    schema: z.object({ v: z.literal(1), n: z.number() }),
    async handle(_deps, sn, message) {
      if (fail()) throw new Error('database unavailable');
      received.push({ sn, message });
    },
  });
}

const json = (body: unknown) => Buffer.from(JSON.stringify(body));

describe('the uplink table', () => {
  it('has exactly one handler for each uplink topic of the protocol, with a schema', () => {
    expect(uplinkHandlers.map((h) => h.suffix).sort()).toEqual(Object.values(UP).sort());
    for (const handler of uplinkHandlers) expect(handler.schema.safeParse({}).success).toBe(false);
  });

  it('refuses two handlers for one topic', () => {
    expect(() => routeUplinks([noting([]), noting([])], routingDeps([]))).toThrow(
      'two uplink handlers for up/report',
    );
  });
});

describe('routing an uplink', () => {
  it("hands a valid message to its topic's handler with the gateway SN, as the schema parsed it", async () => {
    const received: { sn: string; message: unknown }[] = [];
    const route = routeUplinks([noting(received)], routingDeps([]));
    await route(topicFor(SN, UP.report), json({ v: 1, n: 5, extra: 'dropped' }));
    expect(received).toEqual([{ sn: SN, message: { v: 1, n: 5 } }]);
  });

  it('acknowledges what sending again cannot make valid, with the log line of each case', async () => {
    const received: { sn: string; message: unknown }[] = [];
    const lines: LogLine[] = [];
    const route = routeUplinks([noting(received)], routingDeps(lines));
    await route('elsewhere/topic', json({ v: 1, n: 1 }));
    await route(topicFor(SN, UP.status), json({ v: 1, online: true }));
    await route(topicFor(SN, UP.report), Buffer.from('{not json'));
    await route(topicFor(SN, UP.report), json({ v: 1, n: 'five' }));
    expect(received).toEqual([]);
    expect(lines.map(({ level, msg, sn, topic }) => ({ level, msg, sn, topic }))).toEqual([
      { level: 20, msg: 'uplink ignored', sn: SN, topic: 'up/status' },
      { level: 40, msg: 'uplink is not JSON', sn: undefined, topic: topicFor(SN, UP.report) },
      { level: 40, msg: 'invalid count', sn: SN, topic: 'up/report' },
    ]);
  });

  it('counts every publish of a gateway but its status as a sign of life, valid or not', async () => {
    const lives: string[] = [];
    const route = routeUplinks([noting([])], routingDeps([], lives));
    await route(topicFor(SN, UP.report), json({ v: 1, n: 1 }));
    await route(topicFor(SN, UP.report), Buffer.from('{not json'));
    await route(topicFor(SN, UP.cmdResult), json({ v: 1 }));
    await route(topicFor(SN, UP.status), json({ v: 1, online: false }));
    await route('elsewhere/topic', json({ v: 1, n: 1 }));
    expect(lives).toEqual([SN, SN, SN]);
  });

  it('rejects when the handler fails', async () => {
    const route = routeUplinks([noting([], () => true)], routingDeps([]));
    await expect(route(topicFor(SN, UP.report), json({ v: 1, n: 1 }))).rejects.toThrow(
      'database unavailable',
    );
  });

  it('runs work left for after the uplink only once the handler returned, and logs its failure', async () => {
    const lines: LogLine[] = [];
    const log = recordingLog(lines);
    const after = workAfterUplink(log);
    const order: string[] = [];
    const route = routeUplinks(
      [
        defineUplink({
          suffix: UP.report,
          what: 'count',
          schema: z.object({ n: z.number() }),
          async handle(deps) {
            deps.afterUplink('publish', async () => order.push('published'));
            deps.afterUplink('resend request', async () => {
              throw new Error('broker gone');
            });
            order.push('handled');
          },
        }),
      ],
      { log, afterUplink: after.afterUplink, noteLife: async () => {} } as unknown as UplinkDeps,
    );
    await route(topicFor(SN, UP.report), json({ n: 1 }));
    order.push('acknowledged');
    await after.settled();
    expect(order).toEqual(['handled', 'acknowledged', 'published']);
    expect(lines.map((l) => l.msg)).toEqual(['resend request failed']);
  });
});

describe('acknowledgement on the embedded broker', () => {
  let broker: EmbeddedBroker | undefined;
  afterEach(() => broker?.close());

  it('refuses a publish whose handler failed, and takes it when the gateway sends it again', async () => {
    const received: { sn: string; message: unknown }[] = [];
    let failures = 1;
    const lines: LogLine[] = [];
    const route = routeUplinks([noting(received, () => failures-- > 0)], routingDeps(lines));
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      maxPacketBytes: 1024 * 1024,
      connectTimeoutMs: 5000,
      server: { username: 'fieldhub-server', password: 'secret' },
      verifyGateway: async () => true,
      onUplink: route,
      log: recordingLog(lines),
    });
    const gateway = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, {
      clientId: SN,
      username: SN,
      password: 'pw',
      clean: false,
      reconnectPeriod: 100,
    });
    try {
      // the first attempt is refused (the broker closes the connection); the client sends it again
      await gateway.publishAsync(topicFor(SN, UP.report), JSON.stringify({ v: 1, n: 7 }), { qos: 1 });
      expect(received).toEqual([{ sn: SN, message: { v: 1, n: 7 } }]);
      expect(lines.some((l) => l.msg === 'uplink not stored; refused' && l.sn === SN)).toBe(true);
    } finally {
      await gateway.endAsync(true);
    }
  });
});
