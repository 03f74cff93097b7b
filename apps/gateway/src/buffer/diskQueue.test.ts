import {
  appendFileSync,
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskQueue } from './diskQueue';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gw-buffer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (b: Buffer | undefined) => b?.toString('utf8');

/** The payloads still to deliver, in order. */
function pendingPayloads(queue: DiskQueue): string[] {
  const out: string[] = [];
  for (let id = queue.nextPending(0); id !== undefined; id = queue.nextPending(id))
    out.push(text(queue.read(id))!);
  return out;
}

describe('DiskQueue', () => {
  it('replays only unacknowledged records, in order, after a reopen', () => {
    const queue = DiskQueue.open({ dir, maxBytes: 1024 * 1024 });
    const ids = ['a', 'b', 'c', 'd', 'e'].map((p) => queue.append(Buffer.from(p)));
    queue.ack(ids[0]!);
    queue.ack(ids[2]!);
    queue.close();

    const reopened = DiskQueue.open({ dir, maxBytes: 1024 * 1024 });
    expect(reopened.opened.pending).toBe(3);
    expect(pendingPayloads(reopened)).toEqual(['b', 'd', 'e']);
    const next = reopened.append(Buffer.from('f'));
    expect(next).toBeGreaterThan(ids[4]!);
    expect(pendingPayloads(reopened)).toEqual(['b', 'd', 'e', 'f']);
    reopened.close();
  });

  it('deletes a segment once everything in it was acknowledged', () => {
    const queue = DiskQueue.open({ dir, maxBytes: 64 * 1024, segmentBytes: 4096 });
    const ids = Array.from({ length: 40 }, (_, i) => queue.append(Buffer.alloc(500, i)));
    const segmentsBefore = readdirSync(dir).filter((f) => f.endsWith('.log')).length;
    expect(segmentsBefore).toBeGreaterThan(3);
    for (const id of ids.slice(0, 30)) queue.ack(id);
    const segmentsAfter = readdirSync(dir).filter((f) => f.endsWith('.log')).length;
    expect(segmentsAfter).toBeLessThan(segmentsBefore);
    expect(queue.pendingCount).toBe(10);
    queue.close();
  });

  it('stays within its byte bound by dropping the oldest segment and counts the drops', () => {
    const queue = DiskQueue.open({ dir, maxBytes: 16 * 1024, segmentBytes: 4096 });
    for (let i = 0; i < 100; i++)
      queue.append(Buffer.from(`record-${String(i).padStart(3, '0')}`.padEnd(400, '.')));
    expect(queue.bytes).toBeLessThanOrEqual(16 * 1024);
    const kept = pendingPayloads(queue);
    expect(queue.dropped + kept.length).toBe(100);
    expect(queue.dropped).toBeGreaterThan(0);
    // the newest survive, the oldest went first
    expect(kept.at(-1)).toMatch(/^record-099/);
    expect(kept[0]).toMatch(new RegExp(`^record-${String(queue.dropped).padStart(3, '0')}`));
    queue.close();

    const reopened = DiskQueue.open({ dir, maxBytes: 16 * 1024, segmentBytes: 4096 });
    expect(reopened.dropped).toBe(queue.dropped);
    reopened.close();
  });

  it('skips a torn last record after a crash and keeps appending after it', () => {
    const queue = DiskQueue.open({ dir, maxBytes: 1024 * 1024 });
    queue.append(Buffer.from('first'));
    queue.append(Buffer.from('second'));
    queue.close();
    const segment = path.join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.log'))!,
    );
    const sizeBefore = statSync(segment).size;
    // a crash in the middle of an append: a header announcing 100 bytes, only 7 of them written
    const torn = Buffer.alloc(16 + 7);
    torn.writeUInt32BE(100, 0);
    torn.writeBigUInt64BE(3n, 8);
    appendFileSync(segment, torn);

    const reopened = DiskQueue.open({ dir, maxBytes: 1024 * 1024 });
    expect(reopened.opened.tornBytes).toBe(23);
    expect(statSync(segment).size).toBe(sizeBefore);
    reopened.append(Buffer.from('third'));
    expect(pendingPayloads(reopened)).toEqual(['first', 'second', 'third']);
    reopened.close();
    const again = DiskQueue.open({ dir, maxBytes: 1024 * 1024 });
    expect(pendingPayloads(again)).toEqual(['first', 'second', 'third']);
    again.close();
  });

  it('stops at a record whose checksum does not match', () => {
    const queue = DiskQueue.open({ dir, maxBytes: 1024 * 1024 });
    queue.append(Buffer.from('good'));
    queue.append(Buffer.from('flipped'));
    queue.close();
    const segment = path.join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.log'))!,
    );
    const size = statSync(segment).size;
    // overwrite the last payload byte, as a torn sector would
    const fd = openSync(segment, 'r+');
    writeSync(fd, Buffer.from('X'), 0, 1, size - 1);
    closeSync(fd);
    const reopened = DiskQueue.open({ dir, maxBytes: 1024 * 1024 });
    expect(pendingPayloads(reopened)).toEqual(['good']);
    reopened.close();
  });

  it('keeps acknowledged records readable until their segment goes, for resends', () => {
    const queue = DiskQueue.open({ dir, maxBytes: 1024 * 1024 });
    const a = queue.append(Buffer.from('a'));
    queue.append(Buffer.from('b'));
    queue.ack(a);
    expect([...queue.held()].map((r) => [text(r.payload), r.acked])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    queue.close();
  });
});
