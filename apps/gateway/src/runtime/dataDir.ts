/**
 * What the gateway keeps in its data dir besides the buffer: the config it runs (so a restart
 * runs it without the cloud), its network mode and the mode pending until the next restart, and
 * a lock so two processes never share one buffer.
 *
 *   <dataDir>/config.json     the last applied `down/config` message
 *   <dataDir>/state.json      { networkMode, pendingNetworkMode? }
 *   <dataDir>/commands.json   recent command results (commandResults.ts)
 *   <dataDir>/buffer/         the store-and-forward queue (buffer/diskQueue.ts)
 *   <dataDir>/gateway.lock    pid of the process using the dir
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import {
  type ConfigMessage,
  type GatewayStatusMessage,
  NETWORK_MODES,
  configMessageSchema,
} from '@fieldhub/shared';
import { z } from 'zod';

/*
 * Small JSON files (config, state, command results) are written atomically: a crash leaves the
 * old or the new file, never half of one.
 */
/** The parsed file, or undefined when it is missing or unreadable. */
export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJsonFile(file: string, data: unknown): void {
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, JSON.stringify(data));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

export type NetworkMode = NonNullable<GatewayStatusMessage['networkMode']>;

const stateSchema = z.object({
  networkMode: z.enum(NETWORK_MODES).default('standard'),
  pendingNetworkMode: z.enum(NETWORK_MODES).optional(),
});
export type GatewayState = z.infer<typeof stateSchema>;

export class DataDir {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  get bufferDir(): string {
    return path.join(this.root, 'buffer');
  }

  private file(name: string): string {
    return path.join(this.root, name);
  }

  /** The saved config, or undefined when there is none or it no longer validates. */
  loadConfig(): ConfigMessage | undefined {
    const parsed = configMessageSchema.safeParse(readJsonFile(this.file('config.json')));
    return parsed.success ? parsed.data : undefined;
  }

  saveConfig(message: ConfigMessage): void {
    writeJsonFile(this.file('config.json'), message);
  }

  /**
   * The gateway state at start: a network mode set by a `mode` command becomes the mode now,
   * as the spec has it take effect after a restart.
   */
  loadStateAtStart(): GatewayState {
    const parsed = stateSchema.safeParse(readJsonFile(this.file('state.json')) ?? {});
    const state = parsed.success ? parsed.data : stateSchema.parse({});
    if (state.pendingNetworkMode) {
      const started: GatewayState = { networkMode: state.pendingNetworkMode };
      this.saveState(started);
      return started;
    }
    return state;
  }

  saveState(state: GatewayState): void {
    writeJsonFile(this.file('state.json'), state);
  }

  /** Takes the dir for this process; throws when a live process holds it. */
  lock(): void {
    const file = this.file('gateway.lock');
    const holder = Number(readFileSafe(file));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`data dir ${this.root} is in use by process ${holder}`);
    }
    writeFileSync(file, String(process.pid));
  }

  unlock(): void {
    const file = this.file('gateway.lock');
    if (Number(readFileSafe(file)) === process.pid) unlinkSync(file);
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
