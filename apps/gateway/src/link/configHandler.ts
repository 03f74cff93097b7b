/**
 * `down/config` → `up/config/ack`. A config that fails validation or exceeds the gateway's
 * capacity is refused as a whole: the gateway keeps running its previous config and acks
 * `ok: false` with the reason's code. A valid config is applied (drivers replaced, variables,
 * reports and scripts restarted), persisted so a restart runs it without the cloud, and acked
 * `ok: true` — with `errors` naming each driver or variable that could not run. The same
 * version and hash again (a retained config, a redelivery) is acked again without re-applying.
 */
import {
  type ConfigAckMessage,
  type ConfigMessage,
  Err,
  type GatewayConfig,
  PROTOCOL_VERSION,
  configMessageSchema,
} from '@fieldhub/shared';
import type { Logger } from '../runtime/log';
import type { ConfigProblem } from '../runtime/variableModel';

/** What one gateway process runs at most; beyond it a config is refused with the code. */
export const CAPACITY = {
  drivers: { max: 64, code: Err.driverLimit },
  variables: { max: 5000, code: Err.variableCapacity },
  reports: { max: 100, code: Err.reportCapacity },
  scripts: { max: 32, code: Err.scriptCapacity },
} as const;

/** At most this many problems are listed in an ack (the schema's bound). */
const ACK_ERRORS_MAX = 1000;

export interface ConfigDeps {
  apply(config: GatewayConfig): Promise<ConfigProblem[]>;
  /** version and hash of the config running now */
  running(): { version: number; hash: string } | undefined;
  /** saves the config and makes it the running one (status, restart) */
  adopt(message: ConfigMessage, problems: ConfigProblem[]): void;
  publishAck(ack: ConfigAckMessage): Promise<void>;
  log: Logger;
}

export function capacityProblem(config: GatewayConfig): ConfigProblem | undefined {
  for (const [key, limit] of Object.entries(CAPACITY) as Array<
    [keyof typeof CAPACITY, { max: number; code: number }]
  >) {
    if (config[key].length > limit.max) return { code: limit.code, detail: `${config[key].length} ${key}` };
  }
  return undefined;
}

export function ackErrors(problems: readonly ConfigProblem[]): ConfigAckMessage['errors'] {
  return problems.slice(0, ACK_ERRORS_MAX).map(({ driverId, variableId, code }) => ({
    ...(driverId !== undefined ? { driverId } : {}),
    ...(variableId !== undefined ? { variableId } : {}),
    code,
  }));
}

export class ConfigHandler {
  /** configs are applied one after the other, in arrival order */
  private queue: Promise<void> = Promise.resolve();
  private lastProblems: ConfigProblem[] = [];

  constructor(private readonly deps: ConfigDeps) {}

  handle(payload: Buffer): Promise<void> {
    this.queue = this.queue
      .then(() => this.applyOne(payload))
      .catch((error: unknown) => {
        this.deps.log.error('config handling failed', { error });
      });
    return this.queue;
  }

  private async applyOne(payload: Buffer): Promise<void> {
    const { log } = this.deps;
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      raw = undefined;
    }
    const parsed = configMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const loose = (raw ?? {}) as { version?: unknown; hash?: unknown };
      log.warn('config refused: invalid', { issues: parsed.error.issues.slice(0, 5) });
      await this.ack({
        version: Number.isInteger(loose.version) ? (loose.version as number) : 0,
        hash: typeof loose.hash === 'string' ? loose.hash.slice(0, 128) : '',
        ok: false,
        errors: [{ code: Err.parameterCheckFailed }],
      });
      return;
    }
    const message = parsed.data;
    const running = this.deps.running();
    if (running?.version === message.version && running.hash === message.hash) {
      log.info('config already running; acknowledged again', { version: message.version });
      await this.ack({
        version: message.version,
        hash: message.hash,
        ok: true,
        errors: ackErrors(this.lastProblems),
      });
      return;
    }
    const tooBig = capacityProblem(message.config);
    if (tooBig) {
      log.warn('config refused: over capacity', { ...tooBig });
      await this.ack({
        version: message.version,
        hash: message.hash,
        ok: false,
        errors: ackErrors([tooBig]),
      });
      return;
    }
    const problems = await this.deps.apply(message.config);
    this.lastProblems = problems;
    this.deps.adopt(message, problems);
    log.info('config applied', { version: message.version, hash: message.hash, problems: problems.length });
    for (const problem of problems) log.warn('config problem', { ...problem });
    await this.ack({ version: message.version, hash: message.hash, ok: true, errors: ackErrors(problems) });
  }

  /** Problems of a config applied from disk at start, so a later identical config acks them. */
  rememberProblems(problems: ConfigProblem[]): void {
    this.lastProblems = problems;
  }

  private async ack(ack: Omit<ConfigAckMessage, 'v'>): Promise<void> {
    const message: ConfigAckMessage = { v: PROTOCOL_VERSION as 1, ...ack };
    if (message.errors?.length === 0) delete message.errors;
    await this.deps.publishAck(message).catch((error: unknown) => {
      this.deps.log.warn('config ack not delivered', { error });
    });
  }
}
