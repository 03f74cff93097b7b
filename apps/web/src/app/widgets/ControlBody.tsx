/**
 * The common (Usual*) widgets as they look in the designer: text, data text, button, image,
 * clock, frame animation and the input controls (switch, input, radio, combo box, time selector,
 * scroll bar), one body per type (widgetBodies.tsx maps the types). Gauges live in GaugeBody.
 * Nothing here reacts to clicks (the viewer runs click events around the body); in the viewer the data text and the switch show their bound value.
 */
import { useEffect, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { DatePicker, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useWidgetText } from './widgetText';
import dayjs from 'dayjs';
import { isSystemKey, type DesignerSettings, type Widget } from '@fieldhub/hmi';
import { useRuntimeValue, useWidgetRuntime, useWidgetWriter } from './runtime';
import {
  animationDrive,
  animationFrames,
  animationInterval,
  isTimeOnly,
  ratioOfValue,
  scrollRange,
  timeFormat,
  timeOfValue,
  timeToWrite,
  valueAtRatio,
} from './controlValues';
import { liveText } from './liveText';
import { dataOf, num, obj, optionsOf, str, textStyleOf } from './styleOf';

// in flow, not positioned: a positioned box is a paint layer of its own, and the browser's
// compositing update after each live repaint grows with the page's paint layers
const fillBox: CSSProperties = {
  width: '100%',
  height: '100%',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  // clip, not hidden: a scroll container's text change costs the page viewer about twice the layout
  overflow: 'clip',
  whiteSpace: 'nowrap',
};

export function TextBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const text = str(dataOf(widget, 'text'), '');
  return (
    <div style={{ ...fillBox, ...textStyleOf(widget), padding: '0 4px', opacity: text ? 1 : 0.55 }}>
      {text || t('widget.text-placeholder')}
    </div>
  );
}

/** Sample value shown for a data text when the settings ask for values. */
function sampleValue(widget: Widget): string {
  const decimals = num(dataOf(widget, 'decimals'), -1);
  return decimals >= 0 ? (0).toFixed(decimals) : '0';
}

export function DataTextBody({
  widget,
  dataTextShow: show,
}: {
  widget: Widget;
  dataTextShow: DesignerSettings['dataTextShow'];
}) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const view = runtime.mode === 'view';
  const live = useRuntimeValue(widget.data);
  const bound = widget.data.signalId !== '' || widget.data.systemKey !== '' || widget.data.mvarId !== '';
  const prefix = str(dataOf(widget, 'prefix'), '');
  const suffix = str(dataOf(widget, 'suffix'), '');
  const unit = str(dataOf(widget, 'unit'), '');
  let core: string;
  // a project's rule for a failed reading applies to bound values only
  if (view) core = liveText(widget, live, bound ? runtime.failedReading : undefined);
  else if (show === 'none') core = '';
  else if (show === 'signalValue') core = sampleValue(widget);
  else if (!bound) core = t('widget.unbound');
  // a system key is named in the screen's language, whatever language it was picked in
  else if (widget.data.type === 'system' && isSystemKey(widget.data.systemKey))
    core = t(`bind.key-${widget.data.systemKey}`);
  else core = widget.data.title || widget.data.systemKey || widget.data.mvarId;
  // a value is never cut off at the widget's edge (a number cut to its first digits reads as
  // another number), and without a clip a live page of many values re-layerizes faster
  return (
    <div
      style={{ ...fillBox, ...textStyleOf(widget), padding: '0 4px', overflow: 'visible' }}
      data-bound={bound ? 'yes' : 'no'}
    >
      {`${prefix}${core}${unit ? ` ${unit}` : ''}${suffix}`}
    </div>
  );
}

export function ButtonBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const text = str(dataOf(widget, 'text'), '');
  return (
    <div
      style={{
        ...fillBox,
        ...textStyleOf(widget),
        background: str(widget.style.fill, '#1890FF'),
        color: str(widget.style.color, '#FFFFFF'),
        borderRadius: num(widget.style.radius, 4),
        boxShadow: '0 1px 2px rgba(0,0,0,0.18)',
      }}
    >
      {text || t('widget.button-text')}
    </div>
  );
}

