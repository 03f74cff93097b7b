/**
 * Dashboard (dial gauge) and percent fill (rectangle, capacity tank, doughnut) as SVG, drawn at a
 * sample value in the designer so it shows how the widget reads, at the bound value in the viewer.
 */
import type { CSSProperties } from 'react';
import type { Widget } from '@fieldhub/hmi';
import { useRuntimeValue, useWidgetRuntime } from './runtime';
import { dataOf, num, obj, str } from './styleOf';

/**
 * Gauges draw inside their box; an SVG root's default clip adds a clip node per gauge, which the
 * browser re-layerizes on every live update of a page (page viewer benchmark: about a third of
 * the layerization time of a 2,000-widget page).
 */
const gaugeSvg: CSSProperties = { display: 'block', overflow: 'visible' };

/** The sample share shown in the designer. */
const SAMPLE = 0.6;

/**
 * The share of the range [minVal, maxVal] to draw and the value it stands for: the sample in the
 * designer, the bound value in the viewer (clamped; 0 while no value has arrived).
 */
function useShare(widget: Widget): { share: number; value: number | null } {
  const live = useRuntimeValue(widget.data);
  const view = useWidgetRuntime().mode === 'view';
  const min = num(dataOf(widget, 'minVal'), 0);
  const max = num(dataOf(widget, 'maxVal'), 100);
  if (!view) return { share: SAMPLE, value: min + (max - min) * SAMPLE };
  const value = live && live.value !== null && live.value !== '' ? Number(live.value) : NaN;
  if (!Number.isFinite(value) || max === min) return { share: 0, value: null };
  return { share: Math.max(0, Math.min(1, (value - min) / (max - min))), value };
}

function polar(cx: number, cy: number, r: number, deg: number): [number, number] {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [cx + r * Math.cos(rad), cy + r * Math.sin(rad)];
}

function arcPath(cx: number, cy: number, r: number, from: number, to: number): string {
  const [x0, y0] = polar(cx, cy, r, from);
  const [x1, y1] = polar(cx, cy, r, to);
  const large = to - from > 180 ? 1 : 0;
  return `M${x0},${y0} A${r},${r} 0 ${large} 1 ${x1},${y1}`;
}

/** A 270° dial with major ticks (splitNumber), min/max labels, a needle and the value. */
export function Dashboard({ widget }: { widget: Widget }) {
  const { width, height } = widget.position;
  const size = Math.min(width, height);
  const cx = width / 2;
  const cy = height / 2;
  const r = size / 2 - Math.max(4, size * 0.06);
  const min = num(dataOf(widget, 'minVal'), 0);
  const max = num(dataOf(widget, 'maxVal'), 100);
  const split = Math.max(1, Math.min(20, Math.round(num(dataOf(widget, 'splitNumber'), 10))));
  const unit = str(dataOf(widget, 'unit'), '');
  const color = str(widget.style.color, '#1890FF');
  const fontSize = Math.max(8, size * 0.06);
  const start = -135;
  const end = 135;
  const { share, value: shown } = useShare(widget);
  const at = start + (end - start) * share;
  const band = Math.max(3, size * 0.05);
  const ticks = [];
  // level of detail: ticks from 40 px, their labels from 100 px (smaller they are unreadable)
  for (let i = 0; i <= (size >= 40 ? split : -1); i++) {
    const deg = start + ((end - start) * i) / split;
    const [x0, y0] = polar(cx, cy, r - band, deg);
    const [x1, y1] = polar(cx, cy, r - band - size * 0.06, deg);
    const [lx, ly] = polar(cx, cy, r - band - size * 0.13, deg);
    const value = min + ((max - min) * i) / split;
    ticks.push(
      <g key={i}>
        <line x1={x0} y1={y0} x2={x1} y2={y1} stroke="#595959" strokeWidth={1.2} />
        {size >= 100 && (
          <text
            x={lx}
            y={ly}
            fontSize={fontSize * 0.85}
            fill="#595959"
            textAnchor="middle"
            dominantBaseline="middle"
          >
            {Number.isInteger(value) ? value : value.toFixed(1)}
          </text>
        )}
      </g>,
    );
  }
  const [nx, ny] = polar(cx, cy, r * 0.62, at);
  return (
    <svg width={width} height={height} style={gaugeSvg}>
      <path
        d={arcPath(cx, cy, r - band / 2, start, end)}
        stroke="#e8e8e8"
        strokeWidth={band}
        fill="none"
        strokeLinecap="round"
      />
      <path
        d={arcPath(cx, cy, r - band / 2, start, at)}
        stroke={color}
        strokeWidth={band}
        fill="none"
        strokeLinecap="round"
      />
      {ticks}
      <line
        x1={cx}
        y1={cy}
        x2={nx}
        y2={ny}
        stroke="#434343"
        strokeWidth={Math.max(2, size * 0.015)}
        strokeLinecap="round"
      />
      <circle cx={cx} cy={cy} r={Math.max(3, size * 0.03)} fill="#434343" />
      <text
        x={cx}
        y={cy + r * 0.82}
        fontSize={fontSize * 1.4}
        fill="#262626"
        textAnchor="middle"
        fontWeight="600"
      >
        {shown === null
          ? '--'
          : `${Number.isInteger(shown) ? shown : shown.toFixed(1)}${unit ? ` ${unit}` : ''}`}
      </text>
    </svg>
  );
}

