/**
 * The current value and quality of every variable, and what was last sent to the platform. A
 * new sample is sent when its quality code changes or its value moved by more than the
 * variable's absolute deadband (any change for texts, bits and a deadband of 0 or none).
 */
import type { Sample } from './valuePipeline';
import type { RuntimeVariable, Value } from './variableModel';

interface Slot {
  value?: Value;
  q?: number;
  ts: number;
  sent: boolean;
  sentValue?: Value;
  sentQ?: number;
}

/** What goes into a telemetry item for one variable: a value, a quality code, or both. */
export interface TelemetryEntry {
  id: number;
  value?: Value;
  q?: number;
}

/** The effect of one sample. */
export interface SampleEffect {
  /** the value differs from the previous one (before any deadband) */
  changed: boolean;
  /** the sample is to be sent (deadband passed or quality changed) */
  entry?: TelemetryEntry;
}

export class ValueStore {
  private readonly slots = new Map<number, Slot>();

  /** Records a sample and answers whether it changed the value and whether it is sent. */
  record(variable: RuntimeVariable, sample: Sample, ts: number): SampleEffect {
    let slot = this.slots.get(variable.id);
    if (!slot) {
      slot = { ts, sent: false };
      this.slots.set(variable.id, slot);
    }
    const changed = sample.value !== undefined && sample.value !== slot.value;
    if (sample.value !== undefined) slot.value = sample.value;
    slot.q = sample.q;
    slot.ts = ts;
    if (!this.shouldSend(variable, slot, sample)) return { changed };
    slot.sent = true;
    slot.sentQ = sample.q;
    if (sample.value !== undefined) slot.sentValue = sample.value;
    const entry: TelemetryEntry = { id: variable.id };
    if (sample.value !== undefined) entry.value = sample.value;
    if (sample.q !== undefined) entry.q = sample.q;
    return { changed, entry };
  }

  private shouldSend(variable: RuntimeVariable, slot: Slot, sample: Sample): boolean {
    if (!slot.sent || sample.q !== slot.sentQ) return true;
    if (sample.value === undefined) return false;
    if (slot.sentValue === undefined) return true;
    const deadband = variable.config.deadband ?? 0;
    if (
      deadband > 0 &&
      variable.config.dataType !== 'bit' &&
      typeof sample.value === 'number' &&
      typeof slot.sentValue === 'number'
    ) {
      return Math.abs(sample.value - slot.sentValue) > deadband;
    }
    return sample.value !== slot.sentValue;
  }

  /** The current value, good or stale, if the variable ever had one. */
  value(id: number): Value | undefined {
    return this.slots.get(id)?.value;
  }

  /** The current quality code of a variable, if its last sample had one. */
  quality(id: number): number | undefined {
    return this.slots.get(id)?.q;
  }

  clear(): void {
    this.slots.clear();
  }
}
