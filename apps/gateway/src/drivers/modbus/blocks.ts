/**
 * Block collection: which requests read a cycle's variables. Adjacent spans of one register type
 * are coalesced into one request (at most 125 registers, 2000 coils or inputs), bridging gaps of
 * up to `gap` unused registers. A device that answers exception 02 (illegal data address) for a
 * block has a hole in it: the driver splits the block in halves and reads them again, and what it
 * learns is kept in a `BlockMemory`, so the next cycles do not ask for the hole again.
 * Pure data in, data out; the driver does the requests.
 */
import { type ModbusRegisterType } from '@fieldhub/shared';

/** Registers (or coils) one value occupies: `count` from `offset` in one register type. */
export interface RegisterSpan {
  registerType: ModbusRegisterType;
  offset: number;
  count: number;
}

/** One read request and the spans it answers, sorted by offset. */
export interface ReadBlock extends RegisterSpan {
  spans: RegisterSpan[];
}

export interface BlockOptions {
  /** Coalesce spans into blocks (the driver's block collection mode). */
  coalesce: boolean;
  /** Unused registers a block may bridge between two spans. */
  gap: number;
}

/** Most registers one read may ask for: 125 registers (function 3/4), 2000 bits (function 1/2). */
export function maxBlockSize(registerType: ModbusRegisterType): number {
  return registerType === '0x' || registerType === '1x' ? 2000 : 125;
}

const spanEnd = (s: RegisterSpan): number => s.offset + s.count;
/** Identifies a span: values at the same registers share one. */
export const spanKey = (s: RegisterSpan): string => `${s.registerType}:${s.offset}:${s.count}`;

/** The block that reads exactly `spans` (all of one register type, sorted by offset). */
export function blockOf(spans: RegisterSpan[]): ReadBlock {
  const first = spans[0];
  if (!first) throw new RangeError('A block needs at least one span');
  const end = Math.max(...spans.map(spanEnd));
  return { registerType: first.registerType, offset: first.offset, count: end - first.offset, spans };
}

/**
 * What the driver has learnt about a device's holes. A span that answers 02 alone is isolated:
 * read alone, and no block may cover it. Two halves of a failed block that each read fine put a
 * cut between them: no block may hold both the last register of the left half and the first of
 * the right (the hole is in the gap, or the device refuses blocks that long).
 */
export class BlockMemory {
  private readonly isolated = new Map<string, RegisterSpan>();
  private readonly cuts: { registerType: ModbusRegisterType; left: number; right: number }[] = [];

  isolate(span: RegisterSpan): void {
    this.isolated.set(spanKey(span), span);
  }

  /** A span that was isolated reads fine again (the device was changed): coalesce it again. */
  release(span: RegisterSpan): void {
    this.isolated.delete(spanKey(span));
  }

  isIsolated(span: RegisterSpan): boolean {
    return this.isolated.has(spanKey(span));
  }

  /** Both halves of a failed block read fine: never join them again. */
  cut(left: ReadBlock, right: ReadBlock): void {
    this.cuts.push({ registerType: left.registerType, left: spanEnd(left) - 1, right: right.offset });
  }

  /** Whether a block of several spans over [offset, end) avoids every known hole. */
  allows(registerType: ModbusRegisterType, offset: number, end: number): boolean {
    for (const cut of this.cuts) {
      if (cut.registerType === registerType && offset <= cut.left && end > cut.right) return false;
    }
    for (const span of this.isolated.values()) {
      if (span.registerType === registerType && offset < spanEnd(span) && end > span.offset) return false;
    }
    return true;
  }

  /** Number of facts learnt, for logs and tests. */
  get size(): number {
    return this.isolated.size + this.cuts.length;
  }
}

/** Distinct spans sorted by register type and offset (variables at one address share a read). */
function distinctSpans(spans: readonly RegisterSpan[]): RegisterSpan[] {
  const byKey = new Map<string, RegisterSpan>();
  for (const s of spans) byKey.set(spanKey(s), s);
  return [...byKey.values()].sort(
    (a, b) => a.registerType.localeCompare(b.registerType) || a.offset - b.offset || a.count - b.count,
  );
}

/**
 * The requests that read `spans`: greedy from the lowest offset, a span joins the open block when
 * it has the same register type, the gap before it is at most `gap`, the block stays within the
 * size limit and `memory` allows the result. An isolated span is always read alone.
 */
export function planBlocks(
  spans: readonly RegisterSpan[],
  options: BlockOptions,
  memory: BlockMemory = new BlockMemory(),
): ReadBlock[] {
  const blocks: ReadBlock[] = [];
  let open: RegisterSpan[] = [];
  let openEnd = 0;
  const close = (): void => {
    if (open.length > 0) blocks.push(blockOf(open));
    open = [];
  };
  for (const span of distinctSpans(spans)) {
    if (memory.isIsolated(span)) {
      close();
      blocks.push(blockOf([span]));
      continue;
    }
    const first = open[0];
    const end = Math.max(openEnd, spanEnd(span));
    const joins =
      options.coalesce &&
      first !== undefined &&
      first.registerType === span.registerType &&
      span.offset - openEnd <= options.gap &&
      end - first.offset <= maxBlockSize(span.registerType) &&
      memory.allows(span.registerType, first.offset, end);
    if (joins) {
      open.push(span);
      openEnd = end;
    } else {
      close();
      open = [span];
      openEnd = spanEnd(span);
    }
  }
  close();
  return blocks;
}

/** The two halves of a block of several spans (split in the middle), or null for a single span. */
export function splitBlock(block: ReadBlock): [ReadBlock, ReadBlock] | null {
  if (block.spans.length < 2) return null;
  const middle = Math.ceil(block.spans.length / 2);
  return [blockOf(block.spans.slice(0, middle)), blockOf(block.spans.slice(middle))];
}
