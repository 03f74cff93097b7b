/**
 * M4 downsampling (Jugel et al., "M4: a visualization-oriented time series data aggregation",
 * VLDB 2014). The range [from, to] is cut into `width` equal time buckets (one per pixel
 * column) and each bucket keeps its first, last, minimum and maximum point: a line chart of that
 * width drawn from the result has the same pixels as one drawn from every point, with at most
 * 4 × width points.
 *
 * `ts` must be ascending; points outside [from, to] fall into the first or last bucket. Returns
 * [time, value] pairs in time order, each point once.
 */
export function m4(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  from: number,
  to: number,
  width: number,
): [number, number][] {
  const buckets = Math.max(1, Math.floor(width));
  const span = to - from;
  return m4By(ts, values, (t: number) => {
    if (span <= 0) return 0;
    // multiplied before dividing: integer times stay exact at bucket edges
    const b = Math.floor(((t - from) * buckets) / span);
    return b < 0 ? 0 : b >= buckets ? buckets - 1 : b;
  });
}

/**
 * M4 over columns `column` ms wide aligned to the Unix epoch (column k holds [k × column,
 * (k + 1) × column)): the grid of the curves read from rollups (rollups.ts).
 */
export function m4Aligned(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  column: number,
): [number, number][] {
  return m4By(ts, values, (t) => Math.floor(t / column));
}

function m4By(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  bucketOf: (t: number) => number,
): [number, number][] {
  const n = Math.min(ts.length, values.length);
  const out: [number, number][] = [];
  if (n === 0) return out;
  const emit = (first: number, min: number, max: number, last: number) => {
    const picks = [first, min, max, last].sort((a, b) => a - b);
    let prev = -1;
    for (const i of picks) {
      if (i === prev) continue;
      out.push([ts[i]!, values[i]!]);
      prev = i;
    }
  };

  let bucket = bucketOf(ts[0]!);
  let first = 0;
  let min = 0;
  let max = 0;
  for (let i = 1; i < n; i++) {
    const b = bucketOf(ts[i]!);
    if (b !== bucket) {
      emit(first, min, max, i - 1);
      bucket = b;
      first = min = max = i;
      continue;
    }
    const v = values[i]!;
    if (v < values[min]!) min = i;
    if (v > values[max]!) max = i;
  }
  emit(first, min, max, n - 1);
  return out;
}
