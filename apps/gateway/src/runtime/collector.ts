/**
 * The collection loop of one driver: every `minCollectMs` all device variables of the driver are
 * read in one call, and the results go through the value pipeline. A cycle that overruns the
 * period starts the next one at once; cycles never overlap.
 */
import { Err } from '@fieldhub/shared';
import { DriverError, type FieldDriver } from '../drivers/driver';
import type { Logger } from './log';
import { QUALITY, type Sample, processRaw } from './valuePipeline';
import type { RuntimeVariable } from './variableModel';

/** One cycle's results, each variable with its processed sample. */
export type CycleResult = Array<{ variable: RuntimeVariable; sample: Sample }>;

/** The code of a failure thrown by a driver: its own code, else a generic communication fault. */
export function driverErrorCode(error: unknown): number {
  return error instanceof DriverError ? error.code : Err.lowerDeviceCommFault;
}

/** Turns a driver's answer (or its failure) into one sample per variable. */
export async function readVariables(
  driver: FieldDriver,
  variables: readonly RuntimeVariable[],
): Promise<CycleResult> {
  try {
    const result = await driver.read(variables.map((v) => v.driverVariable));
    return variables.map((variable) => {
      const code = result.errors.get(variable.id);
      if (code !== undefined) return { variable, sample: { q: code } };
      const raw = result.values.get(variable.id);
      if (raw === undefined) return { variable, sample: { q: QUALITY.MISSING_FROM_READ } };
      return { variable, sample: processRaw(variable, raw) };
    });
  } catch (error) {
    const code = driverErrorCode(error);
    return variables.map((variable) => ({ variable, sample: { q: code } }));
  }
}

export class DriverCollector {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly driver: FieldDriver,
    private readonly variables: readonly RuntimeVariable[],
    private readonly periodMs: number,
    private readonly onCycle: (result: CycleResult, ts: number) => void,
    private readonly log: Logger,
    /** the time samples are dated by (the gateway's corrected clock) */
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (this.variables.length === 0) return;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const started = Date.now();
      this.running = this.cycle().finally(() => {
        this.running = undefined;
        this.schedule(Math.max(0, this.periodMs - (Date.now() - started)));
      });
    }, delayMs);
  }

  private async cycle(): Promise<void> {
    const result = await readVariables(this.driver, this.variables);
    if (this.stopped) return;
    try {
      this.onCycle(result, this.now());
    } catch (error) {
      this.log.error('collection cycle failed', { driverId: this.driver.id, error });
    }
  }

  /** Stops the loop and waits for a read in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
