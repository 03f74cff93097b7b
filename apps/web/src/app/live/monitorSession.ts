import { TIMERS, type GatewayStatus } from '@fieldhub/shared';

/**
 * The browser side of live device monitoring (docs/requirements/monitoring.md §4; timers of
 * docs/requirements/client-rules.md §6), without React or DOM:
 *
 * - on start the gateway is queried; online and without VPN → monitoring is opened, otherwise it
 *   stays off and the screen counts as loaded;
 * - the gateway is polled every 60 s, and each poll adds 60 s of idle time;
 * - monitoring is re-opened every 580 s, unless economize mode is on and idle time is ≥ 120 s
 *   (monitoring then lapses: it is "paused");
 * - mouse or keyboard activity resets idle time; if monitoring is off and idle time was ≥ 120 s,
 *   activity opens it again;
 * - polling runs only where `pollAllowed` (the top window or the frame named nav-iframe).
 *
 * Time comes from the global timers, so tests drive it with fake timers.
 */

/** What the gateway poll learned: its state, or `none` when the device has no gateway (2001). */
export type GatewayProbe = { status: GatewayStatus; vpn: boolean } | 'none';

export interface MonitorSessionState {
  /** the first gateway query has answered (or failed) */
  loaded: boolean;
  gateway: GatewayProbe | null;
  /** monitoring is open (the last open call succeeded and has not lapsed) */
  monitoring: boolean;
  /** economize mode let monitoring lapse for want of activity */
  paused: boolean;
  idleMs: number;
  economize: boolean;
  /** when monitoring was last (re-)opened, ms since the epoch */
  openedAt: number | null;
}

export interface MonitorSessionDeps {
  /** `monitorCalls.gatewayInfo`; a rejection leaves the last known state */
  probeGateway(): Promise<GatewayProbe>;
  /** `monitorCalls.open`; resolves whether the server opened monitoring */
  open(): Promise<boolean>;
  onChange(state: MonitorSessionState): void;
  /** the top window or a frame named nav-iframe (docs/requirements/monitoring.md §4.4) */
  pollAllowed: boolean;
  economize?: boolean;
}

export const MONITOR_TIMERS = {
  gatewayPoll: TIMERS.gatewayPoll,
  reopen: TIMERS.monitorReopen,
  idleThreshold: TIMERS.idleThreshold,
} as const;

const isOnline = (g: GatewayProbe | null) => !!g && g !== 'none' && g.status === 'online' && !g.vpn;

export class MonitorSession {
  private state: MonitorSessionState;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private reopenTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(private readonly deps: MonitorSessionDeps) {
    this.state = {
      loaded: false,
      gateway: null,
      monitoring: false,
      paused: false,
      idleMs: 0,
      economize: deps.economize ?? false,
      openedAt: null,
    };
  }

  get current(): MonitorSessionState {
    return this.state;
  }

  /** Queries the gateway, opens monitoring when it is online, and starts the timers. */
  async start(): Promise<void> {
    if (this.deps.pollAllowed) {
      this.pollTimer = setInterval(() => void this.pollTick(), MONITOR_TIMERS.gatewayPoll);
      this.reopenTimer = setInterval(() => void this.reopenTick(), MONITOR_TIMERS.reopen);
    }
    await this.probeAndOpen();
  }

  stop(): void {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.reopenTimer) clearInterval(this.reopenTimer);
    this.pollTimer = this.reopenTimer = null;
  }

  /** A mouse move or key press in the top window. */
  activity(): void {
    if (this.stopped) return;
    const wasIdle = this.state.idleMs >= MONITOR_TIMERS.idleThreshold;
    if (this.state.idleMs !== 0) this.set({ idleMs: 0 });
    if (!this.state.monitoring && wasIdle) {
      this.set({ paused: false });
      void this.probeAndOpen();
    }
  }

  setEconomize(on: boolean): void {
    this.set({ economize: on });
  }

  /** Asks the gateway's state now (after a command, or when the socket reports a gateway change). */
  refresh(): Promise<void> {
    return this.probeAndOpen();
  }

  private async pollTick(): Promise<void> {
    if (this.stopped) return;
    this.set({ idleMs: this.state.idleMs + MONITOR_TIMERS.gatewayPoll });
    await this.probeAndOpen();
  }

  private async reopenTick(): Promise<void> {
    if (this.stopped || !isOnline(this.state.gateway)) return;
    if (this.state.economize && this.state.idleMs >= MONITOR_TIMERS.idleThreshold) {
      // nobody is watching: let monitoring lapse until the next activity
      this.set({ monitoring: false, paused: true });
      return;
    }
    await this.openNow();
  }

  /** Probes the gateway; an online one gets monitoring opened unless it is open or paused. */
  private async probeAndOpen(): Promise<void> {
    let gateway: GatewayProbe;
    try {
      gateway = await this.deps.probeGateway();
    } catch {
      if (!this.stopped && !this.state.loaded) this.set({ loaded: true });
      return;
    }
    if (this.stopped) return;
    if (!isOnline(gateway)) {
      this.set({ gateway, monitoring: false, loaded: true });
      return;
    }
    this.set({ gateway });
    if (!this.state.monitoring && !this.state.paused) await this.openNow();
    if (!this.state.loaded) this.set({ loaded: true });
  }

  private async openNow(): Promise<void> {
    let opened: boolean;
    try {
      opened = await this.deps.open();
    } catch {
      opened = false;
    }
    if (this.stopped) return;
    this.set({ monitoring: opened, openedAt: opened ? Date.now() : this.state.openedAt, loaded: true });
  }

  private set(patch: Partial<MonitorSessionState>): void {
    const next = { ...this.state, ...patch };
    const changed = (Object.keys(patch) as (keyof MonitorSessionState)[]).some(
      (k) => next[k] !== this.state[k],
    );
    this.state = next;
    if (changed && !this.stopped) this.deps.onChange(next);
  }
}
