import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError, Err, MSG_SOUND_UNAVAILABLE_CODE, type Lang } from '@fieldhub/shared';

/** Voices of espeak-ng for the interface languages. */
const VOICE: Record<Lang, string> = { 'zh-CN': 'cmn', 'en-US': 'en' };

export interface SpeechOptions {
  /**
   * The speech engine: the script of an Emscripten build of the espeak-ng program, its `.wasm`
   * beside it. Default: the `espeak-ng` package from npm (tests point it elsewhere to see the
   * failure paths).
   */
  engine?: string;
  /** a synthesis running longer is stopped (ms) */
  timeoutMs?: number;
  /** cached clips, and their total size in bytes */
  cacheEntries?: number;
  cacheBytes?: number;
  /** syntheses running at once; more are refused with 90010 rather than queued */
  concurrency?: number;
}

/** Largest WAV accepted from the engine (200 characters are well under 2 MB). */
const MAX_WAV_BYTES = 4 * 1024 * 1024;

const WORKER_URL = new URL('./speechWorker.mjs', import.meta.url);

/** A compiled WebAssembly module, opaque here: the worker instantiates it. */
type WasmModule = object;
// lib ES2023 declares no WebAssembly (its types come with the DOM lib); this is the one call used
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

/** The npm build of eSpeak NG, or undefined when it is not installed. */
function packagedEngine(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('espeak-ng');
  } catch {
    return undefined;
  }
}

/** The format and length of a PCM WAV, as its header states them. */
export interface PcmWavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** bytes of samples in the data chunk */
  dataBytes: number;
  durationMs: number;
}

/** Reads the header of a PCM WAV; null when the bytes are not one (or hold no samples). */
export function pcmWavInfo(wav: Uint8Array): PcmWavInfo | null {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
  if (wav.length < 44 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null;
  let format: Omit<PcmWavInfo, 'dataBytes' | 'durationMs'> | null = null;
  for (let at = 12; at + 8 <= wav.length;) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === 'fmt ' && size >= 16) {
      if (view.getUint16(at + 8, true) !== 1) return null; // not PCM
      format = {
        channels: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        bitsPerSample: view.getUint16(at + 22, true),
      };
    } else if (tag(at) === 'data') {
      const dataBytes = Math.min(size, wav.length - at - 8);
      const frameBytes = format ? (format.channels * format.bitsPerSample) / 8 : 0;
      if (!format || frameBytes === 0 || format.sampleRate === 0 || dataBytes === 0) return null;
      return { ...format, dataBytes, durationMs: (dataBytes / frameBytes / format.sampleRate) * 1000 };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/**
 * Alarm voice synthesis (/lfscada/msg/createSound): eSpeak NG speaks the text into a WAV. The
 * engine is the npm build of espeak-ng (WebAssembly, voice data included), so nothing has to be
 * installed on the system. A synthesis costs 100–500 ms of CPU, so each runs in a worker thread
 * of its own on the module compiled once here, and the server keeps answering meanwhile; a run
 * is stopped after `timeoutMs`. The text is handed over as a file, never as an argument a
 * leading '-' could turn into an option. Recent clips are cached by language and text in a small
 * LRU bounded by count and bytes, since an alarm's text repeats for every account and every
 * repetition. Without the engine the call answers 90104 and the browser speaks itself.
 */
export class AlarmSpeech {
  private readonly engine: string | undefined;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly concurrency: number;
  private readonly cache = new Map<string, Buffer>();
  private cachedBytes = 0;
  private running = 0;
  /** syntheses asked while the same text is being synthesised share the run */
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** the engine's WebAssembly, compiled on first use */
  private compiled: Promise<WasmModule> | undefined;

  constructor(options: SpeechOptions = {}) {
    this.engine = options.engine ?? packagedEngine();
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.maxEntries = options.cacheEntries ?? 64;
    this.maxBytes = options.cacheBytes ?? 16 * 1024 * 1024;
    this.concurrency = options.concurrency ?? 2;
  }

  get available(): boolean {
    return this.engine !== undefined && existsSync(this.engine) && existsSync(wasmOf(this.engine));
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
    this.running++;
    const run = this.synthesise(text, VOICE[lang]).finally(() => {
      this.running--;
      this.inFlight.delete(key);
    });
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

  private async synthesise(text: string, voice: string): Promise<Buffer> {
    const engine = this.engine!; // speak() checked `available`
    this.compiled ??= readFile(wasmOf(engine)).then((bytes) => WebAssembly.compile(bytes));
    const wasm = await this.compiled.catch(() => {
      this.compiled = undefined;
      throw new AppError(MSG_SOUND_UNAVAILABLE_CODE);
    });
    return new Promise<Buffer>((resolve, reject) => {
      const worker = new Worker(WORKER_URL, { workerData: { engine, wasm, voice, text } });
      let settled = false;
      const finish = (wav: Buffer | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        if (wav && wav.length <= MAX_WAV_BYTES && pcmWavInfo(wav)) resolve(wav);
        else reject(new AppError(MSG_SOUND_UNAVAILABLE_CODE));
      };
      const timer = setTimeout(() => finish(null), this.timeoutMs);
      worker.once('message', (wav: Uint8Array) =>
        finish(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength)),
      );
      // the engine failed to load or to write its file, or the worker died
      worker.once('error', () => finish(null));
      worker.once('exit', () => finish(null));
    });
  }
}

function wasmOf(engine: string): string {
  return path.join(path.dirname(engine), `${path.basename(engine, path.extname(engine))}.wasm`);
}
