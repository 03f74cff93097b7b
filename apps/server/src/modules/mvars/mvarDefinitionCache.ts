import type { MvarDefinition } from './mvars.repo';

/** How long a signal's mvar list is trusted without asking the database again. */
export const MVAR_DEFINITIONS_TTL_MS = 5_000;
/** Signals remembered at most; beyond, the cache starts over (signals no longer sending linger otherwise). */
const MAX_SIGNALS = 200_000;

/**
 * Which mvars read each signal, remembered for a few seconds so that a batch of a device without
 * mvars, or with mvars seen a moment ago, costs no database round trip (issue 8: mvars are
 * recomputed on every ingested batch). A change made through this instance clears it at once;
 * one made through another instance (or a device unbound from a project) is seen within the TTL.
 */
export class MvarDefinitionCache {
  private readonly bySignal = new Map<number, { defs: MvarDefinition[]; until: number }>();
  private namedHeld: { ids: Promise<Set<number>>; until: number } | undefined;

  constructor(
    /** the mvars (any project) reading any of these signals, their `refs` the bound signals */
    private readonly load: (signalIds: number[]) => Promise<MvarDefinition[]>,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = MVAR_DEFINITIONS_TTL_MS,
    /**
     * Every signal some mvar names, read once per TTL: the signals of a batch outside it cost no
     * query at all (a fleet whose devices send every 10 s would otherwise ask for each batch).
     */
    private readonly named?: () => Promise<readonly number[]>,
  ) {}

  /** The mvars reading any of these signals, each once. */
  async readers(signalIds: readonly number[]): Promise<MvarDefinition[]> {
    const named = this.named ? await this.namedSignals() : undefined;
    const now = this.now();
    const found = new Map<number, MvarDefinition>();
    const stale: number[] = [];
    for (const id of new Set(signalIds)) {
      if (named && !named.has(id)) continue;
      const held = this.bySignal.get(id);
      if (held && held.until > now) for (const def of held.defs) found.set(def.id, def);
      else stale.push(id);
    }
    if (stale.length) {
      const loaded = await this.load(stale);
      if (this.bySignal.size + stale.length > MAX_SIGNALS) this.bySignal.clear();
      for (const id of stale) {
        const defs = loaded.filter((d) => d.refs.includes(id));
        this.bySignal.set(id, { defs, until: now + this.ttlMs });
        for (const def of defs) found.set(def.id, def);
      }
    }
    return [...found.values()];
  }

  /** Forgets everything (an mvar was added, edited or deleted here). */
  invalidate(): void {
    this.bySignal.clear();
    this.namedHeld = undefined;
  }

  private namedSignals(): Promise<Set<number>> {
    const now = this.now();
    if (this.namedHeld && this.namedHeld.until > now) return this.namedHeld.ids;
    const held = {
      ids: this.named!().then((ids) => new Set(ids)),
      until: now + this.ttlMs,
    };
    // a failed read is not kept: the next batch asks again
    held.ids.catch(() => this.namedHeld === held && (this.namedHeld = undefined));
    this.namedHeld = held;
    return held.ids;
  }
}
