import type { LiveValue, MvarValue } from '@fieldhub/shared';
import type pino from 'pino';
import type { Db } from '../../db/db';
import type { LiveBus } from '../../monitor/liveBus';
import type { ValueCache } from '../../monitor/valueCache';
import type { MvarDefinitionCache } from './mvarDefinitionCache';
import { currentMvarValues } from './mvarValues';

/**
 * Keeps intermediate variables live (issue 8): after each ingested batch, the mvars that read one
 * of its signals are computed again and those whose value changed go out on the live bus as one
 * `mvarVal` message per project (over Redis to the other instances, like signal values). Only the
 * instance that ingested the batch computes, so each change is published once.
 */
export class MvarEngine {
  /**
   * The value last published per mvar, by any instance (heard on the bus), so an unchanged result
   * is not sent again, and a result another instance changed meanwhile is.
   */
  private readonly published = new Map<number, number>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly cache: ValueCache,
    private readonly definitions: MvarDefinitionCache,
    private readonly bus: LiveBus,
    private readonly log: pino.Logger,
  ) {
    this.unsubscribe = bus.subscribe((msg) => {
      if (msg.type === 'mvarVal') for (const v of msg.values) this.published.set(v.mvarId, v.value);
    });
  }

  close(): void {
    this.unsubscribe();
  }

  /** Recomputes after a batch; a failure is logged and never fails the ingest of the values. */
  async valuesIngested(values: readonly LiveValue[]): Promise<void> {
    if (!values.length) return;
    try {
      const defs = await this.definitions.readers(values.map((v) => v.signalId));
      if (!defs.length) return;
      const computed = await currentMvarValues(this.db, this.cache, defs);
      const byProject = new Map<number, MvarValue[]>();
      computed.forEach((value, i) => {
        if (this.published.get(value.mvarId) === value.value || value.ts === null) return;
        this.published.set(value.mvarId, value.value);
        const projectId = defs[i]!.project_id;
        byProject.set(projectId, [...(byProject.get(projectId) ?? []), value]);
      });
      for (const [projectId, changed] of byProject)
        await this.bus.publish({ type: 'mvarVal', projectId, values: changed });
    } catch (err) {
      this.log.warn({ err }, 'intermediate variables not recomputed');
    }
  }
}
