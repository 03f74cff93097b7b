/**
 * What the gateway knows of each driver's connection (docs/requirements/gateway-link.md §3.1,
 * §9.2; issue 17 items 2 and 3). Every read and write of a driver passes through its watch, which
 * counts them and their failures, remembers the last good read and the last error, follows the
 * connection state (starting → connected / down) and logs each change: connected and recovered
 * at info, a failure to connect (a port that cannot be opened, a host that cannot be reached) and
 * a lost connection at warn, with the catalogue code and the reason. A driver whose connection
 * flaps is not allowed to flood the log: past a few lines a minute its changes are counted, and
 * the state it is in is logged with that count once the minute allows again.
 */
import { type DriverLinkState, type DriverStatus, messageFor } from '@fieldhub/shared';
import type { Logger } from '../runtime/log';
import { DriverError, type DriverVariable, type FieldDriver, type RawValue, type ReadResult } from './driver';

/** A driver's diagnostics for the status message (all but `id`, `ok` and `code`). */
export type DriverDiagnostics = Omit<DriverStatus, 'id' | 'ok' | 'code'>;

export interface LogBudget {
  /** Lines a driver may log within `windowMs`. */
  lines: number;
  windowMs: number;
}

export const DEFAULT_LOG_BUDGET: LogBudget = { lines: 10, windowMs: 60_000 };

export interface WatchOptions {
  /** Logs with the driver's id and name. */
  log: Logger;
  /** The time diagnostics are dated by (the gateway's clock, corrected by the platform). */
  now?: () => number;
  /** A clock that never jumps, for the log budget (ms). */
  monotonic?: () => number;
  budget?: LogBudget;
}

/** A driver under watch: the same driver, with `diagnostics()`. */
export type WatchedDriver = FieldDriver & { diagnostics(): DriverDiagnostics };

export function watchDriver(driver: FieldDriver, options: WatchOptions): WatchedDriver {
  return new DriverWatch(driver, options);
}

class DriverWatch implements WatchedDriver {
  private linkState: DriverLinkState = 'starting';
  private code: number | undefined;
  private since: number;
  private lastReadAt: number | undefined;
  private lastError: { code: number; at: number } | undefined;
  private requests = 0;
  private errors = 0;
  private readonly now: () => number;
  private readonly monotonic: () => number;
  private readonly budget: LogBudget;
  /** When the lines of the current budget window were logged (monotonic ms). */
  private logged: number[] = [];
  /** Changes not logged for the budget, since the last line. */
  private suppressed = 0;

  constructor(
    private readonly inner: FieldDriver,
    private readonly options: WatchOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.monotonic = options.monotonic ?? (() => performance.now());
    this.budget = options.budget ?? DEFAULT_LOG_BUDGET;
    this.since = this.now();
  }

  get id(): number {
    return this.inner.id;
  }

  async read(variables: readonly DriverVariable[]): Promise<ReadResult> {
    this.requests += 1;
    let result: ReadResult;
    try {
      result = await this.inner.read(variables);
    } catch (error) {
      this.failed(error);
      throw error;
    }
    if (result.values.size > 0) this.lastReadAt = this.now();
    const [firstError] = result.errors.values();
    if (firstError !== undefined) {
      const state = this.inner.state();
      this.noteError(state.ok || state.code === undefined ? firstError : state.code);
    }
    this.follow();
    return result;
  }

  async write(variable: DriverVariable, value: RawValue): Promise<void> {
    this.requests += 1;
    try {
      await this.inner.write(variable, value);
    } catch (error) {
      this.failed(error);
      throw error;
    }
    this.follow();
  }

  state(): { ok: boolean; code?: number } {
    return this.inner.state();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  diagnostics(): DriverDiagnostics {
    return {
      state: this.linkState,
      since: this.since,
      ...(this.lastReadAt !== undefined ? { lastReadAt: this.lastReadAt } : {}),
      ...(this.lastError ? { lastErrorCode: this.lastError.code, lastErrorAt: this.lastError.at } : {}),
      requests: this.requests,
      errors: this.errors,
    };
  }

  private failed(error: unknown): void {
    this.noteError(error instanceof DriverError ? error.code : (this.inner.state().code ?? 0));
    this.follow(error instanceof Error ? error.message : undefined);
  }

  private noteError(code: number): void {
    this.errors += 1;
    this.lastError = { code, at: this.now() };
  }

  /** Takes the driver's connection state after a read or write, and logs a change. */
  private follow(reason?: string): void {
    const { ok, code } = this.inner.state();
    const next: DriverLinkState = ok ? 'connected' : 'down';
    const previous = this.linkState;
    if (next === previous && (ok || code === this.code)) {
      this.flushSuppressed();
      return;
    }
    const downSince = this.since;
    this.linkState = next;
    this.code = ok ? undefined : code;
    this.since = this.now();
    const fields = {
      ...(code !== undefined && !ok ? { code, reason: reason ?? messageFor(code, 'en-US') } : {}),
    };
    if (ok && previous === 'starting') this.line('info', 'driver connected', {});
    else if (ok) this.line('info', 'driver connection recovered', { downMs: this.since - downSince });
    else if (previous === 'starting') this.line('warn', 'driver cannot connect', fields);
    else if (previous === 'connected') this.line('warn', 'driver connection lost', fields);
    else this.line('warn', 'driver still down, with another fault', fields);
  }

  private line(level: 'info' | 'warn', msg: string, fields: Record<string, unknown>): void {
    const at = this.monotonic();
    this.logged = this.logged.filter((t) => at - t < this.budget.windowMs);
    if (this.logged.length >= this.budget.lines) {
      this.suppressed += 1;
      return;
    }
    this.logged.push(at);
    const suppressed = this.suppressed > 0 ? { suppressed: this.suppressed } : {};
    this.suppressed = 0;
    this.options.log[level](msg, { ...fields, ...suppressed });
  }

  /** After changes went unlogged, tells the state the driver is in once the budget allows. */
  private flushSuppressed(): void {
    if (this.suppressed === 0) return;
    const at = this.monotonic();
    if (this.logged.filter((t) => at - t < this.budget.windowMs).length >= this.budget.lines) return;
    if (this.linkState === 'connected') this.line('info', 'driver connected', {});
    else {
      const code = this.code;
      this.line('warn', 'driver down', code === undefined ? {} : { code, reason: messageFor(code, 'en-US') });
    }
  }
}
