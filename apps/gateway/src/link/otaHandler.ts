/**
 * `down/ota` → `up/ota/progress`: a firmware upgrade. The package is downloaded from its one-time
 * address (downloading, with the percent; downloaded), checked against the size and sha256 the
 * platform sent (verified), handed to the operator's install command (updating), recorded as the
 * installed firmware (updated), and the gateway restarts to run it. A failure is reported once
 * with its code: 1312 when the download fails, 1339 for an expired upgrade, 1310 otherwise.
 *
 * Installing is the install command's work (`--install-command`): the software gateway runs on a
 * host whose layout only its operator knows (a tarball to unpack, a package to install, an image
 * to flash). Without one, an upgrade fails after the check and the verified package stays in
 * `<dataDir>/firmware/`.
 *
 *   <dataDir>/firmware/<version>.pkg     the verified package
 *   <dataDir>/firmware/installed.json    { version, sha256, installedAt } of the last install
 *   <dataDir>/ota.json                   uuid and final state of the last upgrade (answered again)
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Err, PROTOCOL_VERSION, type OtaMessage, type OtaProgressMessage, otaSchema } from '@fieldhub/shared';
import { z } from 'zod';
import type { Logger } from '../runtime/log';
import { readJsonFile, writeJsonFile } from '../runtime/dataDir';

/** How long the download and the install command may each take. */
export const OTA_STEP_TIMEOUT_MS = 5 * 60_000;

const installedSchema = z.object({ version: z.string(), sha256: z.string(), installedAt: z.number() });

/** The version of the last installed firmware package, if any. */
export function installedFirmware(dataDir: string): string | undefined {
  const parsed = installedSchema.safeParse(readJsonFile(path.join(dataDir, 'firmware', 'installed.json')));
  return parsed.success ? parsed.data.version : undefined;
}

export interface OtaDeps {
  dataDir: string;
  installCommand: string | undefined;
  publishProgress(progress: OtaProgressMessage): Promise<void>;
  /** called once 'updated' was published: the gateway restarts to run the new firmware */
  restart(): void;
  log: Logger;
  now?: () => number;
}

type Step = Omit<OtaProgressMessage, 'v' | 'uuid'>;

class Failed extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export class OtaHandler {
  private busy: string | undefined;
  private readonly lastFile: string;

  constructor(private readonly deps: OtaDeps) {
    this.lastFile = path.join(deps.dataDir, 'ota.json');
  }

  async handle(payload: Buffer): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.deps.log.warn('upgrade message is not JSON; ignored');
    }
    const parsed = otaSchema.safeParse(raw);
    if (!parsed.success) {
      const uuid = z.object({ uuid: z.uuid() }).safeParse(raw);
      this.deps.log.warn('invalid upgrade message', { issues: parsed.error.issues.slice(0, 3) });
      if (uuid.success) await this.report(uuid.data.uuid, { state: 'failed', code: Err.commandRejected });
      return;
    }
    const ota = parsed.data;
    // a redelivered upgrade: the one under way goes on; a finished one is answered again
    if (this.busy === ota.uuid) return;
    const last = readJsonFile(this.lastFile) as { uuid?: string; step?: Step } | undefined;
    if (last?.uuid === ota.uuid && last.step) return this.report(ota.uuid, last.step);
    if (this.busy) return this.report(ota.uuid, { state: 'failed', code: Err.firmwareUpgrading });
    this.busy = ota.uuid;
    try {
      const step = await this.upgrade(ota).then(
        (): Step => ({ state: 'updated' }),
        (error: unknown): Step => {
          const code = error instanceof Failed ? error.code : Err.firmwareUpgradeFailed;
          this.deps.log.warn('firmware upgrade failed', { version: ota.version, code, error });
          return { state: 'failed', code };
        },
      );
      writeJsonFile(this.lastFile, { uuid: ota.uuid, step });
      await this.report(ota.uuid, step);
      if (step.state === 'updated') {
        this.deps.log.info('firmware installed; restarting', { version: ota.version });
        this.deps.restart();
      }
    } finally {
      this.busy = undefined;
    }
  }

  private async upgrade(ota: OtaMessage): Promise<void> {
    const now = (this.deps.now ?? Date.now)();
    if (ota.expiresAt !== undefined && ota.expiresAt < now) throw new Failed(Err.commandExpired, 'expired');
    await this.report(ota.uuid, { state: 'downloading', percent: 0 });
    const content = await this.download(ota);
    await this.report(ota.uuid, { state: 'downloaded' });
    const sha256 = createHash('sha256').update(content).digest('hex');
    if (content.length !== ota.size || sha256 !== ota.sha256)
      throw new Failed(
        Err.firmwareUpgradeFailed,
        `package check failed: ${content.length} bytes, sha256 ${sha256}`,
      );
    const dir = path.join(this.deps.dataDir, 'firmware');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${ota.version}.pkg`);
    writeFileSync(`${file}.tmp`, content);
    renameSync(`${file}.tmp`, file);
    await this.report(ota.uuid, { state: 'verified' });
    if (!this.deps.installCommand)
      throw new Failed(
        Err.firmwareUpgradeFailed,
        `no install command: the verified package is kept at ${file}`,
      );
    await this.report(ota.uuid, { state: 'updating' });
    await this.install(file, ota);
    writeJsonFile(path.join(dir, 'installed.json'), {
      version: ota.version,
      sha256,
      installedAt: Date.now(),
    });
  }

  /** The package's bytes, with the percent reported at each quarter; 1312 on any failure. */
  private async download(ota: OtaMessage): Promise<Buffer> {
    try {
      const res = await fetch(ota.url, { signal: AbortSignal.timeout(OTA_STEP_TIMEOUT_MS) });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const chunks: Buffer[] = [];
      let received = 0;
      let reported = 0;
      for await (const chunk of res.body) {
        const bytes = Buffer.from(chunk as Uint8Array);
        received += bytes.length;
        if (received > ota.size) throw new Error('larger than announced');
        chunks.push(bytes);
        const percent = Math.floor((received / ota.size) * 4) * 25;
        if (percent > reported && percent < 100) {
          reported = percent;
          await this.report(ota.uuid, { state: 'downloading', percent });
        }
      }
      return Buffer.concat(chunks);
    } catch (error) {
      throw new Failed(Err.firmwareDownloadFailed, `download failed: ${(error as Error).message}`);
    }
  }

  /** Runs the install command on the package; a non-zero exit or a time-out fails with 1310. */
  private install(file: string, ota: OtaMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.deps.installCommand!, {
        shell: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          FIRMWARE_PACKAGE: file,
          FIRMWARE_VERSION: ota.version,
          FIRMWARE_SHA256: ota.sha256,
        },
        timeout: OTA_STEP_TIMEOUT_MS,
      });
      let output = '';
      const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => reject(new Failed(Err.firmwareUpgradeFailed, error.message)));
      child.on('exit', (code, signal) => {
        if (code === 0) return resolve();
        reject(
          new Failed(Err.firmwareUpgradeFailed, `install command ended with ${code ?? signal}: ${output}`),
        );
      });
    });
  }

  private async report(uuid: string, step: Step): Promise<void> {
    await this.deps
      .publishProgress({ v: PROTOCOL_VERSION as 1, uuid, ...step })
      .catch((error: unknown) => this.deps.log.warn('upgrade progress not delivered', { uuid, error }));
  }
}
