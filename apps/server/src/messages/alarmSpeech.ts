import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { AppError, Err, MSG_SOUND_UNAVAILABLE_CODE, type Lang } from '@fieldhub/shared';

/** Voices of espeak-ng for the interface languages. */
const VOICE: Record<Lang, string> = { 'zh-CN': 'cmn', 'en-US': 'en' };

export interface SpeechOptions {
  /** the espeak-ng binary (tests point it elsewhere to see the fallback) */
  binary?: string;
  /** a synthesis running longer is killed (ms) */
  timeoutMs?: number;
  /** cached clips, and their total size in bytes */
  cacheEntries?: number;
  cacheBytes?: number;
  /** syntheses running at once; more are refused with 90010 rather than queued */
  concurrency?: number;
}

/** Largest WAV accepted from espeak-ng (200 characters are well under 2 MB). */
const MAX_WAV_BYTES = 4 * 1024 * 1024;

/**
 * Alarm voice synthesis (/lfscada/msg/createSound): espeak-ng speaks the text into a WAV. The
 * text is handed over on stdin (never as an argument a leading '-' could turn into an option),
 * a run is killed after `timeoutMs`, and recent clips are cached by language and text in a
 * small LRU bounded by count and bytes, since an alarm's text repeats for every account and
 * every repetition. Without espeak-ng the call answers 90104 and the browser speaks itself.
 */
export class AlarmSpeech {
  private readonly binary: string;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly concurrency: number;
  private readonly cache = new Map<string, Buffer>();
  private cachedBytes = 0;
  private running = 0;
  /** syntheses asked while the same text is being synthesised share the run */
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(options: SpeechOptions = {}) {
    this.binary = options.binary ?? '/usr/bin/espeak-ng';
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.maxEntries = options.cacheEntries ?? 64;
    this.maxBytes = options.cacheBytes ?? 16 * 1024 * 1024;
    this.concurrency = options.concurrency ?? 2;
  }

  get available(): boolean {
    return existsSync(this.binary);
  }

  async speak(text: string, lang: Lang): Promise<Buffer> {
    const key = `${lang}\u0000${text}`;
    const hit = this.cache.get(key);
    if (hit) {
      // refresh its place in the LRU order
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    if (!this.available) throw new AppError(MSG_SOUND_UNAVAILABLE_CODE);
    if (this.running >= this.concurrency) throw new AppError(Err.tooManyRequests);
    const run = this.synthesise(text, VOICE[lang]).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, run);
    const wav = await run;
    this.remember(key, wav);
    return wav;
  }

  private remember(key: string, wav: Buffer): void {
    if (wav.length > this.maxBytes) return;
    this.cache.set(key, wav);
    this.cachedBytes += wav.length;
    for (const [k, v] of this.cache) {
      if (this.cache.size <= this.maxEntries && this.cachedBytes <= this.maxBytes) break;
      this.cache.delete(k);
      this.cachedBytes -= v.length;
    }
  }

  private synthesise(text: string, voice: string): Promise<Buffer> {
    this.running++;
    return new Promise<Buffer>((resolve, reject) => {
      const child = spawn(this.binary, ['-v', voice, '--stdout', '--stdin'], {
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      const chunks: Buffer[] = [];
      let size = 0;
      let failed: AppError | null = null;
      let settled = false;
      const finish = (code: number | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.running--;
        const wav = Buffer.concat(chunks);
        if (failed) return reject(failed);
        if (code !== 0 || wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF')
          return reject(new AppError(MSG_SOUND_UNAVAILABLE_CODE));
        resolve(wav);
      };
      // answers at once: 'close' could wait on a grandchild still holding the pipe
      const fail = (err: AppError) => {
        failed ??= err;
        child.kill('SIGKILL');
        child.stdout.destroy();
        finish(null);
      };
      const timer = setTimeout(() => fail(new AppError(MSG_SOUND_UNAVAILABLE_CODE)), this.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_WAV_BYTES) return fail(new AppError(MSG_SOUND_UNAVAILABLE_CODE));
        chunks.push(chunk);
      });
      // a binary that cannot start reports 'error' (and maybe no 'close')
      child.on('error', () => {
        failed ??= new AppError(MSG_SOUND_UNAVAILABLE_CODE);
        finish(null);
      });
      child.on('close', finish);
      child.stdin.on('error', () => undefined); // a killed child closes its stdin under us
      child.stdin.end(text);
    });
  }
}
