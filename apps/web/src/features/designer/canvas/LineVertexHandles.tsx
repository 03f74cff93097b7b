/**
 * Vertex handles of a single selected line widget (`ShapeLine`, `ShapeStraight`;
 * docs/requirements/widgets.md): a round handle on each vertex; dragging one shows the line in its
 * new shape and on release runs one undoable `lineVertex` command; a double-click removes the
 * vertex (2 stay at least) and a click on a segment's middle mark adds one there. Drawn in the
 * overlay, whose origin is the page's top-left at screen scale.
 */
import { useRef, useState } from 'react';
import { LINE_MIN_VERTICES, lineVertices, type Widget } from '@fieldhub/hmi';
import { useT } from '../../../app/useT';

interface Props {
  widget: Widget;
  zoom: number;
  onMove: (index: number, x: number, y: number) => void;
  onEdit: (index: number, op: 'insert' | 'remove') => void;
}

export function LineVertexHandles({ widget, zoom, onMove, onEdit }: Props) {
  const { t } = useT('designer');
  const hostRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ index: number; x: number; y: number } | null>(null);
  const points = lineVertices(widget);
  const shown = points.map((p, i) => (drag?.index === i ? { x: drag.x, y: drag.y } : p));
  const toPage = (clientX: number, clientY: number) => {
    const r = hostRef.current!.getBoundingClientRect();
    return { x: Math.round((clientX - r.left) / zoom), y: Math.round((clientY - r.top) / zoom) };
  };
  return (
    <div ref={hostRef} className="fh-vertex-host" data-testid="line-vertices">
      {drag && (
        <svg className="fh-vertex-preview" style={{ overflow: 'visible' }}>
          <polyline
            points={shown.map((p) => `${p.x * zoom},${p.y * zoom}`).join(' ')}
            fill="none"
            stroke="#0b5cad"
            strokeDasharray="4 3"
          />
        </svg>
      )}
      {!drag &&
        points.slice(1).map((b, i) => {
          const a = points[i]!;
          return (
            <div
              key={`m${i}`}
              className="fh-vertex-mid"
              data-testid={`line-mid-${i}`}
              title={t('line.add-vertex')}
              style={{ left: ((a.x + b.x) / 2) * zoom, top: ((a.y + b.y) / 2) * zoom }}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={(e) => {
                e.stopPropagation();
                onEdit(i, 'insert');
              }}
            />
          );
        })}
      {shown.map((p, i) => (
        <div
          key={i}
          className="fh-vertex"
          data-testid={`line-vertex-${i}`}
          title={t('line.vertex')}
          style={{ left: p.x * zoom, top: p.y * zoom }}
          onDoubleClick={(e) => {
            e.stopPropagation();
            if (points.length > LINE_MIN_VERTICES) onEdit(i, 'remove');
          }}
          onPointerDown={(e) => {
            if (e.button !== 0) return;
            // the canvas would start a move of the widget: the handle takes the pointer
            e.stopPropagation();
            e.currentTarget.setPointerCapture(e.pointerId);
            setDrag({ index: i, ...toPage(e.clientX, e.clientY) });
          }}
          onPointerMove={(e) => {
            if (drag?.index !== i) return;
            e.stopPropagation();
            const to = toPage(e.clientX, e.clientY);
            if (to.x !== drag.x || to.y !== drag.y) setDrag({ index: i, ...to });
          }}
          onPointerUp={(e) => {
            if (drag?.index !== i) return;
            e.stopPropagation();
            const to = toPage(e.clientX, e.clientY);
            setDrag(null);
            const from = points[i]!;
            if (to.x !== Math.round(from.x) || to.y !== Math.round(from.y)) onMove(i, to.x, to.y);
          }}
          onPointerCancel={() => setDrag(null)}
        />
      ))}
    </div>
  );
}
