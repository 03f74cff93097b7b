import type { LiveValue } from '@fieldhub/shared';

/**
 * Latest value and time of every signal, in memory (DESIGN.md §3). An update older than the one
 * held is ignored (docs/requirements/gateway-link.md §4.1: a value is accepted only if its time is not older
 * than the stored one), so a replay of buffered history never overwrites a newer live value.
 */
export class ValueCache {
  private readonly latest = new Map<number, LiveValue>();

  /** Applies updates in order and returns those accepted (newest per signal). */
  apply(values: Iterable<LiveValue>): LiveValue[] {
    const accepted = new Map<number, LiveValue>();
    for (const v of values) {
      const held = this.latest.get(v.signalId);
      if (held && v.ts < held.ts) continue;
      this.latest.set(v.signalId, v);
      accepted.set(v.signalId, v);
    }
    return [...accepted.values()];
  }

  get(signalId: number): LiveValue | undefined {
    return this.latest.get(signalId);
  }

  /** The held values of these signals (those never seen are left out). */
  many(signalIds: Iterable<number>): LiveValue[] {
    const out: LiveValue[] = [];
    for (const id of signalIds) {
      const v = this.latest.get(id);
      if (v) out.push(v);
    }
    return out;
  }

  forget(signalIds: Iterable<number>): void {
    for (const id of signalIds) this.latest.delete(id);
  }
}
