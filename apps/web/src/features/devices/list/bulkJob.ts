/**
 * The state of a long bulk job (device import) as `bulkCalls.job` reports it, and how the import
 * dialog reads it. docs/requirements/devices-and-gateways.md §3.5: import is in progress, completed
 * or failed.
 */
import type { bulkCalls, CallOutput } from '@fieldhub/shared';

/** A job as the job call answers it. */
export type BulkJob = CallOutput<typeof bulkCalls.job>;

/** One bad row (or a problem of the whole file) of a failed job. */
export type BulkJobError = BulkJob['errors'][number];

/** What the phase and the progress read; the state stays open text, so an unknown one keeps polling. */
type JobProgress = Pick<BulkJob, 'done' | 'total' | 'errors'> & { state: string };

export type BulkJobPhase = 'running' | 'completed' | 'failed';

/** The phase of a job; a state this client does not know yet counts as running, so polling goes on. */
export function jobPhase(job: Pick<JobProgress, 'state'>): BulkJobPhase {
  return job.state === 'completed' || job.state === 'failed' ? job.state : 'running';
}

/** Progress in whole percent; 0 until the job knows its size, 100 once completed. */
export function jobPercent(job: JobProgress): number {
  if (jobPhase(job) === 'completed') return 100;
  if (!job.total || job.total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((job.done / job.total) * 100)));
}

/** Import files: .xls or .xlsx (docs/requirements/devices-and-gateways.md §10.1). */
export function isSpreadsheetName(name: string): boolean {
  return /\.xlsx?$/i.test(name.trim());
}
