import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  DATA_CENTER_EXPORT_MAX_ROWS,
  Err,
  isAppError,
  type DataCenterQuery,
  type ExportJob,
  type Lang,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { countValues } from '../../monitor/history/history.repo';
import { checkEnabled, checkedQuery, type CheckedQuery } from './dataCenter.service';
import * as repo from './dataCenter.repo';

/** Rows read per database round trip, and rows between two progress writes. */
const CHUNK = 20_000;
const PROGRESS_STEP = 5_000;
/** Size of the pieces the workbook is stored in. */
const PART_BYTES = 1 << 20;

const titles: Record<Lang, { sheet: string; file: string; raw: string[]; agg: string[] }> = {
  'zh-CN': {
    sheet: '数据中心',
    file: '数据中心',
    raw: ['时间', '设备', '变量', '值', '单位', '质量'],
    agg: ['时间', '设备', '变量', '平均值', '最小值', '最大值', '首值', '末值', '个数', '单位'],
  },
  'en-US': {
    sheet: 'Data center',
    file: 'data-center',
    raw: ['Time', 'Device', 'Variable', 'Value', 'Unit', 'Quality'],
    agg: ['Time', 'Device', 'Variable', 'Average', 'Minimum', 'Maximum', 'First', 'Last', 'Count', 'Unit'],
  },
};

const tooManyRows = (max: number): Record<Lang, string> => ({
  'zh-CN': `导出最多 ${max} 行，请缩小时间范围或减少变量`,
  'en-US': `an export holds at most ${max} rows; narrow the range or pick fewer variables`,
});

/** Reports rows written so far. */
type Progress = (done: number) => Promise<void>;

/**
 * Runs exports after the call has answered (data-views.md §3.2) and records how each ended. Keeps
 * every export it started so closing the app waits for them.
 */
