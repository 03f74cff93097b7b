/**
 * The page stage of the viewer: the page at its own size, scaled into its container by the
 * page's fit mode (fixed, fit to container, stretch, fit width or height), widgets the account
 * may see in paint order, each a LiveWidget reading the runtime of `store`.
 */
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
} from 'react';
import { useT } from '../../app/useT';
import { isPressWrite, type FitMode, type PageDocument, type Widget } from '@fieldhub/hmi';
import { WidgetRuntimeContext, WidgetWriteContext, type WidgetWriter } from '../../app/widgets/runtime';
import { can, useSession } from '../../app/session';
import { WidgetTextContext } from '../../app/widgets/widgetText';
import { LiveWidget } from './LiveWidget';
import { fitScale } from './pageView';
import type { ValueStore } from './valueStore';

interface ViewerCanvasProps {
  doc: PageDocument;
  widgets: readonly Widget[];
  store: ValueStore;
  fit: FitMode;
  /** a click, or with `picked` the value a control's body chose (a radio option, a scroll bar's value) */
  onWidgetClick(widget: Widget, picked?: string | null): void;
  /** press and release of a press-and-hold widget (docs/requirements/pages-and-designer.md §8.4) */
  onWidgetPress?(widget: Widget, phase: 'down' | 'up'): void;
}

function useBoxSize(ref: RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * Press and release of press-and-hold widgets, taken on the stage (one listener for the page): the
 * release is the pointer's up or cancel anywhere, so leaving the widget while holding still releases.
 */
function usePressHandler(widgets: readonly Widget[], onWidgetPress: ViewerCanvasProps['onWidgetPress']) {
  const pressable = useMemo(
    () =>
      new Map(
        widgets.filter((w) => w.clickEvent.enable && isPressWrite(w.clickEvent.config)).map((w) => [w.id, w]),
      ),
    [widgets],
  );
  return (e: PointerEvent) => {
    if (!onWidgetPress || e.button !== 0) return;
    const id = (e.target as Element).closest('[data-wid]')?.getAttribute('data-wid');
    const widget = id ? pressable.get(id) : undefined;
    if (!widget) return;
    onWidgetPress(widget, 'down');
    const release = () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      onWidgetPress(widget, 'up');
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
  };
}

export function ViewerCanvas({ doc, widgets, store, fit, onWidgetClick, onWidgetPress }: ViewerCanvasProps) {
  const { t } = useT('designer');
  const box = useRef<HTMLDivElement>(null);
  const size = useBoxSize(box);
  const { width, height, bgColor, bgImage } = doc.options;
  const scale = fitScale(fit, { width, height }, size);
  const [ready, setReady] = useState(false);
  // the first measure decides the scale; painting before it would flash the unscaled page
  useEffect(() => setReady(size.width > 0), [size.width]);
  const user = useSession((s) => s.user);
  const canWrite = can(user, 'monitor_write');
  const writer = useMemo<WidgetWriter>(
    () => ({
      write: (widget, value) => onWidgetClick(widget, value),
      click: (widget, clickEvent) => onWidgetClick({ ...widget, clickEvent }, null),
      canWrite,
    }),
    [onWidgetClick, canWrite],
  );
  const layer = useMemo(
    () => widgets.map((w) => <LiveWidget key={w.id} widget={w} onClick={onWidgetClick} />),
    [widgets, onWidgetClick],
  );
  const onPointerDown = usePressHandler(widgets, onWidgetPress);
  return (
    <div
      ref={box}
      className={`fh-v-box fh-v-fit-${fit}`}
      data-testid="viewer-box"
      onPointerDown={onPointerDown}
    >
      <div
        className="fh-v-stage"
        data-testid="viewer-stage"
        data-fit={fit}
        style={{
          width,
          height,
          background: bgImage ? `${bgColor} url("${bgImage}") center / cover no-repeat` : bgColor,
          transform: `scale(${scale.x}, ${scale.y})`,
          visibility: ready ? 'visible' : 'hidden',
        }}
      >
        <WidgetRuntimeContext.Provider value={store}>
          <WidgetWriteContext.Provider value={writer}>
            <WidgetTextContext.Provider value={t}>{layer}</WidgetTextContext.Provider>
          </WidgetWriteContext.Provider>
        </WidgetRuntimeContext.Provider>
      </div>
    </div>
  );
}
