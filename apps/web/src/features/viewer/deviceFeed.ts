/**
 * The live feed of the devices a page reads (docs/requirements/projects.md §6.2, §6.5):
 * per device the variables with their latest values (the real-time query), the gateway probe and
 * monitor opening with the poll / re-open / idle timers of `MonitorSession`, and the live socket.
 * Devices are started 100 ms apart so their gateway and open calls are spaced
 * (docs/requirements/projects.md §7.1). Socket values go into the `ValueStore`, which applies them once per
 * frame; an offline gateway marks the device's values stale.
 */
import type { LiveMessage, MonitorSignal } from '@fieldhub/shared';
import type { LiveSocket, LiveSocketStatus } from '../../app/live/liveSocket';
import { MonitorSession, type GatewayProbe } from '../../app/live/monitorSession';
import { alarmEventKey, ANY_ALARM_EVENT_KEY } from '../../app/widgets/runtime';
import { signalKey, type IncomingValue, type ValueStore } from './valueStore';

/** Spacing of the gateway-open calls of one page (docs/requirements/projects.md §7.1). */
export const OPEN_SPACING_MS = 100;

export interface DeviceFeedDeps {
  signals(equipmentId: string): Promise<MonitorSignal[]>;
  probeGateway(equipmentId: string): Promise<GatewayProbe>;
  open(equipmentId: string): Promise<boolean>;
  /** a live socket of one device: token then connection, retried by LiveSocket */
  socket(
    equipmentId: string,
    onMessage: (m: LiveMessage) => void,
    onStatus: (s: LiveSocketStatus) => void,
  ): LiveSocket;
  pollAllowed: boolean;
  economize: boolean;
  onChange(): void;
  /** an alarm or gateway frame arrived (the system keys' counts follow it) */
  onEvent?(): void;
}

/** Values of one socket frame as store entries. */
export function frameValues(message: LiveMessage): IncomingValue[] {
  if (message.type !== 'signalVal') return [];
  return message.values.map((v) => ({
    key: signalKey(message.equipmentId, v.signalId),
    value: v.value,
    ts: v.ts,
    quality: v.quality,
  }));
}

/** An alarm raised or released as store entries: under its device's key and the any-device key. */
export function alarmEventValues(message: LiveMessage): IncomingValue[] {
  if (message.type !== 'signalAlarm' && message.type !== 'gatewayAlarm') return [];
  const value = `${message.alarm.alarmId}:${message.alarm.state}`;
  const ts = Date.now();
  return [alarmEventKey(message.equipmentId), ANY_ALARM_EVENT_KEY].map((key) => ({
    key,
    value,
    ts,
    quality: 0,
  }));
}

export interface DeviceState {
  gateway: GatewayProbe | null;
  monitoring: boolean;
  paused: boolean;
  socket: LiveSocketStatus;
}

export class DeviceFeeds {
  /** variable metadata by store key, for writes and value texts */
  readonly signals = new Map<string, MonitorSignal>();
  readonly devices = new Map<string, DeviceState>();
  private readonly sessions: MonitorSession[] = [];
  private readonly sockets: LiveSocket[] = [];
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private stopped = false;

  constructor(
    private readonly store: ValueStore,
    private readonly deps: DeviceFeedDeps,
  ) {}

  start(equipmentIds: readonly string[]): void {
    equipmentIds.forEach((id, i) => {
      this.devices.set(id, { gateway: null, monitoring: false, paused: false, socket: 'connecting' });
      this.timers.push(setTimeout(() => this.startDevice(id), i * OPEN_SPACING_MS));
    });
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    for (const s of this.sessions) s.stop();
    for (const s of this.sockets) s.stop();
  }

  activity(): void {
    for (const s of this.sessions) s.activity();
  }

  /** Asks every gateway's state now (after a write). */
  refresh(): void {
    for (const s of this.sessions) void s.refresh();
  }

  /** The socket's frames land here, and so do frames a benchmark feeds (same path). */
  onMessage = (message: LiveMessage): void => {
    if (message.type === 'signalVal') this.store.push(frameValues(message));
    else this.store.push(alarmEventValues(message));
    if (message.type === 'gatewayAlarm') this.refresh();
    if (message.type === 'signalAlarm' || message.type === 'gatewayAlarm') this.deps.onEvent?.();
  };

  private update(id: string, patch: Partial<DeviceState>): void {
    const shown = this.devices.get(id);
    if (!shown || this.stopped) return;
    this.devices.set(id, { ...shown, ...patch });
    this.deps.onChange();
  }

  private startDevice(id: string): void {
    if (this.stopped) return;
    void this.deps
      .signals(id)
      .then((signals) => {
        if (this.stopped) return;
        const values: IncomingValue[] = [];
        for (const s of signals) {
          const key = signalKey(id, s.id);
          this.signals.set(key, s);
          if (s.ts !== null) values.push({ key, value: s.value, ts: s.ts, quality: s.quality ?? 0 });
        }
        this.store.push(values);
        this.deps.onChange();
      })
      .catch(() => undefined);
    const socket = this.deps.socket(id, this.onMessage, (status) => this.update(id, { socket: status }));
    this.sockets.push(socket);
    const session = new MonitorSession({
      probeGateway: () => this.deps.probeGateway(id),
      open: () => this.deps.open(id),
      onChange: (state) => {
        const online =
          !!state.gateway &&
          state.gateway !== 'none' &&
          state.gateway.status === 'online' &&
          !state.gateway.vpn;
        this.store.setStale(id, state.gateway !== null && !online);
        // economize mode pauses the socket with the monitoring; activity resumes both
        if (state.paused) socket.stop();
        else if (!socket.isRunning) socket.start();
        this.update(id, { gateway: state.gateway, monitoring: state.monitoring, paused: state.paused });
      },
      pollAllowed: this.deps.pollAllowed,
      economize: this.deps.economize,
    });
    this.sessions.push(session);
    socket.start();
    void session.start();
  }
}
