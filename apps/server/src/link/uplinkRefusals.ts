import type { Logger } from 'pino';
import { DOWN, PROTOCOL_VERSION, type Refusal, type RefusedMessage } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { LinkClient } from './linkClient';

/** A gateway's refusals are logged at most once in this many ms; the next line counts the rest. */
const LOG_EVERY_MS = 60_000;

/**
 * What the platform does when it refused part of an uplink it acknowledged
 * (docs/requirements/gateway-link.md §4.2): tells the gateway on `down/refused`, counts the
 * refusals on the gateway's row (its diagnostics) and logs them, at most once a minute per gateway.
 */
export interface RefusalReporter {
  report(sn: string, message: RefusedMessage): Promise<void>;
}

/** The `down/refused` of an uplink, naming it by `head` (batch or configuration). */
export function refusedMessage(
  head: Pick<RefusedMessage, 'topic' | 'bootId' | 'seq' | 'version' | 'hash'>,
  refusals: Refusal[],
  total = refusals.length,
): RefusedMessage {
  return { v: PROTOCOL_VERSION, ...head, refused: refusals, total };
}

export function createRefusalReporter(db: Db, clock: Clock, link: LinkClient, log: Logger): RefusalReporter {
  const logged = new Map<string, { at: number; since: number }>();
  return {
    async report(sn, message) {
      const now = clock.now();
      const last = logged.get(sn);
      if (!last || now.getTime() - last.at >= LOG_EVERY_MS) {
        const codes: Record<number, number> = {};
        for (const r of message.refused) codes[r.code] = (codes[r.code] ?? 0) + 1;
        log.warn(
          {
            sn,
            topic: message.topic,
            bootId: message.bootId,
            seq: message.seq,
            version: message.version,
            refused: message.total,
            codes,
            refusedSinceLastLine: last?.since ?? 0,
          },
          'uplink refused in part',
        );
        logged.set(sn, { at: now.getTime(), since: 0 });
      } else last.since += message.total;
      await db.query(
        `update gateways set refused_count = refused_count + $2, refused_code = $3, refused_at = $4 where sn = $1`,
        [sn, message.total, message.refused[0]!.code, now],
      );
      await link.publishDown(sn, DOWN.refused, message);
    },
  };
}
