/**
 * Reads an uploaded .xlsx in a worker thread (workbookWorker.mjs): exceljs parses on the thread
 * it runs on, and a few MB of workbook kept the server's main thread, and every other call,
 * busy for seconds. The worker has a heap limit and a time limit and unpacks no more than
 * READ_LIMITS.inflatedMaxBytes; at most PARSERS_MAX run at once, later imports wait for one.
 */
import type ExcelJS from 'exceljs';
import { AppError, Err } from '@fieldhub/shared';
import { runBoundedWorker } from './boundedWorker';

/** The cells of a workbook as exceljs gave them, before any checking. */
export interface RawWorkbook {
  /** rows of the marker sheet: its first two cells each; null without a marker sheet */
  marker: [ExcelJS.CellValue, ExcelJS.CellValue][] | null;
  /** the first sheet other than the marker; null when there is none */
  sheet: {
    /** row 1, column 1 first, up to its last filled cell */
    header: ExcelJS.CellValue[];
    /** rows with any content in the header's columns, each as wide as the header */
    rows: { row: number; cells: ExcelJS.CellValue[] }[];
    /** more such rows than asked for followed */
    more: boolean;
  } | null;
}

export interface ReadLimits {
  /** heap of the worker (old generation), MB */
  heapMb: number;
  /** the worker is stopped after this long (10007) */
  timeMs: number;
  /** what the zip may unpack to, all entries together (10008) */
  inflatedMaxBytes: number;
}

export const READ_LIMITS: ReadLimits = {
  heapMb: 256,
  timeMs: 30_000,
  // a 5,000-row sheet unpacks to a few tens of MB; beyond this exceljs would not fit the heap anyway
  inflatedMaxBytes: 200 * 1024 * 1024,
};

const PARSERS_MAX = 2;
const WORKER_URL = new URL('./workbookWorker.mjs', import.meta.url);

type WorkerAnswer =
  { ok: true; workbook: RawWorkbook } | { ok: false; reason: 'tooLarge' | 'format'; message: string };

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `work` once one of the PARSERS_MAX workbook slots is free: imports and the smart reports'
 * workbooks (modules/excel/reportWorkbook.ts) share them, so uploads never take every core.
 */
export async function withParser<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARSERS_MAX) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // the slot passes straight to the next import waiting, if any
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

async function parseInWorker(
  content: Buffer,
  markerSheet: string,
  maxRows: number,
  limits: ReadLimits,
): Promise<RawWorkbook> {
  const answer = await runBoundedWorker<WorkerAnswer>(
    WORKER_URL,
    { content, markerSheet, maxRows, inflatedMaxBytes: limits.inflatedMaxBytes },
    { heapMb: limits.heapMb, youngMb: 32, timeMs: limits.timeMs },
  );
  if (!answer.ok) throw new AppError(answer.reason === 'tooLarge' ? Err.fileTooLarge : Err.fileFormatWrong);
  return answer.workbook;
}

/**
 * The cells of an .xlsx: 10008 when it unpacks to too much or its parse runs out of memory,
 * 10007 when it is no readable workbook or its parse takes longer than the time limit.
 * `maxRows` bounds the data rows returned (`more` tells whether others followed).
 */
export function readWorkbookCells(
  content: Buffer,
  markerSheet: string,
  maxRows: number,
  limits: ReadLimits = READ_LIMITS,
): Promise<RawWorkbook> {
  return withParser(() => parseInWorker(content, markerSheet, maxRows, limits));
}
