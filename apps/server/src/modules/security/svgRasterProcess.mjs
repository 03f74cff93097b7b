/**
 * Child side of svgRaster.ts: reads an SVG on stdin, draws it with resvg so that its longer side
 * is `maxSide` pixels, and writes one JSON line to stdout: { ok: true, png } (base64) or
 * { ok: false, reason }. A separate process, not a worker thread, because resvg allocates outside
 * the V8 heap: a 100 KB SVG of markers grew past 12 GB, which a worker's resourceLimits cannot
 * stop; the parent caps this process's memory (ulimit -d) and its time.
 * Plain JavaScript so the same file runs under tsx, vitest and node without a loader.
 */
import { Resvg } from '@resvg/resvg-js';

const maxSide = Number(process.argv[2]);

function draw(svg) {
  // system fonts so that the initials of a drawn avatar show; nothing is fetched (resvg has no
  // network, and the parent let through no reference but #id and embedded pictures)
  const base = { font: { loadSystemFonts: true }, logLevel: 'off' };
  const probe = new Resvg(svg, base);
  if (probe.imagesToResolve().length > 0) return { ok: false, reason: 'external reference' };
  const { width, height } = probe;
  if (!(width > 0 && height > 0)) return { ok: false, reason: 'no size' };
  const fitTo = width >= height ? { mode: 'width', value: maxSide } : { mode: 'height', value: maxSide };
  const image = new Resvg(svg, { ...base, fitTo }).render();
  if (image.width < 1 || image.height < 1 || image.width > maxSide || image.height > maxSide)
    return { ok: false, reason: 'no size' };
  return { ok: true, png: image.asPng().toString('base64') };
}

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  let answer;
  try {
    answer = draw(Buffer.concat(chunks));
  } catch (err) {
    answer = { ok: false, reason: String(err?.message ?? err) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
});
