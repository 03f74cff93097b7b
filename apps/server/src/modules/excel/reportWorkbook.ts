/**
 * A smart report's workbook, read and written in a worker thread (reportWorker.mjs) so exceljs
 * never holds the main thread (docs/requirements/data-views.md §4, DESIGN §5 "uploads are parsed
 * off the main thread"). Workers share the import slots of bulk/workbookReader.ts and have the
 * same heap, time and unpacked-size limits.
 */
import { AppError, Err, SMART_REPORT_CELLS_MAX, sheetModelSchema, type SheetModel } from '@fieldhub/shared';
import { runBoundedWorker } from '../bulk/boundedWorker';
import { READ_LIMITS, withParser, type ReadLimits } from '../bulk/workbookReader';

const WORKER_URL = new URL('./reportWorker.mjs', import.meta.url);

/** A signature image placed in a cell of the filled workbook. */
export interface CellImage {
  address: string;
  base64: string;
  extension: 'png' | 'jpeg';
}

type Job =
  | { op: 'model'; content: Buffer }
  | { op: 'fill'; content: Buffer; values: Record<string, string | number>; images: CellImage[] };

type Answer =
  | { ok: true; sheet?: unknown; bytes?: Uint8Array }
  | { ok: false; reason: 'tooLarge' | 'format'; message: string };

async function runWorker(job: Job, limits: ReadLimits): Promise<Answer & { ok: true }> {
  const answer = await runBoundedWorker<Answer>(
    WORKER_URL,
    {
      values: {},
      images: [],
      ...job,
      inflatedMaxBytes: limits.inflatedMaxBytes,
      cellsMax: SMART_REPORT_CELLS_MAX,
    },
    { heapMb: limits.heapMb, youngMb: 32, timeMs: limits.timeMs },
  );
  if (!answer.ok) throw new AppError(answer.reason === 'tooLarge' ? Err.fileTooLarge : Err.fileFormatWrong);
  return answer;
}

/**
 * The first sheet of an uploaded template as the browser renders it: 10007 when it is no
 * readable workbook, 10008 when it unpacks to too much or has more than 20,000 cells.
 */
export async function templateSheet(content: Buffer, limits: ReadLimits = READ_LIMITS): Promise<SheetModel> {
  const answer = await withParser(() => runWorker({ op: 'model', content }, limits));
  return sheetModelSchema.parse(answer.sheet);
}

/** The template with the values and images written into their cells, as .xlsx bytes. */
export async function filledWorkbook(
  content: Buffer,
  values: Record<string, string | number>,
  images: CellImage[],
): Promise<Buffer> {
  const answer = await withParser(() => runWorker({ op: 'fill', content, values, images }, READ_LIMITS));
  return Buffer.from(answer.bytes ?? new Uint8Array());
}
