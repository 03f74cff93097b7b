/**
 * `down/refused`: what the platform acknowledged but did not take (a value of the wrong type, an
 * item dated in the future, an ack of a configuration it never sent; docs/gateway-protocol.md).
 * Nothing is sent again — sending the same data cannot make it right. The refusals are counted
 * for the status (`refused`) and logged at warn, at most once per `logEveryMs` with the count
 * since the last line, so a device sending bad values every second does not flood the log.
 */
import { type RefusedMessage, refusedSchema } from '@fieldhub/shared';
import type { Logger } from '../runtime/log';

export class RefusalCounter {
  /** refusals since the gateway started */
  total = 0;
  private loggedAt = Number.NEGATIVE_INFINITY;
  private unlogged = 0;

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
    private readonly logEveryMs = 60_000,
  ) {}

  handle(payload: Buffer): void {
    let message: RefusedMessage;
    try {
      message = refusedSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      this.log.warn('invalid refusal notice ignored');
      return;
    }
    this.total += message.total;
    this.unlogged += message.total;
    const now = this.now();
    if (now - this.loggedAt < this.logEveryMs) return;
    this.log.warn('the platform refused uplink data', {
      topic: message.topic,
      ...(message.bootId !== undefined ? { bootId: message.bootId, seq: message.seq } : {}),
      ...(message.version !== undefined ? { version: message.version } : {}),
      refused: this.unlogged,
      total: this.total,
      first: message.refused.slice(0, 5),
    });
    this.loggedAt = now;
    this.unlogged = 0;
  }
}
