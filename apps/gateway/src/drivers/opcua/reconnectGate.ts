/**
 * Reconnection back-off shared by the connection-oriented drivers (OPC UA, S7): after a failed
 * connection attempt the driver waits before it touches the wire again, doubling the wait up to a
 * ceiling, and answers the runtime's reads in the meantime with the code of the last failure.
 */

/** Waits between connection attempts, in milliseconds. */
export interface BackoffOptions {
  /** wait after the first failure */
  initialMs: number;
  /** longest wait, reached by doubling */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 30_000 };

/** How long to wait after `failures` consecutive failed attempts (0 after none). */
export function backoffDelay(failures: number, options: BackoffOptions): number {
  if (failures <= 0) return 0;
  // 2^30 already exceeds any sensible ceiling; capping the exponent keeps the number finite
  return Math.min(options.maxMs, options.initialMs * 2 ** Math.min(failures - 1, 30));
}

/** Counts failed attempts and says whether the next one may go ahead yet. */
export class ReconnectGate {
  #failures = 0;
  #retryAt = 0;
  #lastCode: number | undefined;

  constructor(
    private readonly options: BackoffOptions = DEFAULT_BACKOFF,
    private readonly now: () => number = Date.now,
  ) {}

  /** The code to answer with while waiting, or null when an attempt may go ahead now. */
  waiting(): number | null {
    if (this.#failures === 0 || this.#lastCode === undefined) return null;
    return this.now() < this.#retryAt ? this.#lastCode : null;
  }

  /** Records a failed attempt (or a lost connection) with its catalogue code. */
  failed(code: number): void {
    this.#failures += 1;
    this.#lastCode = code;
    this.#retryAt = this.now() + backoffDelay(this.#failures, this.options);
  }

  /** Records a working connection: the next failure starts the back-off afresh. */
  succeeded(): void {
    this.#failures = 0;
    this.#lastCode = undefined;
    this.#retryAt = 0;
  }

  /** The code of the last failure since the last success, if any. */
  get lastCode(): number | undefined {
    return this.#lastCode;
  }
}

/** Rejects with `onTimeout()` when `work` has not settled within `ms`. */
export async function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
