import { memo, useEffect, useRef } from 'react';

export const RULER_SIZE = 20;

interface RulerProps {
  axis: 'x' | 'y';
  /** screen pixels per page unit */
  zoom: number;
  /** page coordinate at the ruler's start (scroll position, in page units) */
  offset: number;
  /** ruler length in screen pixels */
  length: number;
  /** page extent (width or height), shaded on the ruler */
  extent: number;
  /** the selection's span on this axis, highlighted */
  mark?: { from: number; to: number } | undefined;
}

/** Tick step in page units so that labelled ticks stay about 50–100 screen pixels apart. */
export function rulerStep(zoom: number): number {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];
  return steps.find((s) => s * zoom >= 50) ?? 1000;
}

/**
 * One ruler drawn on a 2D canvas (a few hundred ticks would be as many DOM nodes otherwise),
 * redrawn when zoom, scroll or the marked selection change.
 */
export const Ruler = memo(function Ruler({ axis, zoom, offset, length, extent, mark }: RulerProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    const w = axis === 'x' ? length : RULER_SIZE;
    const h = axis === 'x' ? RULER_SIZE : length;
    canvas.width = Math.max(1, Math.round(w * dpr));
    canvas.height = Math.max(1, Math.round(h * dpr));
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    const g = canvas.getContext('2d');
    if (!g) return;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.fillStyle = '#f3f4f6';
    g.fillRect(0, 0, w, h);
    // the page's extent is white
    const p0 = (0 - offset) * zoom;
    const p1 = (extent - offset) * zoom;
    g.fillStyle = '#ffffff';
    if (axis === 'x') g.fillRect(p0, 0, p1 - p0, h);
    else g.fillRect(0, p0, w, p1 - p0);
    if (mark) {
      g.fillStyle = 'rgba(22, 119, 255, 0.18)';
      const m0 = (mark.from - offset) * zoom;
      const m1 = (mark.to - offset) * zoom;
      if (axis === 'x') g.fillRect(m0, 0, m1 - m0, h);
      else g.fillRect(0, m0, w, m1 - m0);
    }
    const step = rulerStep(zoom);
    const minor = step / 10 >= 1 && (step / 10) * zoom >= 5 ? step / 10 : step / 5;
    g.strokeStyle = '#9ca3af';
    g.fillStyle = '#4b5563';
    g.font = '10px sans-serif';
    g.lineWidth = 1;
    const first = Math.floor(offset / minor) * minor;
    const last = offset + length / zoom;
    g.beginPath();
    for (let v = first; v <= last; v += minor) {
      const s = Math.round((v - offset) * zoom) + 0.5;
      const major = Math.abs(v / step - Math.round(v / step)) < 1e-6;
      const tick = major ? RULER_SIZE : RULER_SIZE / 4;
      if (axis === 'x') {
        g.moveTo(s, RULER_SIZE);
        g.lineTo(s, RULER_SIZE - tick);
        if (major) g.fillText(String(Math.round(v)), s + 2, 9);
      } else {
        g.moveTo(RULER_SIZE, s);
        g.lineTo(RULER_SIZE - tick, s);
        if (major) {
          g.save();
          g.translate(9, s + 2);
          g.rotate(-Math.PI / 2);
          g.textAlign = 'right';
          g.fillText(String(Math.round(v)), 0, 0);
          g.restore();
        }
      }
    }
    g.stroke();
    g.strokeStyle = '#d1d5db';
    g.beginPath();
    if (axis === 'x') {
      g.moveTo(0, RULER_SIZE - 0.5);
      g.lineTo(w, RULER_SIZE - 0.5);
    } else {
      g.moveTo(RULER_SIZE - 0.5, 0);
      g.lineTo(RULER_SIZE - 0.5, h);
    }
    g.stroke();
  }, [axis, zoom, offset, length, extent, mark]);
  return <canvas ref={ref} data-testid={`designer-ruler-${axis}`} style={{ display: 'block' }} />;
});
