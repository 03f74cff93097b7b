/** The ten basic shapes of docs/requirements/widgets.md §2.1 drawn as SVG in the widget's own pixel box. */
import type { Widget } from '@fieldhub/hmi';
import { dataOf, num, str, strokeOf } from './styleOf';

type Pt = [number, number];

/** Corner points of the polygon shapes inside a w×h box, inset by the stroke half-width. */
export function shapePoints(type: string, w: number, h: number, inset: number): Pt[] | null {
  const x0 = inset;
  const y0 = inset;
  const x1 = Math.max(x0, w - inset);
  const y1 = Math.max(y0, h - inset);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const bw = x1 - x0;
  const bh = y1 - y0;
  switch (type) {
    case 'ShapeTriangle':
      return [
        [cx, y0],
        [x1, y1],
        [x0, y1],
      ];
    case 'ShapePrism':
      return [
        [cx, y0],
        [x1, cy],
        [cx, y1],
        [x0, cy],
      ];
    case 'ShapeParallelogram':
      return [
        [x0 + bw * 0.25, y0],
        [x1, y0],
        [x1 - bw * 0.25, y1],
        [x0, y1],
      ];
    case 'ShapeOctagon': {
      const dx = bw * 0.2929;
      const dy = bh * 0.2929;
      return [
        [x0 + dx, y0],
        [x1 - dx, y0],
        [x1, y0 + dy],
        [x1, y1 - dy],
        [x1 - dx, y1],
        [x0 + dx, y1],
        [x0, y1 - dy],
        [x0, y0 + dy],
      ];
    }
    case 'ShapeArrow': {
      const head = Math.min(bw * 0.4, bh);
      const shaftTop = y0 + bh * 0.28;
      const shaftBottom = y1 - bh * 0.28;
      return [
        [x0, shaftTop],
        [x1 - head, shaftTop],
        [x1 - head, y0],
        [x1, cy],
        [x1 - head, y1],
        [x1 - head, shaftBottom],
        [x0, shaftBottom],
      ];
    }
    default:
      return null;
  }
}

function linePoints(w: Widget, width: number, height: number): Pt[] {
  const raw = dataOf(w, 'points');
  const rel =
    Array.isArray(raw) && raw.every((v) => typeof v === 'number') ? (raw as number[]) : [0, 0.5, 1, 0.5];
  const pts: Pt[] = [];
  for (let i = 0; i + 1 < rel.length; i += 2) pts.push([rel[i]! * width, rel[i + 1]! * height]);
  return pts;
}

export function ShapeBody({ widget }: { widget: Widget }) {
  const { width, height } = widget.position;
  const type = widget.widgetType;
  if (type === 'ShapeLine' || type === 'ShapeStraight') {
    const line = strokeOf(widget, 'line');
    const pts = linePoints(widget, width, height);
    const markerId = `arrow-${widget.id}`;
    const lineStyle = (widget.style.line ?? {}) as Record<string, unknown>;
    return (
      <svg width={width} height={height} style={{ overflow: 'visible', display: 'block' }}>
        <defs>
          <marker
            id={markerId}
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="6"
            markerHeight="6"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" fill={line.color} />
          </marker>
        </defs>
        <polyline
          points={pts.map((p) => p.join(',')).join(' ')}
          fill="none"
          stroke={line.color}
          strokeWidth={line.width}
          strokeDasharray={line.dasharray}
          strokeLinejoin="round"
          strokeLinecap="round"
          markerStart={lineStyle['arrowStart'] === true ? `url(#${markerId})` : undefined}
          markerEnd={lineStyle['arrowEnd'] === true ? `url(#${markerId})` : undefined}
        />
      </svg>
    );
  }
  const stroke = strokeOf(widget);
  const fill = str(widget.style.fill, '#1890FF');
  const inset = stroke.width / 2;
  const common = {
    fill,
    stroke: stroke.width > 0 ? stroke.color : 'none',
    strokeWidth: stroke.width,
    strokeDasharray: stroke.dasharray,
  };
  let shape;
  if (type === 'ShapeRect') {
    const r = num(widget.style.radius, 0);
    shape = (
      <rect
        x={inset}
        y={inset}
        width={Math.max(0, width - stroke.width)}
        height={Math.max(0, height - stroke.width)}
        rx={r}
        ry={r}
        {...common}
      />
    );
  } else if (type === 'ShapeCircle') {
    shape = (
      <circle
        cx={width / 2}
        cy={height / 2}
        r={Math.max(0, Math.min(width, height) / 2 - inset)}
        {...common}
      />
    );
  } else if (type === 'ShapeEllipse') {
    shape = (
      <ellipse
        cx={width / 2}
        cy={height / 2}
        rx={Math.max(0, width / 2 - inset)}
        ry={Math.max(0, height / 2 - inset)}
        {...common}
      />
    );
  } else {
    const pts = shapePoints(type, width, height, inset) ?? [];
    shape = <polygon points={pts.map((p) => p.join(',')).join(' ')} strokeLinejoin="round" {...common} />;
  }
  return (
    <svg width={width} height={height} style={{ display: 'block', overflow: 'visible' }}>
      {shape}
    </svg>
  );
}