export function ImageBody({ widget }: { widget: Widget }) {
  const url = str(dataOf(widget, 'imgUrl'), '');
  const radius = num(widget.style.radius, 0);
  if (!url) return <Placeholder icon="image" radius={radius} />;
  return (
    <img
      src={url}
      alt=""
      draggable={false}
      style={{
        width: '100%',
        height: '100%',
        objectFit: str(widget.style.fit, 'contain') as CSSProperties['objectFit'],
        borderRadius: radius,
        display: 'block',
      }}
    />
  );
}

/** An empty image or animation: a framed picture glyph. */
function Placeholder({ icon, radius = 0 }: { icon: 'image' | 'film'; radius?: number }) {
  return (
    <div
      style={{
        ...fillBox,
        justifyContent: 'center',
        background: '#f1f5f9',
        border: '1px dashed #94a3b8',
        borderRadius: radius,
      }}
    >
      <svg width="40%" height="40%" viewBox="0 0 24 24" fill="none" stroke="#64748b" strokeWidth="1.5">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        {icon === 'image' ? (
          <>
            <circle cx="9" cy="10" r="2" />
            <path d="M3 18l6-6 4 4 3-3 5 5" />
          </>
        ) : (
          <path d="M10 9l5 3-5 3z" fill="#64748b" />
        )}
      </svg>
    </div>
  );
}

/**
 * The frame animation (docs/requirements/widgets.md §3.4): its frames in turn, one per interval. Bound to a
 * value it plays while the value is truthy (else holds the first frame), or with `driveMode`
 * `frame` shows the frame numbered by the value. The designer shows the first frame.
 */
export function AnimationBody({ widget }: { widget: Widget }) {
  const view = useWidgetRuntime().mode === 'view';
  const live = useRuntimeValue(widget.data);
  const frames = animationFrames(widget);
  const bound = widget.data.signalId !== '' || widget.data.systemKey !== '' || widget.data.mvarId !== '';
  const drive = view
    ? animationDrive(widget, bound, live?.value ?? null, frames.length)
    : { kind: 'stop' as const };
  const interval = animationInterval(widget);
  const playing = drive.kind === 'play' && frames.length > 1;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setTick((n) => n + 1), interval);
    return () => clearInterval(timer);
  }, [playing, interval]);
  if (!frames.length) return <Placeholder icon="film" />;
  const index = drive.kind === 'frame' ? drive.index : playing ? tick % frames.length : 0;
  return (
    <img
      src={frames[index]}
      alt=""
      draggable={false}
      data-testid="animation-frame"
      data-frame={index}
      style={{
        width: '100%',
        height: '100%',
        objectFit: str(widget.style.fit, 'contain') as CSSProperties['objectFit'],
      }}
    />
  );
}

/** The current time, renewed every second in the viewer (the designer shows it once). */
function useClock(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

export function TimerBody({ widget }: { widget: Widget }) {
  const now = useClock(useWidgetRuntime().mode === 'view');
  const text = dayjs(now).format(str(dataOf(widget, 'format'), 'YYYY-MM-DD HH:mm:ss'));
  return <div style={{ ...fillBox, ...textStyleOf(widget), padding: '0 4px' }}>{text}</div>;
}

function boxStyle(widget: Widget): CSSProperties {
  return {
    ...fillBox,
    ...textStyleOf(widget),
    justifyContent: 'space-between',
    background: str(widget.style.fill, '#FFFFFF'),
    border: '1px solid #d9d9d9',
    borderRadius: num(widget.style.radius, 4),
    padding: '0 10px',
  };
}

/** The bound value a control shows in the viewer, as text ('' without one or in the designer). */
function useControlValue(widget: Widget): string {
  const view = useWidgetRuntime().mode === 'view';
  const live = useRuntimeValue(widget.data);
  return view && live !== undefined && live.value !== null ? String(live.value) : '';
}

export function InputBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const placeholder = str(dataOf(widget, 'placeholder'), t('widget.input-placeholder'));
  const value = useControlValue(widget);
  return (
    <div style={boxStyle(widget)}>
      {value ? <span>{value}</span> : <span style={{ color: '#bfbfbf' }}>{placeholder}</span>}
    </div>
  );
}

