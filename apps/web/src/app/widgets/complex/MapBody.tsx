/**
 * The map widget (ComplexMap) on Leaflet. Tiles come from the widget's tile URL; without one (or
 * offline) the map is a plain background with the equipment markers, so a site without internet
 * still shows where its equipment is. Markers carry the title and, in the viewer, live values.
 */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Widget } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime } from '../runtime';
import { str } from '../styleOf';
import { refName, useRefRawValues } from './liveData';
import { markersOf, usableTileUrl, viewOf, type MapMarker } from './mapMarkers';

type Loose = Record<string, unknown>;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function markerHtml(m: MapMarker, lines: string[], showTitle: boolean): string {
  const label = [showTitle ? `<b>${escape(m.title || m.equipmentId)}</b>` : '', ...lines.map(escape)]
    .filter(Boolean)
    .join('<br>');
  return `<div class="fh-map-pin"></div>${label ? `<div class="fh-map-label">${label}</div>` : ''}`;
}

function LiveLines({
  marker,
  onLines,
}: {
  marker: MapMarker;
  onLines: (id: string, lines: string[]) => void;
}) {
  const values = useRefRawValues(marker.signals);
  const text = marker.signals.map((s, i) => `${refName(s)}: ${values[i]?.value ?? '—'}`);
  const joined = text.join('\n');
  useEffect(
    () => onLines(marker.equipmentId, joined ? joined.split('\n') : []),
    [joined, marker.equipmentId, onLines],
  );
  return null;
}

export default function MapBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const lines = useRef(new Map<string, string[]>());
  const d = widget.data as Loose;
  const st = widget.style as Loose;
  const markers = markersOf(d['equipments']);
  const tiles = usableTileUrl(d['tileUrl']);
  const showTitle = d['titleEnable'] !== false;
  const showSignals = d['signalEnable'] !== false && runtime.mode === 'view';
  const key = JSON.stringify([markers, st['center'], tiles, showTitle]);

  useEffect(() => {
    if (!el.current) return;
    const design = runtime.mode === 'design';
    const m = L.map(el.current, {
      attributionControl: false,
      zoomControl: !design,
      dragging: !design,
      scrollWheelZoom: !design,
      doubleClickZoom: !design,
      boxZoom: !design,
      keyboard: !design,
    });
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    const observer = new ResizeObserver(() => m.invalidateSize());
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      m.remove();
      map.current = null;
    };
  }, [runtime.mode]);

  const draw = () => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    if (tiles) L.tileLayer(tiles, { maxZoom: 19 }).addTo(group);
    for (const marker of markers) {
      L.marker([marker.lat, marker.lng], {
        icon: L.divIcon({
          className: 'fh-map-marker',
          html: markerHtml(marker, lines.current.get(marker.equipmentId) ?? [], showTitle),
          iconSize: [0, 0],
        }),
        keyboard: false,
      }).addTo(group);
    }
  };

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const view = viewOf(st, markers);
    if (view.bounds) m.fitBounds(view.bounds, { padding: [40, 40], maxZoom: view.zoom });
    else m.setView(view.center, view.zoom);
    draw();
    // markers and view are compared by content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, runtime.mode]);

  const onLines = (id: string, l: string[]) => {
    lines.current.set(id, l);
    draw();
  };

  return (
    <div
      style={{ position: 'absolute', inset: 0, background: str(st['fill'], '#EEF2F7') }}
      data-testid="map-widget"
      data-tiles={tiles ? 'yes' : 'no'}
    >
      <div ref={el} style={{ position: 'absolute', inset: 0, background: 'transparent' }} />
      {!tiles && (
        <div
          style={{
            position: 'absolute',
            left: 6,
            bottom: 4,
            fontSize: 11,
            color: '#64748b',
            zIndex: 500,
            pointerEvents: 'none',
          }}
        >
          {t('complex.map-offline')}
        </div>
      )}
      {!markers.length && (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#64748b',
            fontSize: 12,
            zIndex: 500,
            pointerEvents: 'none',
          }}
        >
          {t('complex.map-empty')}
        </div>
      )}
      {showSignals && markers.map((mk) => <LiveLines key={mk.equipmentId} marker={mk} onLines={onLines} />)}
    </div>
  );
}
