/**
 * Cuts a telemetry batch into batches of at most a given size, so no publish exceeds what the
 * broker accepts (GATEWAY_PACKET_MAX_BYTES). Every part keeps the batch's `bootId` and `seq`
 * (the platform stores by variable and timestamp, so parts and repeats of a batch add up to the
 * batch); an item too big alone is cut into items of the same timestamp, a variable's value and
 * quality staying together.
 */
import type { TelemetryMessage } from '@fieldhub/shared';

type Item = TelemetryMessage['items'][number];

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Pieces of `item` of at most `budget` bytes each (one value is never cut). */
function splitItem(item: Item, budget: number): Item[] {
  if (bytesOf(item) <= budget) return [item];
  const pieces: Item[] = [];
  const empty = bytesOf({ ts: item.ts, vals: {} });
  let piece: Item = { ts: item.ts, vals: {} };
  let used = empty;
  const keys = new Set([...Object.keys(item.vals), ...Object.keys(item.q ?? {})]);
  for (const key of keys) {
    const value = item.vals[key];
    const q = item.q?.[key];
    // `"key":value,` in vals, and in q as well (with `,"q":{}` the first time)
    let extra = 0;
    if (value !== undefined) extra += bytesOf(key) + bytesOf(value) + 2;
    if (q !== undefined) extra += bytesOf(key) + bytesOf(q) + 2 + (piece.q ? 0 : 6);
    if (used + extra > budget && used > empty) {
      pieces.push(piece);
      piece = { ts: item.ts, vals: {} };
      used = empty;
      if (q !== undefined) extra += 6;
    }
    if (value !== undefined) piece.vals[key] = value;
    if (q !== undefined) (piece.q ??= {})[key] = q;
    used += extra;
  }
  pieces.push(piece);
  return pieces;
}

/** `message` as batches whose JSON is at most `maxBytes` long (UTF-8); usually itself alone. */
export function splitTelemetry(message: TelemetryMessage, maxBytes: number): TelemetryMessage[] {
  if (bytesOf(message) <= maxBytes) return [message];
  const budget = maxBytes - bytesOf({ ...message, items: [] }); // for the items and their commas
  const parts: Item[][] = [];
  let items: Item[] = [];
  let used = 0;
  for (const item of message.items.flatMap((i) => splitItem(i, budget))) {
    const size = bytesOf(item);
    if (items.length && used + 1 + size > budget) {
      parts.push(items);
      items = [];
      used = 0;
    }
    used += (items.length ? 1 : 0) + size;
    items.push(item);
  }
  if (items.length) parts.push(items);
  return parts.map((part) => ({ ...message, items: part }));
}
