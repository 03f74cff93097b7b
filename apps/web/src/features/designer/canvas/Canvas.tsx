/**
 * The designer canvas: rulers, the scrollable stage with the page (zoomed by a CSS scale), the
 * grid, the widgets and the selection overlay. Pointer input runs through the pure pointer
 * machine; a move drag puts the moved widgets (or, for a large selection, their outlines) into a
 * drag layer (its own compositor layer), moves that layer by a CSS transform once per animation
 * frame and commits one hmi move command on release, so nothing re-renders or repaints during the
 * drag whatever the page size.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useStore } from 'zustand';
import { useT, type KeyIn } from '../../../app/useT';
import { LINE_TYPES, catalogueEntry, widgetTypeSchema, type Widget } from '@fieldhub/hmi';
import { currentLang } from '../../../app/i18n';
import { addWidgetAt, blockKey } from '../editor/editorActions';
import type { EditorStore } from '../editor/editorStore';
import { pointerUnits } from '../editor/units';
import {
  handleAt,
  idle,
  reducePointer,
  type Handle,
  type Point,
  type PointerContext,
  type PointerEvent as MachineEvent,
  type PointerState,
  type PointerTarget,
} from '../pointer/pointerMachine';
import { Ruler, RULER_SIZE } from './Ruler';
import { LineVertexHandles } from './LineVertexHandles';
import { SelectionOverlay } from './SelectionOverlay';
import { WidgetLayer } from './WidgetLayer';
import { WidgetTextContext } from '../../../app/widgets/widgetText';

/** Space around the page on the stage, screen pixels. */
const MARGIN = 40;
export const PALETTE_MIME = 'application/x-fieldhub-widget';
/** Most widgets dragged as themselves; a larger selection is dragged as outlines. */
const LIVE_DRAG_MAX = 50;

/** One SVG path outlining the moved units, in page coordinates. */
function unitOutlines(
  ids: string[],
  bounds: { x: number; y: number; width: number; height: number },
  units: ReadonlyMap<
    string,
    { rect: { x: number; y: number; width: number; height: number }; rotate: number }
  >,
): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('class', 'fh-drag-outlines');
  svg.setAttribute('width', String(bounds.width));
  svg.setAttribute('height', String(bounds.height));
  svg.style.left = `${bounds.x}px`;
  svg.style.top = `${bounds.y}px`;
  let d = '';
  for (const id of ids) {
    const unit = units.get(id);
    if (!unit) continue;
    const { x, y, width, height } = unit.rect;
    d += `M${x - bounds.x} ${y - bounds.y}h${width}v${height}h${-width}z`;
  }
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  svg.appendChild(path);
  return svg;
}

interface CanvasProps {
  store: EditorStore;
  /** the status bar's cursor read-out, written without a render */
  cursorRef: RefObject<HTMLSpanElement | null>;
  onRefused: (key: KeyIn<'designer'>) => void;
}

const cursorOfHandle: Record<Handle, string> = {
  n: 'ns-resize',
  s: 'ns-resize',
  e: 'ew-resize',
  w: 'ew-resize',
  ne: 'nesw-resize',
  sw: 'nesw-resize',
  nw: 'nwse-resize',
  se: 'nwse-resize',
};

