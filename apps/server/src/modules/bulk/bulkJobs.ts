import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  Err,
  inputProblem,
  inputProblemText,
  isAppError,
  type bulkCalls,
  type CallResult,
  type Lang,
  type LocalizedText,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import type { SheetSpec } from './workbook';

/** A problem of one row (or of the whole file when `row` is null), stored until the job is read. */
export interface RowError {
  row: number | null;
  /** column key of the sheet spec */
  column: string | null;
  code: number;
  detail: LocalizedText | null;
}

/** Thrown by a job's work when rows are bad: the job fails and nothing is stored. */
export class RowsRejected extends Error {
  constructor(readonly errors: RowError[]) {
    super(`${errors.length} bad rows`);
  }
}

export const rowError = (
  row: number | null,
  column: string | null,
  code: number,
  detail: LocalizedText | null = null,
): RowError => ({ row, column, code, detail });

/** A row error from a thrown catalogue error, keeping its bilingual detail. */
export function errorOfRow(row: number | null, column: string | null, err: AppError): RowError {
  const detail = err.params?.detail;
  return { row, column, code: err.code, detail: typeof detail === 'object' ? detail : null };
}

/** The catalogue message with the detail; appended when the code's text has no place for it. */
export function rowMessage(e: RowError, lang: Lang): string {
  const message = new AppError(e.code, e.detail ? { params: { detail: e.detail } } : {}).messageIn(lang);
  if (!e.detail || message.includes(e.detail[lang])) return message;
  return `${message}${lang === 'zh-CN' ? '：' : ': '}${e.detail[lang]}`;
}

const zodLocale = { 'zh-CN': z.locales.zhCN().localeError, 'en-US': z.locales.en().localeError };

/** One failed field of a row: its path in the schema and what is wrong, in both languages. */
export interface FieldIssue {
  field: string;
  detail: LocalizedText;
}

/**
 * Parses a row with the form's schema. The job's report is read later, maybe in the other
 * language, so a failing row is parsed again to get zod's message in both.
 */
export function parseRow<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; issues: FieldIssue[] } {
  // the same storable-text rule as every call's input (packages/shared inputText)
  const problem = inputProblem(raw);
  if (problem) {
    const field = problem.path.split('.')[0] ?? '';
    const detail = {
      'en-US': inputProblemText(problem, 'en-US'),
      'zh-CN': inputProblemText(problem, 'zh-CN'),
    };
    return { ok: false, issues: [{ field, detail }] };
  }
  const en = schema.safeParse(raw, { error: zodLocale['en-US'] });
  if (en.success) return { ok: true, data: en.data };
  const zh = schema.safeParse(raw, { error: zodLocale['zh-CN'] });
  const zhIssues = zh.success ? [] : zh.error.issues;
  return {
    ok: false,
    issues: en.error.issues.map((issue, i) => ({
      field: String(issue.path[0] ?? ''),
      detail: { 'en-US': issue.message, 'zh-CN': zhIssues[i]?.message ?? issue.message },
    })),
  };
}

const t = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });

/** Bilingual details the importers add to 10001. */
export const importDetails = {
  duplicateInFile: (firstRow: number) => t(`与第 ${firstRow} 行重复`, `same as row ${firstRow}`),
  mappingFormat: t('格式为 值:文本;值:文本', 'use value:text;value:text'),
  codeRequired: t('绑定网关须填写 6 位验证码', 'a 6-digit verification code is needed to bind the gateway'),
  groupPath: t(
    '分组路径格式为 上级/下级，每级最多 30 个字符',
    'use parent/child, each name at most 30 characters',
  ),
};

export type JobState = JobView['state'];

/** What the browser polls to draw the progress bar and the error report (the contract's bulkJobView). */
export type JobView = CallResult<typeof bulkCalls.job>;

/** Reports how many rows are done; writes to bulk_jobs about every 50 rows. */
export type Progress = (done: number) => Promise<void>;

const PROGRESS_STEP = 50;
// a job still "running" after this long was cut off by a restart and no longer blocks its target
const STALE_MINUTES = 15;

