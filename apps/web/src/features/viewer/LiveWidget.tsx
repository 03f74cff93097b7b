/**
 * One widget in the viewer: the designer's body inside a wrapper that runs the animations, greys
 * stale values with their time, takes clicks, and mounts heavy widgets only while on screen. The
 * wrapper listens to its own source keys only, so a value change re-renders just the widgets that
 * read it.
 */
import {
  memo,
  useEffect,
  useMemo,
  useCallback,
  useSyncExternalStore,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import dayjs from 'dayjs';
import type { Widget } from '@fieldhub/hmi';
import { useWidgetRuntime, type RuntimeValue } from '../../app/widgets/runtime';
import { Body } from '../../app/widgets/WidgetView';
import { flipOf, num, obj } from '../../app/widgets/styleOf';
import { animationState, type AnimationState } from './animations';
import { isClickable, isHeavy, shownKeys } from './pageView';
import { keyOfSource } from './valueStore';

/** The widget with the colours its animations ask for (the bodies read them from the style). */
export function styledWidget(
  widget: Widget,
  fill: string | null,
  border: string | null,
  font: string | null,
) {
  if (!fill && !border && !font) return widget;
  const style = { ...widget.style };
  if (fill) style.fill = fill;
  if (border) {
    style.stroke = { ...obj(style.stroke), color: border };
    style.line = { ...obj(style.line), color: border };
  }
  if (font) style.color = font;
  return { ...widget, style };
}

function animationCss(a: AnimationState): { className: string; style: CSSProperties } {
  if (a.twinkle) return { className: ' fh-anim-twinkle', style: { animationDuration: `${a.twinkle}ms` } };
  if (a.rotate)
    return {
      className: a.rotate.ccw ? ' fh-anim-rotate-ccw' : ' fh-anim-rotate',
      style: { animationDuration: `${a.rotate.speed}ms` },
    };
  return { className: '', style: {} };
}

/** Whether the element is in (or near) the viewport; heavy widgets mount only then. */
function useOnScreen(ref: RefObject<HTMLElement | null>, watch: boolean): boolean {
  const [on, setOn] = useState(!watch);
  useEffect(() => {
    const el = ref.current;
    if (!watch || !el) return;
    const observer = new IntersectionObserver((entries) => setOn(entries.some((e) => e.isIntersecting)), {
      rootMargin: '200px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, watch]);
  return on;
}

interface LiveWidgetProps {
  widget: Widget;
  /** a click on the widget; `picked` is the option clicked (`data-option`) in a radio group */
  onClick(widget: Widget, picked: string | null): void;
}

/** What the wrapper draws from the values: the animation state and the stale time. */
function wrapperState(
  widget: Widget,
  keys: readonly string[],
  ownKey: string,
  valueOf: (key: string) => RuntimeValue | undefined,
) {
  const anim = animationState(widget.animation, valueOf);
  const stale = keys.some((k) => valueOf(k)?.stale);
  const own = ownKey ? valueOf(ownKey) : undefined;
  const staleTs = own?.stale ? own.ts : null;
  return { anim, stale, staleTs };
}

/**
 * The same as a comparable snapshot, built on every value change of the widget's keys: a number
 * while the widget has no animations and is fresh (the common case, nothing allocated), else one
 * short text of what the wrapper draws.
 */
export function wrapperSnapshot(
  widget: Widget,
  keys: readonly string[],
  ownKey: string,
  valueOf: (key: string) => RuntimeValue | undefined,
): number | string {
  const stale = keys.some((k) => valueOf(k)?.stale);
  if (!stale && !widget.animation.length) return 0;
  const { anim, staleTs } = wrapperState(widget, keys, ownKey, valueOf);
  const rotate = anim.rotate ? `${anim.rotate.speed}${anim.rotate.ccw ? 'c' : ''}` : '';
  return `${anim.hidden ? 'h' : ''}|${anim.twinkle ?? ''}|${rotate}|${anim.fill ?? ''}|${anim.border ?? ''}|${anim.font ?? ''}|${stale ? (staleTs ?? 's') : ''}`;
}

export const LiveWidget = memo(function LiveWidget({ widget, onClick }: LiveWidgetProps) {
  const runtime = useWidgetRuntime();
  const keys = useMemo(() => shownKeys(widget), [widget]);
  const ownKey = useMemo(() => keyOfSource(widget.data), [widget.data]);
  const subscribe = useCallback(
    (listener: () => void) => {
      const offs = keys.map((k) => runtime.subscribe(k, listener));
      return () => offs.forEach((off) => off());
    },
    [keys, runtime],
  );
  // the wrapper re-renders only when its animations or staleness change; a new value alone
  // re-renders just the body that shows it (the body reads its value itself)
  useSyncExternalStore(subscribe, () => wrapperSnapshot(widget, keys, ownKey, runtime.valueOf));
  const ref = useRef<HTMLDivElement>(null);
  const heavy = isHeavy(widget.widgetType);
  const onScreen = useOnScreen(ref, heavy);

  const { anim, stale, staleTs } = wrapperState(widget, keys, ownKey, runtime.valueOf);
  const shown = useMemo(
    () => styledWidget(widget, anim.fill, anim.border, anim.font),
    [widget, anim.fill, anim.border, anim.font],
  );
  if (anim.hidden) return null;
  const { x, y, width, height, rotate } = widget.position;
  const css = animationCss(anim);
  const clickable = isClickable(widget);
  return (
    <div
      ref={ref}
      className={`fh-w fh-v-w${clickable ? ' fh-v-click' : ''}${stale ? ' fh-v-stale' : ''}`}
      data-wid={widget.id}
      data-type={widget.widgetType}
      data-testid={`vw-${widget.widgetName || widget.id}`}
      title={staleTs !== null ? dayjs(staleTs).format('YYYY-MM-DD HH:mm:ss') : undefined}
      onClick={
        clickable
          ? (e) =>
              onClick(
                widget,
                (e.target as Element).closest('[data-option]')?.getAttribute('data-option') ?? null,
              )
          : undefined
      }
      style={{
        left: x,
        top: y,
        width,
        height,
        transform: rotate ? `rotate(${rotate}deg)` : undefined,
        opacity: num(widget.style.opacity, 1),
      }}
    >
      <div className={`fh-w-body${css.className}`} style={{ transform: flipOf(widget), ...css.style }}>
        {!heavy || onScreen ? <Body widget={shown} dataTextShow="signalValue" /> : null}
      </div>
      {staleTs !== null && (
        <span className="fh-v-stale-time" data-testid="stale-time">
          {dayjs(staleTs).format('MM-DD HH:mm:ss')}
        </span>
      )}
    </div>
  );
});