export function ComboBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const triangle = obj(widget.style['triangle']);
  const placeholder = str(dataOf(widget, 'placeholder'), t('widget.combo-placeholder'));
  const value = useControlValue(widget);
  // the viewer shows the option of the bound value (the value itself when no option has it)
  const shown = value ? (optionsOf(widget).find((o) => o.value === value)?.text ?? value) : '';
  return (
    <div style={{ ...boxStyle(widget), paddingRight: num(widget.style['rightDistance'], 10) }}>
      <span
        style={{ color: shown ? undefined : '#bfbfbf', overflow: 'hidden', textOverflow: 'ellipsis' }}
        data-testid="combo-shown"
      >
        {shown || placeholder}
      </span>
      <svg width="10" height="6" viewBox="0 0 10 6">
        <path d="M0 0h10L5 6z" fill={str(triangle['color'], '#BFBFBF')} />
      </svg>
    </div>
  );
}

export function TimeSelectorBody({ widget }: { widget: Widget }) {
  const view = useWidgetRuntime().mode === 'view';
  if (view) return <LiveTimeSelector widget={widget} />;
  return (
    <div style={boxStyle(widget)}>
      <span style={{ color: '#8c8c8c', overflow: 'hidden' }}>{timeFormat(widget)}</span>
      <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="#8c8c8c" strokeWidth="2">
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
      </svg>
    </div>
  );
}

/**
 * The viewer's time selector (docs/requirements/widgets.md §3.2): a date-time (or time-of-day) picker
 * showing the bound value in the widget's format; the time picked goes to the viewer's write path.
 */
function LiveTimeSelector({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const live = useRuntimeValue(widget.data);
  const writer = useWidgetWriter();
  const format = timeFormat(widget);
  const value = timeOfValue(live?.value, format);
  const bound = widget.data.signalId !== '' && widget.data.equipId !== '';
  const disabled = !bound || !writer?.canWrite;
  const onChange = (picked: Dayjs | null) => {
    if (picked && writer) writer.write(widget, timeToWrite(picked, format, live?.value));
  };
  const style: CSSProperties = {
    width: '100%',
    height: '100%',
    borderRadius: num(widget.style.radius, 4),
    background: str(widget.style.fill, '#FFFFFF'),
  };
  const common = {
    value,
    format,
    disabled,
    allowClear: false,
    style,
    placeholder: t('widget.time-placeholder'),
    onChange,
    'data-testid': 'time-selector',
  };
  return isTimeOnly(format) ? (
    <TimePicker {...common} />
  ) : (
    <DatePicker {...common} showTime={/[Hhms]/.test(format)} />
  );
}
export function SwitchBody({ widget }: { widget: Widget }) {
  const { width, height } = widget.position;
  const h = Math.min(height, width / 1.8);
  const view = useWidgetRuntime().mode === 'view';
  const live = useRuntimeValue(widget.data);
  // the viewer shows the switch on while the bound value is its on value
  const isOn = !view || (live !== undefined && String(live.value) === str(dataOf(widget, 'onValue'), '1'));
  const background = isOn ? str(widget.style.fill, '#52C41A') : str(widget.style.color, '#BFBFBF');
  return (
    <div style={{ ...fillBox, justifyContent: 'center' }}>
      <div style={{ position: 'relative', width: h * 1.8, height: h, borderRadius: h / 2, background }}>
        <div
          style={{
            position: 'absolute',
            top: h * 0.1,
            left: isOn ? h * 0.9 : h * 0.1,
            width: h * 0.8,
            height: h * 0.8,
            borderRadius: '50%',
            background: '#fff',
            boxShadow: '0 1px 3px rgba(0,0,0,0.3)',
          }}
        />
      </div>
    </div>
  );
}

export function RadioBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const options = optionsOf(widget);
  const shown = options.length
    ? options
    : [
        { text: t('widget.option', { n: 1 }), value: '1' },
        { text: t('widget.option', { n: 2 }), value: '2' },
      ];
  const size = num(obj(widget.style.font)['size'], 14);
  const view = useWidgetRuntime().mode === 'view';
  const value = useControlValue(widget);
  // the designer marks the first option; the viewer the option of the bound value
  const checked = view ? shown.findIndex((o) => o.value === value) : 0;
  return (
    <div
      style={{ ...fillBox, ...textStyleOf(widget), justifyContent: 'flex-start', gap: 14, padding: '0 4px' }}
    >
      {shown.map((o, i) => (
        <span
          key={`${o.value}-${i}`}
          data-option={o.value}
          data-checked={i === checked ? 'yes' : 'no'}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 5 }}
        >
          <span
            style={{
              width: size,
              height: size,
              borderRadius: '50%',
              border: `1px solid ${i === checked ? '#1890FF' : '#d9d9d9'}`,
              boxShadow:
                i === checked ? `inset 0 0 0 ${size / 4}px #fff, inset 0 0 0 ${size}px #1890FF` : undefined,
              background: '#fff',
            }}
          />
          {o.text}
        </span>
      ))}
    </div>
  );
}

