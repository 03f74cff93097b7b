/**
 * `down/cmd` → `up/cmd/result`. A command is validated, de-duplicated by its task uuid, refused
 * with 1339 when its `expiresAt` has passed, executed, and answered once with a catalogue code on
 * failure. A message that is not a valid command is answered 1338 when a uuid can be read from
 * it, and otherwise only logged (there is no task to answer).
 */
import {
  type CommandMessage,
  type CommandResultMessage,
  Err,
  type GatewayStatusMessage,
  PROTOCOL_VERSION,
  commandSchema,
} from '@fieldhub/shared';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../runtime/log';
import type { ReadOutcome, WriteOutcome } from '../runtime/runtime';
import { readJsonFile, writeJsonFile } from '../runtime/dataDir';
import { PacketTooLargeError } from './mqttLink';

type NetworkMode = NonNullable<GatewayStatusMessage['networkMode']>;

/*
 * Results of recent commands by task uuid, kept in the data dir so a command delivered twice —
 * a QoS 1 redelivery, a retry by the platform, a redelivery after the gateway restarted — gets
 * the first result again instead of running twice (a second write, a second restart).
 */
/** How many results are remembered; the oldest is forgotten first. */
export const COMMAND_RESULTS_KEPT = 500;

export class CommandResults {
  private readonly results = new Map<string, CommandResultMessage>();
  /** commands being executed, so a duplicate arriving meanwhile waits for the same result */
  private readonly running = new Map<string, Promise<CommandResultMessage>>();
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'commands.json');
    const saved = readJsonFile(this.file);
    if (Array.isArray(saved)) {
      for (const result of saved as CommandResultMessage[]) {
        if (typeof result?.uuid === 'string') this.results.set(result.uuid, result);
      }
    }
  }

  /** The result of `uuid`: remembered, in progress, or produced now by `execute`. */
  async resultOf(
    uuid: string,
    execute: () => Promise<CommandResultMessage>,
  ): Promise<{ result: CommandResultMessage; repeated: boolean }> {
    const known = this.results.get(uuid);
    if (known) return { result: known, repeated: true };
    const inProgress = this.running.get(uuid);
    if (inProgress) return { result: await inProgress, repeated: true };
    const promise = execute();
    this.running.set(uuid, promise);
    try {
      const result = await promise;
      this.remember(result);
      return { result, repeated: false };
    } finally {
      this.running.delete(uuid);
    }
  }

  private remember(result: CommandResultMessage): void {
    this.results.set(result.uuid, result);
    while (this.results.size > COMMAND_RESULTS_KEPT) this.results.delete(this.results.keys().next().value!);
    writeJsonFile(this.file, [...this.results.values()]);
  }
}

export interface CommandDeps {
  write(variableId: number, value: unknown): Promise<WriteOutcome>;
  read(variableIds: readonly number[]): Promise<ReadOutcome>;
  /** re-sends held telemetry batches; answers how many were found */
  resend(bootId: string, fromSeq: number, toSeq: number): number;
  /** called once the restart command's result was published */
  restart(): void;
  location(): { lng: number; lat: number } | undefined;
  /** stores the network mode that applies after the next restart */
  setPendingNetworkMode(mode: NetworkMode): void;
  /** takes the platform's time as now (GatewayClock); answers the offset to the system clock */
  setTime(serverTs: number): number;
  publishResult(result: CommandResultMessage): Promise<void>;
  results: CommandResults;
  log: Logger;
  /** the gateway's clock (corrected by the platform's time), to judge `expiresAt` */
  now?: () => number;
}

const anyUuid = z.object({ uuid: z.uuid() });

export class CommandHandler {
  constructor(private readonly deps: CommandDeps) {}

  async handle(payload: Buffer): Promise<void> {
    const { log } = this.deps;
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      log.warn('command is not JSON; ignored');
      return;
    }
    const parsed = commandSchema.safeParse(raw);
    if (!parsed.success) {
      const uuid = anyUuid.safeParse(raw);
      log.warn('invalid command', { issues: parsed.error.issues.slice(0, 3) });
      if (uuid.success) await this.answer({ uuid: uuid.data.uuid, ok: false, code: Err.commandRejected });
      return;
    }
    const command = parsed.data;
    const { result, repeated } = await this.deps.results.resultOf(command.uuid, () => this.execute(command));
    log.info(repeated ? 'repeated command answered again' : 'command executed', {
      uuid: command.uuid,
      type: command.type,
      ok: result.ok,
      code: result.code,
    });
    await this.answer(result);
    if (command.type === 'restart' && result.ok && !repeated) this.deps.restart();
  }

  private async answer(result: Omit<CommandResultMessage, 'v'> & { v?: 1 }): Promise<void> {
    await this.deps.publishResult({ ...result, v: PROTOCOL_VERSION as 1 }).catch((error: unknown) => {
      // a result above the packet limit (a read of hundreds of long texts) is answered as failed
      if (error instanceof PacketTooLargeError && result.ok) {
        this.deps.log.warn('command result too large; answered as failed', {
          uuid: result.uuid,
          packetBytes: error.packetBytes,
        });
        return this.answer({ uuid: result.uuid, ok: false, code: Err.commandFailed });
      }
      this.deps.log.warn('command result not delivered', { uuid: result.uuid, error });
    });
  }

  private async execute(command: CommandMessage): Promise<CommandResultMessage> {
    const done = (
      outcome: { ok: true; data?: unknown } | { ok: false; code: number },
    ): CommandResultMessage => ({
      v: PROTOCOL_VERSION as 1,
      uuid: command.uuid,
      ...outcome,
    });
    const now = (this.deps.now ?? Date.now)();
    if ('expiresAt' in command && command.expiresAt !== undefined && command.expiresAt < now) {
      return done({ ok: false, code: Err.commandExpired });
    }
    try {
      switch (command.type) {
        case 'write': {
          const outcome = await this.deps.write(command.variableId, command.value);
          return done(outcome);
        }
        case 'read':
          return done({ ok: true, data: await this.deps.read(command.variableIds) });
        case 'restart':
          return done({ ok: true });
        case 'locate': {
          const location = this.deps.location();
          return done(location ? { ok: true, data: location } : { ok: false, code: Err.locationUnavailable });
        }
        case 'mode':
          this.deps.setPendingNetworkMode(command.networkMode);
          return done({ ok: true, data: { networkMode: command.networkMode, appliesAfterRestart: true } });
        case 'resend': {
          const resent = this.deps.resend(command.bootId, command.fromSeq, command.toSeq);
          const asked = Math.max(0, command.toSeq - command.fromSeq + 1);
          return done({ ok: true, data: { resent, missing: Math.max(0, asked - resent) } });
        }
        case 'time': {
          const offsetMs = this.deps.setTime(command.serverTs);
          this.deps.log.info('clock set by the platform', { offsetMs });
          return done({ ok: true, data: { offsetMs } });
        }
      }
    } catch (error) {
      this.deps.log.error('command failed', { uuid: command.uuid, type: command.type, error });
      return done({ ok: false, code: Err.commandFailed });
    }
  }
}
