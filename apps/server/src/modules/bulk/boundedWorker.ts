/**
 * One job in a worker thread with a heap limit and a time limit, for the parsers of uploads
 * (workbookReader.ts, excel/reportWorkbook.ts, materials/materialFiles.ts): the worker's answer,
 * or `{ ok: false, reason }` when it could not give one — `tooLarge` when it ran out of memory,
 * `format` when it took longer than the time limit, failed or exited without answering.
 */
import { Worker } from 'node:worker_threads';

export interface WorkerLimits {
  /** heap of the worker (old generation), MB */
  heapMb: number;
  /** young generation, MB */
  youngMb: number;
  /** the worker is stopped after this long */
  timeMs: number;
}

export type WorkerFailure = { ok: false; reason: 'tooLarge' | 'format' };

export function runBoundedWorker<T>(
  url: URL,
  workerData: unknown,
  limits: WorkerLimits,
): Promise<T | WorkerFailure> {
  return new Promise((resolve) => {
    const worker = new Worker(url, {
      workerData,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: limits.youngMb,
        stackSizeMb: 4,
      },
    });
    let settled = false;
    const settle = (outcome: T | WorkerFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const failed = (reason: WorkerFailure['reason']) => settle({ ok: false, reason });
    const timer = setTimeout(() => failed('format'), limits.timeMs);
    worker.on('message', (answer: T) => settle(answer));
    worker.on('error', (err: Error & { code?: string }) =>
      failed(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooLarge' : 'format'),
    );
    worker.on('exit', () => failed('format'));
  });
}
