/**
 * Store-and-forward queue on disk. Records are appended to segment files (`recordFile.ts`) and
 * stay until acknowledged; `index.json` remembers what was acknowledged so a restart replays only
 * the rest, in order. The queue is bounded by bytes: beyond the bound the oldest segment is
 * deleted whatever it holds, and its unacknowledged records are counted as dropped.
 *
 * Durability trade-off: every append is one `write()` to the segment, so a killed process
 * (`kill -9`) loses nothing appended — the data is in the kernel's page cache. `fsync` runs
 * once per `fsyncIntervalMs` (1 s), so a power cut or kernel crash loses at most the last second
 * of appends; fsync on every append would cost a disk flush per batch for a risk the gateway's
 * hardware (not this process) has to cover. The ack index is saved on the same tick: after a
 * crash, up to a second of already-delivered records is delivered again (at least once; the
 * platform de-duplicates telemetry by bootId and seq).
 */
import {
  closeSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import {
  type RecordLocation,
  encodeRecord,
  isSegmentName,
  readPayload,
  scanSegment,
  segmentName,
} from './recordFile';

export interface DiskQueueOptions {
  dir: string;
  /** bound on the bytes of all segment files (64 MiB by default in the gateway) */
  maxBytes: number;
  /** size at which a new segment is started; maxBytes / 8 by default, 4 KiB .. 8 MiB */
  segmentBytes?: number;
  /** how often appends are fsynced and the ack index saved */
  fsyncIntervalMs?: number;
}

/** What opening found, for the log. */
export interface OpenReport {
  pending: number;
  segments: number;
  /** bytes cut off torn or corrupt segment tails */
  tornBytes: number;
}

interface Segment {
  path: string;
  firstId: number;
  lastId: number;
  bytes: number;
  records: RecordLocation[];
  writeFd?: number;
  readFd?: number;
}

interface IndexFile {
  nextId: number;
  lowWater: number;
  ackedAbove: number[];
  dropped: number;
}

const INDEX = 'index.json';

export class DiskQueue {
  private readonly segments: Segment[] = [];
  private readonly unacked = new Map<number, Segment>();
  /** ids of records appended or found unacked, ascending; acked ones are skipped lazily */
  private order: number[] = [];
  private head = 0;
  private nextId = 1;
  private droppedRecords = 0;
  private syncDirty = false;
  private indexDirty = false;
  private readonly timer: NodeJS.Timeout;
  readonly opened: OpenReport;

  private constructor(private readonly options: Required<DiskQueueOptions>) {
    mkdirSync(options.dir, { recursive: true });
    this.opened = this.load();
    this.timer = setInterval(() => this.flush(), options.fsyncIntervalMs);
    this.timer.unref();
  }

  static open(options: DiskQueueOptions): DiskQueue {
    const segmentBytes =
      options.segmentBytes ?? Math.min(8 * 1024 * 1024, Math.max(4096, Math.floor(options.maxBytes / 8)));
    return new DiskQueue({ fsyncIntervalMs: 1000, ...options, segmentBytes });
  }

  /** Writes a record and answers its id; ids grow by one per record, across restarts. */
  append(payload: Buffer): number {
    const id = this.nextId++;
    const bytes = encodeRecord(id, payload);
    let active = this.segments.at(-1);
    if (
      active?.writeFd === undefined ||
      (active.bytes > 0 && active.bytes + bytes.length > this.options.segmentBytes)
    ) {
      if (active?.writeFd !== undefined) this.closeWriter(active);
      active = {
        path: path.join(this.options.dir, segmentName(id)),
        firstId: id,
        lastId: id,
        bytes: 0,
        records: [],
      };
      active.writeFd = openSync(active.path, 'a');
      this.segments.push(active);
    }
    writeSync(active.writeFd!, bytes);
    active.records.push({ id, offset: active.bytes + bytes.length - payload.length, length: payload.length });
    active.bytes += bytes.length;
    active.lastId = id;
    this.unacked.set(id, active);
    this.order.push(id);
    this.syncDirty = true;
    this.indexDirty = true;
    this.enforceBound();
    return id;
  }

  /** Marks a record delivered; unknown or repeated ids are ignored. */
  ack(id: number): void {
    if (!this.unacked.delete(id)) return;
    this.indexDirty = true;
    this.advanceHead();
    const low = this.lowWater();
    while (this.segments.length > 0) {
      const oldest = this.segments[0]!;
      if (oldest.writeFd !== undefined || oldest.lastId >= low) break;
      this.deleteSegment(oldest); // fully delivered and no longer written to
    }
  }

  isPending(id: number): boolean {
    return this.unacked.has(id);
  }

  get pendingCount(): number {
    return this.unacked.size;
  }

  /** Records lost to the byte bound since the buffer was created (persisted). */
  get dropped(): number {
    return this.droppedRecords;
  }

  /** The id the next append will get. */
  get upcomingId(): number {
    return this.nextId;
  }

  get bytes(): number {
    return this.segments.reduce((sum, s) => sum + s.bytes, 0);
  }

  /** The first unacknowledged id greater than `afterId`, in append order. */
  nextPending(afterId: number): number | undefined {
    this.advanceHead();
    let lo = this.head;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.order[mid]! <= afterId) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.order.length; i++) {
      const id = this.order[i]!;
      if (this.unacked.has(id)) return id;
    }
    return undefined;
  }

  /** The payload of a record still on disk (acknowledged or not), or undefined. */
  read(id: number): Buffer | undefined {
    const segment = this.unacked.get(id) ?? this.segments.find((s) => s.firstId <= id && id <= s.lastId);
    // ids within a segment are consecutive, so the position is the offset from the first id
    const guess = segment?.records[id - segment.firstId];
    const location = guess?.id === id ? guess : segment?.records.find((r) => r.id === id);
    if (!segment || !location) return undefined;
    segment.readFd ??= openSync(segment.path, 'r');
    return readPayload(segment.readFd, location);
  }

  /** Every record still on disk, oldest first, with whether it was acknowledged. */
  *held(): Generator<{ id: number; acked: boolean; payload: Buffer }> {
    for (const segment of [...this.segments]) {
      for (const record of segment.records) {
        const payload = this.read(record.id);
        if (payload) yield { id: record.id, acked: !this.unacked.has(record.id), payload };
      }
    }
  }

  /** fsyncs the active segment and saves the ack index when either changed. */
  flush(): void {
    const active = this.segments.at(-1);
    if (this.syncDirty && active?.writeFd !== undefined) fsyncSync(active.writeFd);
    this.syncDirty = false;
    if (this.indexDirty) this.saveIndex();
    this.indexDirty = false;
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
    for (const segment of this.segments) {
      if (segment.writeFd !== undefined) closeSync(segment.writeFd);
      if (segment.readFd !== undefined) closeSync(segment.readFd);
      segment.writeFd = segment.readFd = undefined;
    }
  }

  private lowWater(): number {
    return this.order[this.head] ?? this.nextId;
  }

  private advanceHead(): void {
    while (this.head < this.order.length && !this.unacked.has(this.order[this.head]!)) this.head++;
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }

  private enforceBound(): void {
    while (this.segments.length > 1 && this.bytes > this.options.maxBytes) {
      const oldest = this.segments[0]!;
      for (const record of oldest.records) if (this.unacked.delete(record.id)) this.droppedRecords++;
      this.deleteSegment(oldest);
      this.advanceHead();
    }
  }

  private closeWriter(segment: Segment): void {
    fsyncSync(segment.writeFd!);
    closeSync(segment.writeFd!);
    segment.writeFd = undefined;
    this.syncDirty = false;
  }

  private deleteSegment(segment: Segment): void {
    if (segment.writeFd !== undefined) closeSync(segment.writeFd);
    if (segment.readFd !== undefined) closeSync(segment.readFd);
    unlinkSync(segment.path);
    this.segments.splice(this.segments.indexOf(segment), 1);
    this.indexDirty = true;
  }

  private saveIndex(): void {
    const low = this.lowWater();
    const ackedAbove: number[] = [];
    for (let i = this.head; i < this.order.length; i++) {
      const id = this.order[i]!;
      if (!this.unacked.has(id)) ackedAbove.push(id);
    }
    const index: IndexFile = { nextId: this.nextId, lowWater: low, ackedAbove, dropped: this.droppedRecords };
    const file = path.join(this.options.dir, INDEX);
    writeFileSync(`${file}.tmp`, JSON.stringify(index));
    renameSync(`${file}.tmp`, file);
  }

  private readIndex(): IndexFile {
    try {
      const raw = JSON.parse(readFileSync(path.join(this.options.dir, INDEX), 'utf8')) as Partial<IndexFile>;
      return {
        nextId: Number(raw.nextId) || 1,
        lowWater: Number(raw.lowWater) || 0,
        ackedAbove: Array.isArray(raw.ackedAbove) ? raw.ackedAbove.map(Number) : [],
        dropped: Number(raw.dropped) || 0,
      };
    } catch {
      // no index (first start) or a damaged one: everything on disk is replayed, at least once
      return { nextId: 1, lowWater: 0, ackedAbove: [], dropped: 0 };
    }
  }

  private load(): OpenReport {
    const index = this.readIndex();
    const acked = new Set(index.ackedAbove);
    this.nextId = index.nextId;
    this.droppedRecords = index.dropped;
    let tornBytes = 0;
    const names = readdirSync(this.options.dir).filter(isSegmentName).sort();
    for (const name of names) {
      const file = path.join(this.options.dir, name);
      const scan = scanSegment(file);
      if (scan.validBytes < scan.fileBytes) {
        tornBytes += scan.fileBytes - scan.validBytes;
        const fd = openSync(file, 'r+');
        ftruncateSync(fd, scan.validBytes); // the torn tail of an interrupted append
        closeSync(fd);
      }
      if (scan.records.length === 0) {
        unlinkSync(file);
        continue;
      }
      const segment: Segment = {
        path: file,
        firstId: scan.records[0]!.id,
        lastId: scan.records.at(-1)!.id,
        bytes: scan.validBytes,
        records: scan.records,
      };
      this.segments.push(segment);
      for (const record of scan.records) {
        if (record.id >= index.lowWater && !acked.has(record.id)) {
          this.unacked.set(record.id, segment);
          this.order.push(record.id);
        }
        this.nextId = Math.max(this.nextId, record.id + 1);
      }
    }
    while (this.segments.length > 0 && this.segments[0]!.lastId < this.lowWater()) {
      this.deleteSegment(this.segments[0]!);
    }
    return { pending: this.unacked.size, segments: this.segments.length, tornBytes };
  }
}
