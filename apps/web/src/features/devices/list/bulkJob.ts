/**
 * The state of a long bulk job (device import) as `/lfscada/bulk/job {jobId}` reports it, and
 * how the import dialog reads it. docs/requirements/devices-and-gateways.md §3.5: import is in progress,
 * completed or failed.
 */
export interface BulkJobError {
  /** spreadsheet row, 1-based as Excel shows it; null for a problem of the whole file */
  row: number | null;
  /** the column's label in the caller's language; null when no one column is at fault */
  column: string | null;
  /** the catalogue message with its detail, in the caller's language */
  message: string;
}

export interface BulkJob {
  state: string;
  done: number;
  total: number;
  errors: BulkJobError[];
  /** what a completed job did, e.g. `{ created: 12 }` for a device import */
  result?: { created?: number } | null;
}

export type BulkJobPhase = 'running' | 'completed' | 'failed';

/** The phase of a job; a state this client does not know yet counts as running, so polling goes on. */
export function jobPhase(job: Pick<BulkJob, 'state'>): BulkJobPhase {
  return job.state === 'completed' || job.state === 'failed' ? job.state : 'running';
}

/** Progress in whole percent; 0 until the job knows its size, 100 once completed. */
export function jobPercent(job: BulkJob): number {
  if (jobPhase(job) === 'completed') return 100;
  if (!job.total || job.total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((job.done / job.total) * 100)));
}

/** Import files: .xls or .xlsx (docs/requirements/devices-and-gateways.md §10.1). */
export function isSpreadsheetName(name: string): boolean {
  return /\.xlsx?$/i.test(name.trim());
}