/**
 * Opens a job for one target (a device, a template or an enterprise's device list). Only one
 * import per target runs at a time (1126); the check and the insert hold a lock on the target.
 */
export async function openJob(
  db: Db,
  auth: AuthContext,
  kind: string,
  target: string,
  total: number,
): Promise<string> {
  return db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))::text', [target]);
    const running = await one(
      tx,
      `select 1 from bulk_jobs where org_id = $1 and state = 'running' and result->>'target' = $2
          and created_at > now() - make_interval(mins => $3)`,
      [auth.orgId, target, STALE_MINUTES],
    );
    if (running) throw new AppError(Err.deviceJobInProgress);
    const id = randomUUID();
    await tx.query(
      'insert into bulk_jobs(id, org_id, account_id, kind, total, result) values ($1, $2, $3, $4, $5, $6)',
      [id, auth.orgId, auth.accountId, kind, total, JSON.stringify({ target })],
    );
    return id;
  });
}

/**
 * Runs job work after the call has answered and records its outcome. Keeps every job it started
 * so closing the app waits for them instead of cutting a database transaction off.
 */
export class JobRunner {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(jobId: string, total: number, work: (progress: Progress) => Promise<Record<string, unknown>>): void {
    let written = 0;
    const progress: Progress = async (done) => {
      if (done - written < PROGRESS_STEP && done < total) return;
      written = done;
      await this.db.query('update bulk_jobs set done = $2 where id = $1', [jobId, done]);
    };
    const job = work(progress)
      .then((result) => this.finish(jobId, 'completed', total, [], result))
      .catch((err: unknown) => this.finish(jobId, 'failed', null, errorsOf(err, this.log), null))
      .catch((err: unknown) => this.log.error({ err, jobId }, 'could not record the end of a bulk job'))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /** Resolves when every job started here has ended. */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private async finish(
    jobId: string,
    state: JobState,
    done: number | null,
    errors: RowError[],
    result: Record<string, unknown> | null,
  ): Promise<void> {
    await this.db.query(
      `update bulk_jobs set state = $2, done = coalesce($3, done), errors = $4::jsonb,
         result = coalesce(result, '{}'::jsonb) || coalesce($5::jsonb, '{}'::jsonb), finished_at = now()
       where id = $1`,
      [jobId, state, done, JSON.stringify(errors), result ? JSON.stringify(result) : null],
    );
  }
}

function errorsOf(err: unknown, log: FastifyBaseLogger): RowError[] {
  if (err instanceof RowsRejected) return err.errors;
  if (isAppError(err)) return [errorOfRow(null, null, err)];
  log.error({ err }, 'bulk job failed');
  return [{ row: null, column: null, code: Err.unknownError, detail: null }];
}

/**
 * A job of the caller's enterprise with its errors in the caller's language; another
 * enterprise's id reads as missing (90002).
 */
export async function jobStatus(
  db: Db,
  auth: AuthContext,
  jobId: string,
  lang: Lang,
  specs: Record<string, SheetSpec>,
): Promise<JobView> {
  const row = await one<{
    kind: string;
    state: JobState;
    done: number;
    total: number;
    errors: RowError[];
    result: Record<string, unknown> | null;
  }>(db, 'select kind, state, done, total, errors, result from bulk_jobs where id = $1 and org_id = $2', [
    jobId,
    auth.orgId,
  ]);
  if (!row) throw new AppError(Err.dataMissingOrNoAccess);
  const columns = specs[row.kind]?.columns ?? [];
  const { target: _target, ...result } = row.result ?? {};
  return {
    jobId,
    kind: row.kind,
    state: row.state,
    done: row.done,
    total: row.total,
    errors: row.errors.map((e) => ({
      row: e.row,
      column: columns.find((c) => c.key === e.column)?.label[lang] ?? e.column,
      field: e.column,
      code: e.code,
      message: rowMessage(e, lang),
    })),
    // a completed job's work answered `{ created }` (deviceImport.ts, variableImport.ts)
    result: row.state === 'completed' ? (result as { created: number }) : null,
  };
}
