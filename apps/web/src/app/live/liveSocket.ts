import { LIVE_SOCKET_PATH, liveMessageSchema, TIMERS, type LiveMessage } from '@fieldhub/shared';

/**
 * The live-data socket of one device (docs/requirements/monitoring.md §5.1): a token from
 * `monitorCalls.liveToken`, then the socket at LIVE_SOCKET_PATH + token. When the token
 * request fails or the socket closes, it tries again after 10 s with a new token. Frames that are
 * not a known message are ignored.
 */

/** The part of a WebSocket this module uses (a fake in tests). */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

export type LiveSocketStatus = 'connecting' | 'open' | 'retrying' | 'stopped';

export interface LiveSocketDeps<M = LiveMessage> {
  fetchToken(): Promise<string>;
  connect(token: string): SocketLike;
  onMessage(message: M): void;
  onStatus(status: LiveSocketStatus, detail?: { code?: number; reason?: string }): void;
  retryMs?: number;
  /** reads one frame, null to ignore it; the live-data messages by default (the message socket has its own) */
  parse?(data: unknown): M | null;
}

/**
 * `path` + token on the page's host: ws on http pages, wss on https pages
 * (docs/requirements/monitoring.md §5.1).
 */
export function sameHostSocketUrl(location: { protocol: string; host: string }, path: string, token: string) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${path}${encodeURIComponent(token)}`;
}

/** The live-data socket of one device. */
export function liveSocketUrl(location: { protocol: string; host: string }, token: string): string {
  return sameHostSocketUrl(location, LIVE_SOCKET_PATH, token);
}

/** One frame as a live message, or null for anything else. */
export function parseLiveFrame(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = liveMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export class LiveSocket<M = LiveMessage> {
  private socket: SocketLike | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  /** bumped on every connection attempt, so a late answer of an old attempt is dropped */
  private attempt = 0;

  private readonly parse: (data: unknown) => M | null;

  constructor(private readonly deps: LiveSocketDeps<M>) {
    // without its own parser the socket carries live-data messages, i.e. M is LiveMessage
    this.parse = deps.parse ?? (parseLiveFrame as (data: unknown) => M | null);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    this.attempt++;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'leaving');
    }
    this.deps.onStatus('stopped');
  }

  get isRunning(): boolean {
    return this.running;
  }

  private async connect(): Promise<void> {
    const attempt = ++this.attempt;
    this.deps.onStatus('connecting');
    let token: string;
    try {
      token = await this.deps.fetchToken();
    } catch {
      if (attempt === this.attempt) this.retryLater();
      return;
    }
    if (attempt !== this.attempt || !this.running) return;
    const socket = this.deps.connect(token);
    this.socket = socket;
    socket.onopen = () => {
      if (attempt === this.attempt) this.deps.onStatus('open');
    };
    socket.onmessage = (ev) => {
      const message = this.parse(ev.data);
      if (message && attempt === this.attempt) this.deps.onMessage(message);
    };
    socket.onerror = () => undefined;
    socket.onclose = (ev) => {
      if (attempt !== this.attempt) return;
      this.socket = null;
      this.retryLater({ code: ev.code, reason: ev.reason });
    };
  }

  private retryLater(detail?: { code?: number; reason?: string }): void {
    if (!this.running) return;
    this.deps.onStatus('retrying', detail);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) void this.connect();
    }, this.deps.retryMs ?? TIMERS.socketRetry);
  }
}
