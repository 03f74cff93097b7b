/**
 * One widget on the designer canvas. Memoized on the widget object: the document is immutable and
 * the hmi commands share unchanged widgets, so an edit re-renders only the widgets it touched.
 * A drag never re-renders: the canvas moves the DOM nodes with the CSS `translate` property and
 * commits one move command on release (then only the moved widgets render again).
 */
import { memo, type CSSProperties } from 'react';
import { useWidgetText } from './widgetText';
import type { DesignerSettings, Widget } from '@fieldhub/hmi';
import { bodyOf } from './widgetBodies';
import { flipOf, num } from './styleOf';
import './widgets.css';

interface WidgetViewProps {
  widget: Widget;
  dataTextShow: DesignerSettings['dataTextShow'];
  /** play the cheap animations (twinkle, rotate) */
  preview: boolean;
}

/** A type the designer cannot draw yet (saved by a newer editor or another tool): a labelled box. */
function ForeignBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'repeating-linear-gradient(45deg, #f8fafc, #f8fafc 8px, #eef2f7 8px, #eef2f7 16px)',
        border: '1px dashed #94a3b8',
        color: '#475569',
        fontSize: 12,
        textAlign: 'center',
        overflow: 'hidden',
      }}
      title={t('widget.foreign-help')}
    >
      {widget.widgetName || widget.widgetType}
    </div>
  );
}

/**
 * The body of one widget by its type (widgetBodies.tsx; the viewer draws it inside its own live
 * wrapper).
 */
export function Body({ widget, dataTextShow }: Omit<WidgetViewProps, 'preview'>) {
  const TypeBody = bodyOf(widget.widgetType);
  return TypeBody ? (
    <TypeBody widget={widget} dataTextShow={dataTextShow} />
  ) : (
    <ForeignBody widget={widget} />
  );
}

function animationClass(widget: Widget): { className: string; style: CSSProperties } {
  let className = '';
  const style: CSSProperties = {};
  for (const a of widget.animation) {
    if (!a.enable) continue;
    if (a.type === 'twinkle') {
      className += ' fh-anim-twinkle';
      style.animationDuration = `${a.speed}ms`;
    } else if (a.type === 'rotate') {
      className += a.direction === 'ccw' ? ' fh-anim-rotate-ccw' : ' fh-anim-rotate';
      style.animationDuration = `${a.speed}ms`;
    }
  }
  return { className, style };
}

export const WidgetView = memo(function WidgetView({ widget, dataTextShow, preview }: WidgetViewProps) {
  if (widget.hidden) return null;
  const { x, y, width, height, rotate } = widget.position;
  const anim = preview ? animationClass(widget) : { className: '', style: {} };
  return (
    <div
      className={`fh-w${widget.posLock ? ' fh-w-locked' : ''}`}
      data-wid={widget.id}
      data-unit={widget.groupId ?? widget.id}
      data-type={widget.widgetType}
      style={{
        left: x,
        top: y,
        width,
        height,
        transform: rotate ? `rotate(${rotate}deg)` : undefined,
        opacity: num(widget.style.opacity, 1),
      }}
    >
      <div className={`fh-w-body${anim.className}`} style={{ transform: flipOf(widget), ...anim.style }}>
        <Body widget={widget} dataTextShow={dataTextShow} />
      </div>
    </div>
  );
});
