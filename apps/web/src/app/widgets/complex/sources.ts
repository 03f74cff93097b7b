/**
 * Signals the complex bodies read beyond the common binding and signal arrays: the status
 * timeline's reportSignal and the signals of each map marker. A live screen subscribes to
 * these too (the viewer's widget keys), or the bodies would show no live values for them.
 */
import { signalRefSchema, type SignalRef, type Widget } from '@fieldhub/hmi';
import { obj } from '../styleOf';
import { markersOf } from './mapMarkers';

export function extraSources(widget: Widget): SignalRef[] {
  const d = widget.data as Record<string, unknown>;
  if (widget.widgetType === 'ComplexSection') {
    const r = signalRefSchema.parse(obj(d['reportSignal']));
    return r.signalId && r.equipId ? [r] : [];
  }
  if (widget.widgetType === 'ComplexMap') return markersOf(d['equipments']).flatMap((m) => m.signals);
  return [];
}