export class ExportRunner {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(jobId: string, work: (progress: Progress) => Promise<number>): void {
    let recorded = 0;
    const progress: Progress = async (done) => {
      if (done - recorded < PROGRESS_STEP) return;
      recorded = done;
      await repo.exportProgress(this.db, jobId, done);
    };
    const job = work(progress)
      .then((rows) => repo.finishExport(this.db, jobId, 'completed', rows, null))
      .catch((err: unknown) => {
        if (!isAppError(err)) this.log.error({ err, jobId }, 'data center export failed');
        return repo.finishExport(
          this.db,
          jobId,
          'failed',
          null,
          isAppError(err) ? err.code : Err.unknownError,
        );
      })
      .catch((err: unknown) => this.log.error({ err, jobId }, 'could not record the end of an export'))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}

/**
 * Starts an export of the query's rows: checks come first (2615, 10001 range or too many rows,
 * 1714), the job row is written, and the workbook is written in the background.
 */
export async function startExport(
  db: Db,
  runner: ExportRunner,
  auth: AuthContext,
  q: DataCenterQuery,
  lang: Lang,
  maxRows: number = DATA_CENTER_EXPORT_MAX_ROWS,
): Promise<{ jobId: string }> {
  const checked = await checkedQuery(db, auth, q);
  const ids = checked.variables.map((v) => v.id);
  const cap = maxRows + 1;
  const total =
    q.mode === 'raw'
      ? await countValues(db, ids, checked.range, cap)
      : await repo.countBuckets(db, ids, checked.range, checked.buckets, cap);
  if (total > maxRows)
    throw new AppError(Err.parameterCheckFailed, {
      params: { detail: tooManyRows(maxRows)[lang] },
      data: { rule: 'rows' },
    });
  const jobId = randomUUID();
  const day = new Date(q.endTime + q.utcOffsetMinutes * 60_000).toISOString().slice(0, 10).replace(/-/g, '');
  const filename = `${titles[lang].file}-${day}.xlsx`;
  await repo.insertExport(db, { id: jobId, orgId: auth.orgId, accountId: auth.accountId, total, filename });
  runner.start(jobId, (progress) => writeExport(db, jobId, checked, q, lang, progress));
  return { jobId };
}

/**
 * Writes the workbook with exceljs' streaming writer, one row per value (raw) or per bucket
 * (aggregated), variable after variable in time order, and stores it in pieces as it is
 * written, so memory stays flat however many rows there are. Answers the rows written.
 */
export async function writeExport(
  db: Db,
  jobId: string,
  { range, variables, buckets }: CheckedQuery,
  q: Pick<DataCenterQuery, 'mode' | 'utcOffsetMinutes'>,
  lang: Lang,
  progress: Progress,
): Promise<number> {
  const store = new PartStore(db, jobId);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: store,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = wb.addWorksheet(titles[lang].sheet);
  const head = q.mode === 'raw' ? titles[lang].raw : titles[lang].agg;
  sheet.columns = head.map((_, i) =>
    i === 0 ? { width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : { width: i < 3 ? 24 : 12 },
  );
  sheet.addRow(head).commit();
  // a date cell shows wall time, so the instant is moved by the reader's offset
  const shift = q.utcOffsetMinutes * 60_000;
  let written = 0;
  for (const v of variables) {
    if (q.mode === 'raw') {
      // the next chunk is asked for before this one is written, so reading and writing overlap
      const read = (after: number | null) => {
        const chunk = repo.packedValuesAfter(db, v.id, range, after, CHUNK);
        chunk.catch(() => undefined); // awaited below; a failure while the sheet is written is not unhandled
        return chunk;
      };
      let next = read(null);
      for (;;) {
        const rows = await next;
        const more = rows.length === CHUNK;
        if (more) next = read(rows[rows.length - 1]![0]);
        for (const [ts, num, txt, quality] of rows)
          sheet.addRow([new Date(ts + shift), v.device, v.name, num ?? txt, v.unit, quality]).commit();
        written += rows.length;
        await progress(written);
        if (!more) break;
      }
    } else {
      for (let offset = 0; ; offset += CHUNK) {
        const rows = await repo.findBuckets(db, [v.id], range, buckets, {
          limit: CHUNK,
          offset,
          order: 'asc',
        });
        for (const r of rows)
          sheet
            .addRow([
              new Date(r.ts + shift),
              v.device,
              v.name,
              r.avg,
              r.min,
              r.max,
              r.first,
              r.last,
              r.count,
              v.unit,
            ])
            .commit();
        written += rows.length;
        await progress(written);
        if (rows.length < CHUNK) break;
      }
    }
  }
  sheet.commit();
  await wb.commit();
  await finished(store);
  return written;
}

/** A writable that stores what it is given as the export's pieces of about PART_BYTES. */
class PartStore extends Writable {
  private chunks: Buffer[] = [];
  private size = 0;
  private seq = 0;

  constructor(
    private readonly db: Db,
    private readonly jobId: string,
  ) {
    super();
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size < PART_BYTES) return done();
    this.flushPart().then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.flushPart().then(() => done(), done);
  }

  private async flushPart(): Promise<void> {
    if (!this.size) return;
    const bytes = Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    await repo.insertExportPart(this.db, this.jobId, this.seq++, bytes);
  }
}

/** An export the caller started: another account's or enterprise's job reads as missing (90002). */
async function ownExport(db: Db, auth: AuthContext, jobId: string): Promise<repo.ExportRow> {
  await checkEnabled(db, auth);
  const job = await repo.exportOf(db, auth.orgId, auth.accountId, jobId, Err.jobInterrupted);
  if (!job) throw new AppError(Err.dataMissingOrNoAccess);
  return job;
}

export async function exportStatus(db: Db, auth: AuthContext, jobId: string, lang: Lang): Promise<ExportJob> {
  const job = await ownExport(db, auth, jobId);
  return {
    jobId,
    state: job.state,
    done: job.done,
    total: job.total,
    filename: job.filename,
    error: job.errorCode === null ? null : new AppError(job.errorCode).messageIn(lang),
  };
}

/** The workbook of a completed export, read piece by piece; before it completes 10011 (no file yet). */
export async function exportFile(
  db: Db,
  auth: AuthContext,
  jobId: string,
): Promise<{ filename: string; stream: Readable }> {
  const job = await ownExport(db, auth, jobId);
  if (job.state !== 'completed') throw new AppError(Err.fileMissing);
  let seq = 0;
  const stream = Readable.from(
    (async function* () {
      for (;;) {
        const part = await repo.exportPart(db, jobId, seq++);
        if (!part) return;
        yield Buffer.from(part.buffer, part.byteOffset, part.byteLength);
      }
    })(),
  );
  return { filename: job.filename, stream };
}