/**
 * The scroll bar (docs/requirements/widgets.md §3.2): in the viewer the knob sits at the bound value
 * within min..max, and a drag (or a click on the track) picks a value snapped to the step, written
 * through the viewer's write path when the pointer is let go. Without the write permission, or
 * unbound, it only shows the value.
 */
export function ScrollbarBody({ widget }: { widget: Widget }) {
  const { height } = widget.position;
  const view = useWidgetRuntime().mode === 'view';
  const live = useRuntimeValue(widget.data);
  const writer = useWidgetWriter();
  const [dragged, setDragged] = useState<number | null>(null);
  const range = scrollRange(widget);
  const bound = widget.data.signalId !== '' && widget.data.equipId !== '';
  const enabled = view && bound && writer !== null && writer.canWrite;
  const liveRatio = view ? ratioOfValue(live?.value, range) : 0.4;
  const ratio = dragged !== null ? (ratioOfValue(dragged, range) ?? 0) : (liveRatio ?? 0);
  const track = Math.max(4, Math.min(8, height / 4));
  const knob = Math.max(10, Math.min(height - 2, 20));
  const radius = num(widget.style.radius, 4);
  const colour = str(widget.style.color, '#1890FF');
  const pick = (e: ReactPointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return valueAtRatio(box.width > 0 ? (e.clientX - box.left) / box.width : 0, range);
  };
  const shown = dragged ?? (view && live && live.value !== null ? live.value : null);
  return (
    <div
      style={{
        ...fillBox,
        padding: `0 ${knob / 2}px`,
        cursor: enabled ? 'pointer' : view ? 'not-allowed' : undefined,
      }}
      data-testid="scrollbar"
      data-value={shown === null ? '' : String(shown)}
      data-disabled={enabled ? 'no' : 'yes'}
      title={shown === null ? undefined : String(shown)}
    >
      <div
        style={{
          position: 'relative',
          width: '100%',
          height: Math.max(track, knob),
          display: 'flex',
          alignItems: 'center',
          touchAction: 'none',
        }}
        data-testid="scrollbar-track"
        onPointerDown={
          enabled
            ? (e) => {
                e.currentTarget.setPointerCapture(e.pointerId);
                setDragged(pick(e));
              }
            : undefined
        }
        onPointerMove={enabled && dragged !== null ? (e) => setDragged(pick(e)) : undefined}
        onPointerUp={
          enabled && dragged !== null
            ? (e) => {
                const value = pick(e);
                setDragged(null);
                writer.write(widget, String(value));
              }
            : undefined
        }
        onPointerCancel={() => setDragged(null)}
      >
        <div
          style={{
            position: 'relative',
            width: '100%',
            height: track,
            borderRadius: radius,
            background: str(widget.style.fill, '#E8E8E8'),
            opacity: view && !enabled ? 0.6 : 1,
          }}
        >
          <div
            style={{
              position: 'absolute',
              left: 0,
              top: 0,
              bottom: 0,
              width: `${ratio * 100}%`,
              borderRadius: radius,
              background: colour,
            }}
          />
          {(!view || liveRatio !== null || dragged !== null) && (
            <div
              style={{
                position: 'absolute',
                left: `${ratio * 100}%`,
                top: track / 2 - knob / 2,
                width: knob,
                height: knob,
                marginLeft: -knob / 2,
                boxSizing: 'border-box',
                borderRadius: '50%',
                background: '#fff',
                border: `2px solid ${colour}`,
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
