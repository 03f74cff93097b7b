import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { BusMessage, MsgBusEvent } from '@fieldhub/shared';
import type { LiveBus } from './liveBus';

export interface RedisBusOptions {
  /** channel prefix (REDIS_PREFIX), so that several platforms or test runs share one Redis */
  prefix?: string;
  /** the root logger; the bus logs through its child `redis-bus` */
  log: Logger;
}

/** What travels on the channel: the message and the instance that published it. */
interface Envelope {
  o: string;
  m: BusMessage;
}

/** A message-centre event on its own channel, with the instance that published it. */
interface MsgEnvelope {
  o: string;
  e: MsgBusEvent;
}

function isMsgEnvelope(value: unknown): value is MsgEnvelope {
  if (!value || typeof value !== 'object') return false;
  const { o, e } = value as Partial<MsgEnvelope>;
  if (typeof o !== 'string' || !e || typeof e !== 'object') return false;
  return (
    (e.type === 'msgCreated' && Array.isArray(e.items)) ||
    (e.type === 'msgChanged' && Array.isArray(e.accountIds))
  );
}

function isEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== 'object') return false;
  const { o, m } = value as Partial<Envelope>;
  if (typeof o !== 'string' || !m || typeof m.type !== 'string') return false;
  // a device's message names the device; an mvarVal names its project
  return m.type === 'mvarVal' ? typeof m.projectId === 'number' : typeof m.equipmentId === 'number';
}

/**
 * The live bus over Redis pub/sub (DESIGN.md §2, scaled out): every instance publishes what it
 * ingests on one channel and hears what the others ingest. Local subscribers get a message at
 * once, without the round trip; an instance ignores its own echo. Redis is our own
 * infrastructure, so messages are checked for shape only, not validated field by field.
 *
 * When Redis is unreachable a publish is dropped (counted and logged), never queued: the values
 * are stored anyway, and remote sockets pick up the latest values on their next snapshot.
 */
export async function redisBus(
  url: string,
  options: RedisBusOptions,
): Promise<LiveBus & { dropped(): number }> {
  const log = options.log.child({ module: 'redis-bus' });
  const channel = `${options.prefix ?? 'fieldhub:'}live`;
  // message-centre events travel on a second channel of the same connections
  const msgChannel = `${options.prefix ?? 'fieldhub:'}msg`;
  const origin = randomUUID();
  // no offline queue: a publish while disconnected fails at once instead of piling up
  const pub = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const sub = new Redis(url, { lazyConnect: true });
  for (const conn of [pub, sub])
    conn.on('error', (err: Error) => log.warn({ err: err.message }, 'redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel, msgChannel);

  const handlers = new Set<(msg: BusMessage) => void>();
  const deliver = (msg: BusMessage) => {
    for (const handler of handlers) {
      try {
        handler(msg);
      } catch (err) {
        log.warn({ err }, 'live bus subscriber failed');
      }
    }
  };
  const msgHandlers = new Set<(event: MsgBusEvent) => void>();
  const deliverMsg = (event: MsgBusEvent) => {
    for (const handler of msgHandlers) {
      try {
        handler(event);
      } catch (err) {
        log.warn({ err }, 'message bus subscriber failed');
      }
    }
  };
  sub.on('message', (from: string, text: string) => {
    if (from === msgChannel) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      if (isMsgEnvelope(parsed) && parsed.o !== origin) deliverMsg(parsed.e);
      return;
    }
    if (from !== channel) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    if (!isEnvelope(parsed) || parsed.o === origin) return;
    deliver(parsed.m);
  });

  let dropped = 0;
  let lastWarn = 0;
  return {
    async publish(msg) {
      deliver(msg);
      try {
        await pub.publish(channel, JSON.stringify({ o: origin, m: msg } satisfies Envelope));
      } catch (err) {
        dropped++;
        // one line a minute at most while Redis is away
        if (Date.now() - lastWarn > 60_000) {
          lastWarn = Date.now();
          log.warn({ err: (err as Error).message, dropped }, 'live message not published to Redis');
        }
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async publishMsg(event) {
      deliverMsg(event);
      try {
        await pub.publish(msgChannel, JSON.stringify({ o: origin, e: event } satisfies MsgEnvelope));
      } catch (err) {
        dropped++;
        if (Date.now() - lastWarn > 60_000) {
          lastWarn = Date.now();
          log.warn({ err: (err as Error).message, dropped }, 'message event not published to Redis');
        }
      }
    },
    subscribeMsg(handler) {
      msgHandlers.add(handler);
      return () => msgHandlers.delete(handler);
    },
    dropped: () => dropped,
    async close() {
      handlers.clear();
      msgHandlers.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
