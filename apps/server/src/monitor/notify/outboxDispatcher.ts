import type { Logger } from 'pino';
import type { Db } from '../../db/db';
import type { NotificationProviders, NotifyChannel } from './providers';

const BATCH = 20;
const MAX_ATTEMPTS = 3;
const SWEEP_MS = 30_000;

interface ClaimedRow {
  id: number;
  channel: NotifyChannel;
  recipient: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  attempts: number;
}

export interface OutboxDispatcher {
  /** asks for the pending rows to be sent soon (after an alarm was committed) */
  kick(): void;
  /** sends what is pending now; resolves when done (tests, shutdown) */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Delivers outbox rows through providers that really send, outside the ingest path: an SMS
 * gateway or mail server that is slow must not hold up the gateways' batches. Rows are claimed
 * with `for update skip locked`, so several server instances share the work without sending a
 * row twice; a failed row is retried on the next sweep, at most three attempts in all.
 */
export function startOutboxDispatcher(
  db: Db,
  providers: NotificationProviders,
  log: Logger,
): OutboxDispatcher {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const sendOne = async (row: ClaimedRow) => {
    const provider = providers[row.channel];
    try {
      if (!provider) throw new Error(`no provider for ${row.channel}`);
      await provider.send(row);
      await db.query(
        "update notification_outbox set status = 'sent', sent_at = now(), error = '' where id = $1",
        [row.id],
      );
    } catch (err) {
      const status = row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
      await db.query('update notification_outbox set status = $2, error = $3 where id = $1', [
        row.id,
        status,
        String((err as Error).message ?? err).slice(0, 500),
      ]);
      log.warn({ id: row.id, channel: row.channel, err: (err as Error).message }, 'notification not sent');
    }
  };

  const pass = async () => {
    for (;;) {
      const rows = await db.query<ClaimedRow>(
        `update notification_outbox set status = 'sending', attempts = attempts + 1
          where id in (select id from notification_outbox where status = 'pending' order by id
                        limit ${BATCH} for update skip locked)
          returning id, channel, recipient, title, body, data, attempts`,
      );
      if (!rows.length) return;
      for (const row of rows) await sendOne(row);
      if (rows.length < BATCH) return;
    }
  };

  const drain = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch((err: unknown) => log.warn({ err }, 'outbox pass failed'));
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const sweeper = setInterval(() => void drain(), SWEEP_MS);
  sweeper.unref();
  return {
    kick: () => void drain(),
    drain,
    async close() {
      closed = true;
      clearInterval(sweeper);
      await running;
    },
  };
}
