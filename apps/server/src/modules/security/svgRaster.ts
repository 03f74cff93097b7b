/**
 * An SVG avatar turned into a PNG (docs/requirements/account-security.md §1.6): what is stored and
 * shown is a bitmap, so nothing in the SVG (scripts, event attributes, foreignObject) can ever run.
 * The drawing happens in a child process (svgRasterProcess.mjs) with a memory cap and a time limit,
 * not on the main thread and not in a worker thread, whose limits do not reach resvg's own
 * allocations; it shares the upload parser slots of bulk/workbookReader.ts.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AppError, Err } from '@fieldhub/shared';
import { withParser } from '../bulk/workbookReader';

export interface RasterLimits {
  /** the longer side of the PNG, pixels (the profile shows the avatar at 72 px; twice that for sharp screens) */
  maxSide: number;
  /** data segment of the drawing process (ulimit -d), MB: beyond it the process dies (10008) */
  memoryMb: number;
  /** the drawing process is killed after this long (10007) */
  timeMs: number;
}

/** 144 px a side keeps even an incompressible PNG (144 × 144 × 4 bytes) under the 100 KB upload limit. */
export const RASTER_LIMITS: RasterLimits = { maxSide: 144, memoryMb: 512, timeMs: 10_000 };

const PROCESS_PATH = fileURLToPath(new URL('./svgRasterProcess.mjs', import.meta.url));

type ProcessAnswer = { ok: true; png: string } | { ok: false; reason: string };

function drawInProcess(svg: Buffer, limits: RasterLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // "$0" "$@": the node binary and the script, passed as arguments rather than pasted into the command
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        `ulimit -d ${limits.memoryMb * 1024} && exec "$0" "$@"`,
        process.execPath,
        PROCESS_PATH,
        String(limits.maxSide),
      ],
      { env: {}, stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const out: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limits.timeMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stdin.on('error', () => undefined); // a child that died early closes its stdin; 'close' answers
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return reject(new AppError(Err.fileFormatWrong));
      // an allocation beyond the cap aborts the process (Rust and V8 alike)
      if (signal === 'SIGABRT' || signal === 'SIGTRAP') return reject(new AppError(Err.fileTooLarge));
      let answer: ProcessAnswer | null = null;
      try {
        answer = JSON.parse(Buffer.concat(out).toString('utf8')) as ProcessAnswer;
      } catch {
        // no answer: the process died some other way
      }
      if (code === 0 && answer?.ok) resolve(Buffer.from(answer.png, 'base64'));
      else reject(new AppError(Err.fileFormatWrong));
    });
    child.stdin.end(svg);
  });
}

/** The PNG of an SVG, its longer side `maxSide`: 10007 when it cannot be drawn in time, 10008 beyond the memory cap. */
export function rasteriseSvg(svg: Buffer, limits: RasterLimits = RASTER_LIMITS): Promise<Buffer> {
  return withParser(() => drawInProcess(svg, limits));
}
