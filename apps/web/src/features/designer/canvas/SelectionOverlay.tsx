/**
 * What the designer draws over the page at screen scale: selection boxes, the resize handles and
 * rotate knob of a single selected unit, the marquee and the snap guides. Each selection box
 * carries its unit id; during a move drag the boxes give way to the drag layer's outline.
 */
import { memo } from 'react';
import type { Handle, PointerState, PointerWidget, Rect } from '../pointer/pointerMachine';

const HANDLES: { handle: Handle; fx: number; fy: number; cursor: string }[] = [
  { handle: 'nw', fx: 0, fy: 0, cursor: 'nwse-resize' },
  { handle: 'n', fx: 0.5, fy: 0, cursor: 'ns-resize' },
  { handle: 'ne', fx: 1, fy: 0, cursor: 'nesw-resize' },
  { handle: 'e', fx: 1, fy: 0.5, cursor: 'ew-resize' },
  { handle: 'se', fx: 1, fy: 1, cursor: 'nwse-resize' },
  { handle: 's', fx: 0.5, fy: 1, cursor: 'ns-resize' },
  { handle: 'sw', fx: 0, fy: 1, cursor: 'nesw-resize' },
  { handle: 'w', fx: 0, fy: 0.5, cursor: 'ew-resize' },
];

interface OverlayProps {
  units: ReadonlyMap<string, PointerWidget>;
  selection: readonly string[];
  /** group ids among the units: a group is resized, not turned by the knob */
  groupIds: ReadonlySet<string>;
  zoom: number;
  gesture: PointerState;
  page: { width: number; height: number };
}

function boxStyle(r: Rect, rotate: number, zoom: number) {
  return {
    left: r.x * zoom,
    top: r.y * zoom,
    width: r.width * zoom,
    height: r.height * zoom,
    transform: rotate ? `rotate(${rotate}deg)` : undefined,
  };
}

export const SelectionOverlay = memo(function SelectionOverlay({
  units,
  selection,
  groupIds,
  zoom,
  gesture,
  page,
}: OverlayProps) {
  const selected = selection.map((id) => units.get(id)).filter((u): u is PointerWidget => u !== undefined);
  const single = selected.length === 1 ? selected[0]! : null;
  // the single unit in its live shape while resizing or rotating
  let shown = single;
  if (single && gesture.kind === 'resizing' && gesture.id === single.id)
    shown = { ...single, rect: gesture.rect };
  if (single && gesture.kind === 'rotating' && gesture.id === single.id)
    shown = { ...single, rotate: gesture.rotate };
  return (
    <div className="fh-overlay" data-testid="designer-overlay">
      {/* during a move the drag layer carries the selection's outline */}
      {gesture.kind !== 'moving' &&
        selected.map((u) => {
          const r = shown && shown.id === u.id ? shown : u;
          return (
            <div
              key={u.id}
              className={`fh-sel-box${u.locked ? ' fh-locked' : ''}`}
              data-unit={u.id}
              style={boxStyle(r.rect, r.rotate, zoom)}
            >
              {shown && shown.id === u.id && !u.locked && (
                <>
                  {HANDLES.map((h) => (
                    <div
                      key={h.handle}
                      className="fh-handle"
                      data-handle={h.handle}
                      data-unit={u.id}
                      style={{ left: `${h.fx * 100}%`, top: `${h.fy * 100}%`, cursor: h.cursor }}
                    />
                  ))}
                  {!groupIds.has(u.id) && (
                    <div className="fh-handle-rotate" data-rotate={u.id} style={{ left: '50%', top: -22 }} />
                  )}
                </>
              )}
            </div>
          );
        })}
      {gesture.kind === 'marquee' && (
        <div
          className="fh-marquee"
          data-testid="designer-marquee"
          style={{
            left: Math.min(gesture.origin.x, gesture.current.x) * zoom,
            top: Math.min(gesture.origin.y, gesture.current.y) * zoom,
            width: Math.abs(gesture.current.x - gesture.origin.x) * zoom,
            height: Math.abs(gesture.current.y - gesture.origin.y) * zoom,
          }}
        />
      )}
      {gesture.kind === 'moving' &&
        gesture.guides.map((g, i) => (
          <div
            key={i}
            className="fh-guide"
            style={
              g.axis === 'x'
                ? { left: g.at * zoom, top: 0, width: 1, height: page.height * zoom }
                : { top: g.at * zoom, left: 0, height: 1, width: page.width * zoom }
            }
          />
        ))}
    </div>
  );
});