/** Percent fill in its three modes (docs/requirements/widgets.md §3.1: rectangle, capacity, doughnut). */
export function PercentFill({ widget }: { widget: Widget }) {
  const { width, height } = widget.position;
  const mode = str(dataOf(widget, 'mode'), 'rectangle');
  const back = str(widget.style.fill, '#E8E8E8');
  const front = str(widget.style.color, '#52C41A');
  const radius = num(widget.style.radius, 0);
  const fontSize = num(obj(widget.style.font)['size'], 14);
  const { share, value } = useShare(widget);
  const label = value === null ? '--' : `${Math.round(share * 100)}%`;
  if (mode === 'doughnut') {
    const size = Math.min(width, height);
    const ring = Math.max(4, size * 0.14);
    const r = size / 2 - ring / 2 - 1;
    const c = 2 * Math.PI * r;
    return (
      <svg width={width} height={height} style={gaugeSvg}>
        <circle cx={width / 2} cy={height / 2} r={r} stroke={back} strokeWidth={ring} fill="none" />
        <circle
          cx={width / 2}
          cy={height / 2}
          r={r}
          stroke={front}
          strokeWidth={ring}
          fill="none"
          strokeDasharray={`${c * share} ${c}`}
          transform={`rotate(-90 ${width / 2} ${height / 2})`}
        />
        <text
          x={width / 2}
          y={height / 2}
          fontSize={fontSize}
          textAnchor="middle"
          dominantBaseline="middle"
          fill="#262626"
        >
          {label}
        </text>
      </svg>
    );
  }
  const direction = str(dataOf(widget, 'direction'), 'up');
  const horizontal = direction === 'left' || direction === 'right';
  const fillW = horizontal ? width * share : width;
  const fillH = horizontal ? height : height * share;
  const fx = direction === 'left' ? width - fillW : 0;
  const fy = direction === 'down' || horizontal ? 0 : height - fillH;
  const clipId = `pf-${widget.id}`;
  if (mode === 'capacity') {
    // a tank: rounded vessel with a liquid surface ellipse
    const rx = width / 2;
    const ry = Math.min(height * 0.08, width * 0.18);
    const level = height - ry - (height - 2 * ry) * share;
    return (
      <svg width={width} height={height} style={gaugeSvg}>
        <defs>
          <clipPath id={clipId}>
            <path
              d={`M0,${ry} A${rx},${ry} 0 0 1 ${width},${ry} V${height - ry} A${rx},${ry} 0 0 1 0,${height - ry} Z`}
            />
          </clipPath>
        </defs>
        <g clipPath={`url(#${clipId})`}>
          <rect width={width} height={height} fill={back} />
          <rect y={level} width={width} height={height - level} fill={front} />
          <ellipse cx={rx} cy={level} rx={rx} ry={ry} fill={front} style={{ filter: 'brightness(1.15)' }} />
        </g>
        <ellipse cx={rx} cy={ry} rx={rx - 0.5} ry={ry - 0.5} fill="none" stroke="#bfbfbf" />
        <text
          x={rx}
          y={height / 2}
          fontSize={fontSize}
          textAnchor="middle"
          dominantBaseline="middle"
          fill="#262626"
        >
          {label}
        </text>
      </svg>
    );
  }
  // square corners need no clip: the fill lies inside the box (a clip per widget costs every frame)
  return (
    <svg width={width} height={height} style={gaugeSvg}>
      {radius > 0 && (
        <defs>
          <clipPath id={clipId}>
            <rect width={width} height={height} rx={radius} ry={radius} />
          </clipPath>
        </defs>
      )}
      <g clipPath={radius > 0 ? `url(#${clipId})` : undefined}>
        <rect width={width} height={height} fill={back} />
        <rect x={fx} y={fy} width={fillW} height={fillH} fill={front} />
      </g>
      <text
        x={width / 2}
        y={height / 2}
        fontSize={fontSize}
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#262626"
      >
        {label}
      </text>
    </svg>
  );
}
