/**
 * The live feed of a project page (docs/requirements/projects.md §7.1, §7.2; docs/project-monitor-api.md):
 * the page's signals and intermediate variables with their values (signal/query), the gateways of
 * its devices (gateway/query every 60 s; gateway/open for online rows without vpn, 100 ms apart,
 * again every 3570 s), and the project socket whose frames go into the `ValueStore`. A device
 * whose gateway is not online has its values marked stale.
 */
import {
  TIMERS,
  type MonitorSignal,
  type ProjectGatewayRow,
  type ProjectLiveMessage,
  type ProjectSignalAnswer,
} from '@fieldhub/shared';
import type { LiveSocket, LiveSocketStatus } from '../../app/live/liveSocket';
import { OPEN_SPACING_MS, alarmEventValues, frameValues, type DeviceState } from './deviceFeed';
import { mvarKey, signalKey, type IncomingValue, type ValueStore } from './valueStore';

export interface ProjectFeedDeps {
  signals(): Promise<ProjectSignalAnswer>;
  gateways(): Promise<ProjectGatewayRow[]>;
  open(row: ProjectGatewayRow): Promise<unknown>;
  socket(
    onMessage: (m: ProjectLiveMessage) => void,
    onStatus: (s: LiveSocketStatus) => void,
  ): LiveSocket<ProjectLiveMessage>;
  onChange(): void;
  /** an alarm or gateway frame arrived (the system keys' counts follow it) */
  onEvent?(): void;
}

/** Values of one project socket frame as store entries (signals and intermediate variables). */
export function projectFrameValues(message: ProjectLiveMessage): IncomingValue[] {
  if (message.type !== 'mvarVal') return frameValues(message);
  // an mvar still at its initial value has no time: it counts as older than any reading
  return message.values.map((v) => ({ key: mvarKey(v.mvarId), value: v.value, ts: v.ts ?? 0, quality: 0 }));
}

export class ProjectFeed {
  readonly signals = new Map<string, MonitorSignal>();
  readonly devices = new Map<string, DeviceState>();
  private socket: LiveSocket<ProjectLiveMessage> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private readonly openedAt = new Map<number, number>();
  private stopped = false;

  constructor(
    private readonly store: ValueStore,
    private readonly deps: ProjectFeedDeps,
  ) {}

  start(equipmentIds: readonly string[]): void {
    for (const id of equipmentIds)
      this.devices.set(id, { gateway: null, monitoring: false, paused: false, socket: 'connecting' });
    void this.deps
      .signals()
      .then((answer) => this.takeSnapshot(answer))
      .catch(() => undefined);
    this.socket = this.deps.socket(this.onMessage, (status) => {
      for (const [id, d] of this.devices) this.devices.set(id, { ...d, socket: status });
      if (!this.stopped) this.deps.onChange();
    });
    this.socket.start();
    void this.pollGateways();
    this.pollTimer = setInterval(() => void this.pollGateways(), TIMERS.gatewayPoll);
  }

  stop(): void {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.socket?.stop();
  }

  /** Project monitoring has no idle timer of its own; activity needs nothing here. */
  activity(): void {}

  onMessage = (message: ProjectLiveMessage): void => {
    if (message.type === 'signalVal' || message.type === 'mvarVal')
      this.store.push(projectFrameValues(message));
    else this.store.push(alarmEventValues(message));
    if (message.type === 'gatewayAlarm') void this.pollGateways();
    if (message.type === 'signalAlarm' || message.type === 'gatewayAlarm') this.deps.onEvent?.();
  };

  private takeSnapshot(answer: ProjectSignalAnswer): void {
    if (this.stopped) return;
    const values: IncomingValue[] = [];
    for (const s of answer.signals) {
      const key = signalKey(s.equipmentId, s.signalId);
      // the project answer carries what a write check needs but the data type and the limits,
      // which the server checks again (2003/2004)
      this.signals.set(key, {
        id: s.signalId,
        name: s.name,
        key: '',
        unit: s.unit,
        decimals: s.decimals,
        dataType: typeof s.value === 'string' ? 'string' : 'float64',
        kind: 'device',
        rw: s.rw,
        mapping: [],
        writeUpper: null,
        writeLower: null,
        collectUpper: null,
        collectLower: null,
        pinned: null,
        seq: 0,
        storeHistory: false,
        value: s.value,
        ts: s.ts,
        quality: s.quality,
      } as MonitorSignal);
      if (s.ts !== null) values.push({ key, value: s.value, ts: s.ts, quality: s.quality ?? 0 });
    }
    for (const m of answer.mvars)
      values.push({ key: mvarKey(m.mvarId), value: m.value, ts: m.ts ?? 0, quality: 0 });
    this.store.push(values);
    this.deps.onChange();
  }

  /** Queries the gateways; opens those online and not opened within the refresh time, 100 ms apart. */
  private async pollGateways(): Promise<void> {
    let rows: ProjectGatewayRow[];
    try {
      rows = await this.deps.gateways();
    } catch {
      return;
    }
    if (this.stopped) return;
    const now = Date.now();
    const due: ProjectGatewayRow[] = [];
    for (const row of rows) {
      const id = String(row.equipmentId);
      const live = row.online && !row.vpn;
      this.store.setStale(id, !live);
      const shown = this.devices.get(id);
      this.devices.set(id, {
        socket: shown?.socket ?? 'connecting',
        paused: false,
        monitoring: live,
        gateway: row.status === null ? 'none' : { status: row.status, vpn: row.vpn },
      });
      if (!live) this.openedAt.delete(row.equipmentId);
      else if (now - (this.openedAt.get(row.equipmentId) ?? -Infinity) >= TIMERS.projectGatewayRefresh)
        due.push(row);
    }
    this.deps.onChange();
    for (const [i, row] of due.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, OPEN_SPACING_MS));
      if (this.stopped) return;
      this.openedAt.set(row.equipmentId, Date.now());
      await this.deps.open(row).catch(() => this.openedAt.delete(row.equipmentId));
    }
  }
}