export function Canvas({ store, cursorRef, onRefused }: CanvasProps) {
  const { t } = useT('designer');
  const doc = useStore(store, (s) => s.doc);
  const selection = useStore(store, (s) => s.selection);
  const zoom = useStore(store, (s) => s.zoom);
  const settings = useStore(store, (s) => s.settings);
  const preview = useStore(store, (s) => s.preview);
  const units = useMemo(() => pointerUnits(doc), [doc]);
  const groupIds = useMemo(() => new Set(doc.groups.map((g) => g.id)), [doc.groups]);
  const widgetsById = useMemo(() => new Map(doc.widgets.map((w) => [w.id, w])), [doc.widgets]);
  const { width: pageW, height: pageH, bgColor, bgImage } = doc.options;
  // a single selected, unlocked, unrotated line shows its vertex handles
  const selectedOne = selection.length === 1 ? widgetsById.get(selection[0]!) : undefined;
  const vertexLine =
    selectedOne &&
    LINE_TYPES.has(selectedOne.widgetType) &&
    units.get(selectedOne.id)?.locked === false &&
    selectedOne.position.rotate % 360 === 0
      ? selectedOne
      : null;

  const [gesture, setGesture] = useState<PointerState>(idle);
  const [live, setLive] = useState<Widget | null>(null);
  const [view, setView] = useState({ left: 0, top: 0, width: 800, height: 600 });
  const scrollerRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const stateRef = useRef<PointerState>(idle);
  const frameRef = useRef(0);
  const movingRef = useRef<HTMLElement[]>([]);
  const dragLayerRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const panRef = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const spaceRef = useRef(false);

  // the page sits centred when smaller than the view, else at the margin
  const offsetX = Math.max(MARGIN, (view.width - pageW * zoom) / 2);
  const offsetY = Math.max(MARGIN, (view.height - pageH * zoom) / 2);
  const stageW = Math.max(view.width, pageW * zoom + 2 * offsetX);
  const stageH = Math.max(view.height, pageH * zoom + 2 * offsetY);

  const measure = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    setView({ left: el.scrollLeft, top: el.scrollTop, width: el.clientWidth, height: el.clientHeight });
  }, []);
  useLayoutEffect(() => {
    performance.mark('designer:committed');
    measure();
    const el = scrollerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, settings.ruler]);

  const context = useCallback((): PointerContext => {
    const s = store.getState();
    return {
      widgets: pointerUnits(s.doc),
      selection: s.selection,
      adsorb: s.settings.adsorb,
      zoom: s.zoom,
      page: { x: 0, y: 0, width: s.doc.options.width, height: s.doc.options.height },
    };
  }, [store]);

  const pagePoint = useCallback(
    (clientX: number, clientY: number): Point => {
      const rect = pageRef.current!.getBoundingClientRect();
      const z = store.getState().zoom;
      return { x: (clientX - rect.left) / z, y: (clientY - rect.top) / z };
    },
    [store],
  );

  /**
   * At the start of a move the moving picture goes into the drag layer (one compositor layer) that
   * each frame only shifts. Up to LIVE_DRAG_MAX widgets are copied there and hidden in place (a
   * copy-drag leaves them visible); a larger selection moves as the outlines of its units, and the
   * widgets stay untouched until the drop — copying and hiding hundreds of widgets would cost the
   * first frames of the drag more than a frame's time.
   */
  const startDragLayer = useCallback(
    (ids: string[], bounds: { x: number; y: number; width: number; height: number }, copy: boolean) => {
      const layer = dragLayerRef.current;
      if (!layer) return;
      const unitIds = new Set(ids);
      const movableIds = new Set<string>();
      for (const w of store.getState().doc.widgets) {
        const unit = w.groupId && groupIds.has(w.groupId) ? w.groupId : w.id;
        if (unitIds.has(unit) && !w.posLock) movableIds.add(w.id);
      }
      const live = movableIds.size <= LIVE_DRAG_MAX;
      const nodes: HTMLElement[] = [];
      const picture = document.createDocumentFragment();
      if (live) {
        for (const el of pageRef.current?.querySelectorAll<HTMLElement>('.fh-w') ?? []) {
          if (!movableIds.has(el.dataset['wid'] ?? '')) continue;
          nodes.push(el);
          const clone = el.cloneNode(true) as HTMLElement;
          clone.removeAttribute('data-wid');
          picture.appendChild(clone);
        }
      } else {
        picture.appendChild(unitOutlines(ids, bounds, pointerUnits(store.getState().doc)));
      }
      const outline = document.createElement('div');
      outline.className = 'fh-drag-outline';
      Object.assign(outline.style, {
        left: `${bounds.x}px`,
        top: `${bounds.y}px`,
        width: `${bounds.width}px`,
        height: `${bounds.height}px`,
      });
      picture.appendChild(outline);
      // the layer spans the moved widgets only, so raster work at the start stays small
      const inner = document.createElement('div');
      inner.style.position = 'absolute';
      inner.style.left = `${-bounds.x}px`;
      inner.style.top = `${-bounds.y}px`;
      inner.appendChild(picture);
      Object.assign(layer.style, {
        left: `${bounds.x}px`,
        top: `${bounds.y}px`,
        width: `${bounds.width}px`,
        height: `${bounds.height}px`,
      });
      layer.replaceChildren(inner);
      // a copy-drag leaves the originals where they are
      if (!copy) for (const el of nodes) el.style.visibility = 'hidden';
      // the selection boxes give way to the layer's outline without a React render (the class
      // goes on the overlay's wrapper: on the scroller it would invalidate the style of every widget)
      overlayRef.current?.classList.add('fh-moving');
      movingRef.current = nodes;
    },
    [store, groupIds],
  );

  const paint = useCallback(() => {
    frameRef.current = 0;
    const s = stateRef.current;
    if (s.kind === 'moving') {
      if (dragLayerRef.current) dragLayerRef.current.style.transform = `translate(${s.dx}px, ${s.dy}px)`;
      // React renders the overlay again only when the snap guides it shows change
      setGesture((prev) => {
        const shown = prev.kind === 'moving' ? prev.guides : [];
        return JSON.stringify(shown) === JSON.stringify(s.guides) ? prev : s;
      });
      return;
    }
    setGesture(s);
    if (s.kind === 'resizing' || s.kind === 'rotating') {
      const w = store.getState().doc.widgets.find((x) => x.id === s.id);
      if (w) {
        setLive(
          s.kind === 'resizing'
            ? { ...w, position: { ...w.position, ...s.rect } }
            : { ...w, position: { ...w.position, rotate: s.rotate } },
        );
      }
    }
  }, [store]);

  const clearDrag = useCallback(() => {
    for (const el of movingRef.current) el.style.visibility = '';
    overlayRef.current?.classList.remove('fh-moving');
    movingRef.current = [];
    const layer = dragLayerRef.current;
    if (layer) {
      layer.replaceChildren();
      layer.style.transform = '';
    }
  }, []);

  const dispatch = useCallback(
    (event: MachineEvent) => {
      const before = stateRef.current;
      const result = reducePointer(before, event, context());
      stateRef.current = result.state;
      if (result.selection) store.getState().select(result.selection);
      if (result.state.kind === 'moving' && before.kind !== 'moving') {
        startDragLayer(result.state.ids, result.state.bounds, result.state.copy);
      }
      const commit = result.commit;
      if (result.state.kind === 'idle') {
        if (frameRef.current) cancelAnimationFrame(frameRef.current);
        frameRef.current = 0;
        flushSync(() => {
          const s = store.getState();
          if (commit?.kind === 'move') s.run({ type: 'move', ids: commit.ids, dx: commit.dx, dy: commit.dy });
          else if (commit?.kind === 'copy') {
            const blocked = s.copyTo(commit.ids, commit.dx, commit.dy);
            if (blocked) onRefused(blockKey(blocked));
          } else if (commit?.kind === 'resize') s.run({ type: 'resize', id: commit.id, rect: commit.rect });
          else if (commit?.kind === 'rotate')
            s.run({ type: 'rotate', ids: [commit.id], angle: commit.rotate, mode: 'to' });
          else if (commit?.kind === 'select') s.select(commit.ids);
          setGesture(idle);
          setLive(null);
        });
        // the committed positions are rendered: the drag offsets can go in the same frame
        clearDrag();
        return;
      }
      if (!frameRef.current) frameRef.current = requestAnimationFrame(paint);
    },
    [context, store, startDragLayer, paint, clearDrag, onRefused],
  );

  const targetOf = useCallback(
    (el: Element | null, point: Point): PointerTarget => {
      const handle = el?.closest<HTMLElement>('[data-handle]');
      if (handle)
        return { kind: 'handle', id: handle.dataset['unit']!, handle: handle.dataset['handle'] as Handle };
      const rotate = el?.closest<HTMLElement>('[data-rotate]');
      if (rotate) return { kind: 'rotate', id: rotate.dataset['rotate']! };
      const s = store.getState();
      if (s.selection.length === 1) {
        const unit = pointerUnits(s.doc).get(s.selection[0]!);
        const edge = unit && !unit.locked ? handleAt(unit, point, s.zoom) : null;
        if (unit && edge) return { kind: 'handle', id: unit.id, handle: edge };
      }
      const widget = el?.closest<HTMLElement>('[data-wid]');
      if (widget) return { kind: 'widget', id: widget.dataset['unit']! };
      return { kind: 'canvas' };
    },
    [store],
  );

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    const scroller = scrollerRef.current!;
    if (e.button === 1 || (e.button === 0 && spaceRef.current)) {
      panRef.current = { x: e.clientX, y: e.clientY, left: scroller.scrollLeft, top: scroller.scrollTop };
      scroller.setPointerCapture(e.pointerId);
      scroller.classList.add('fh-panning');
      e.preventDefault();
      return;
    }
    if (e.button !== 0) return;
    // focus leaves the property inputs, so the keyboard shortcuts reach the editor
    (document.activeElement as HTMLElement | null)?.blur?.();
    const point = pagePoint(e.clientX, e.clientY);
    scroller.setPointerCapture(e.pointerId);
    dispatch({
      alt: e.altKey,
      type: 'down',
      point,
      target: targetOf(e.target as Element, point),
      shift: e.shiftKey,
      ctrl: e.ctrlKey || e.metaKey,
    });
  };

  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const scroller = scrollerRef.current!;
    const pan = panRef.current;
    if (pan) {
      scroller.scrollLeft = pan.left - (e.clientX - pan.x);
      scroller.scrollTop = pan.top - (e.clientY - pan.y);
      return;
    }
    const point = pagePoint(e.clientX, e.clientY);
    // not while moving: a repainted read-out would make the browser re-layerize the page each frame
    if (cursorRef.current && stateRef.current.kind !== 'moving')
      cursorRef.current.textContent = `X ${Math.round(point.x)}  Y ${Math.round(point.y)}`;
    if (stateRef.current.kind === 'idle') {
      const s = store.getState();
      const unit = s.selection.length === 1 ? pointerUnits(s.doc).get(s.selection[0]!) : undefined;
      const edge = unit && !unit.locked ? handleAt(unit, point, s.zoom) : null;
      scroller.style.cursor = edge ? cursorOfHandle[edge] : '';
      return;
    }
    dispatch({ type: 'move', point, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey });
  };

  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    const scroller = scrollerRef.current!;
    if (scroller.hasPointerCapture(e.pointerId)) scroller.releasePointerCapture(e.pointerId);
    if (panRef.current) {
      panRef.current = null;
      scroller.classList.remove('fh-panning');
      return;
    }
    if (stateRef.current.kind !== 'idle') dispatch({ type: 'up' });
  };

  // Escape drops a gesture; space held pans
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && stateRef.current.kind !== 'idle') dispatch({ type: 'cancel' });
      if (e.code === 'Space' && !(e.target as HTMLElement).closest('input, textarea, [contenteditable]'))
        spaceRef.current = true;
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'Space') spaceRef.current = false;
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [dispatch]);

  // Ctrl + wheel zooms about the pointer (a non-passive listener, to keep the browser's zoom out)
  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const s = store.getState();
      const point = pagePoint(e.clientX, e.clientY);
      s.setZoom(s.zoom * (e.deltaY < 0 ? 1.1 : 1 / 1.1));
      const next = store.getState().zoom;
      // keep the page point under the pointer
      requestAnimationFrame(() => {
        const rect = pageRef.current!.getBoundingClientRect();
        el.scrollLeft += rect.left + point.x * next - e.clientX;
        el.scrollTop += rect.top + point.y * next - e.clientY;
      });
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, [store, pagePoint]);

  const onDrop = (e: React.DragEvent<HTMLDivElement>) => {
    const raw = e.dataTransfer.getData(PALETTE_MIME);
    const type = widgetTypeSchema.safeParse(raw);
    if (!type.success) return;
    e.preventDefault();
    const point = pagePoint(e.clientX, e.clientY);
    const entry = catalogueEntry(type.data);
    const refused = addWidgetAt(
      store,
      type.data,
      point.x,
      point.y,
      currentLang() === 'zh-CN' ? entry.label.zh : entry.label.en,
    );
    if (refused) onRefused(refused);
  };

  const selectedSpan = useMemo(() => {
    const rects = selection.map((id) => units.get(id)?.rect).filter((r) => r !== undefined);
    if (!rects.length) return { x: undefined, y: undefined };
    const x1 = Math.min(...rects.map((r) => r.x));
    const x2 = Math.max(...rects.map((r) => r.x + r.width));
    const y1 = Math.min(...rects.map((r) => r.y));
    const y2 = Math.max(...rects.map((r) => r.y + r.height));
    return { x: { from: x1, to: x2 }, y: { from: y1, to: y2 } };
  }, [selection, units]);

  return (
    <div className="fh-designer-canvas" data-testid="designer-canvas">
      {settings.ruler && (
        <>
          <div className="fh-ruler-corner" />
          <div className="fh-ruler-x">
            <Ruler
              axis="x"
              zoom={zoom}
              offset={(view.left - offsetX) / zoom}
              length={view.width}
              extent={pageW}
              mark={selectedSpan.x}
            />
          </div>
          <div className="fh-ruler-y">
            <Ruler
              axis="y"
              zoom={zoom}
              offset={(view.top - offsetY) / zoom}
              length={view.height}
              extent={pageH}
              mark={selectedSpan.y}
            />
          </div>
        </>
      )}
      <div
        ref={scrollerRef}
        className={`fh-scroller${settings.ruler ? ' fh-with-rulers' : ''}`}
        data-testid="designer-scroller"
        onScroll={measure}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => dispatch({ type: 'cancel' })}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes(PALETTE_MIME)) e.preventDefault();
        }}
        onDrop={onDrop}
      >
        <div className="fh-stage" style={{ width: stageW, height: stageH }}>
          <div
            ref={pageRef}
            className="fh-page"
            data-testid="designer-page"
            data-widgets={doc.widgets.length}
            aria-label={t('canvas.page')}
            style={{
              left: offsetX,
              top: offsetY,
              width: pageW,
              height: pageH,
              transform: zoom === 1 ? undefined : `scale(${zoom})`,
              backgroundColor: bgColor,
              backgroundImage: bgImage ? `url("${bgImage}")` : undefined,
              backgroundSize: 'cover',
            }}
          >
            {settings.grid && <div className="fh-grid" data-testid="designer-grid" />}
            <WidgetTextContext.Provider value={t}>
              <WidgetLayer
                widgets={doc.widgets}
                live={live}
                dataTextShow={settings.dataTextShow}
                preview={preview}
              />
            </WidgetTextContext.Provider>
            {/* filled by hand during a move drag; React renders it empty */}
            <div ref={dragLayerRef} className="fh-drag-layer" data-testid="designer-drag-layer" />
          </div>
          <div ref={overlayRef} style={{ position: 'absolute', left: offsetX, top: offsetY }}>
            <SelectionOverlay
              units={units}
              selection={selection}
              groupIds={groupIds}
              zoom={zoom}
              gesture={gesture}
              page={{ width: pageW, height: pageH }}
            />
            {vertexLine && gesture.kind === 'idle' && (
              <LineVertexHandles
                key={vertexLine.id}
                widget={vertexLine}
                zoom={zoom}
                onMove={(index, x, y) =>
                  store.getState().run({ type: 'lineVertex', id: vertexLine.id, index, x, y })
                }
                onEdit={(index, op) =>
                  store.getState().run({ type: 'lineVertexEdit', id: vertexLine.id, index, op })
                }
              />
            )}
          </div>
        </div>
      </div>
      {widgetsById.size === 0 && <div className="fh-empty-hint">{t('canvas.empty-hint')}</div>}
    </div>
  );
}

export { RULER_SIZE };
