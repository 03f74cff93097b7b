/**
 * The map widget (ComplexMap) on Leaflet. Tiles come from the widget's tile URL; without one (or
 * offline) the map is a plain background with the equipment markers, so a site without internet
 * still shows where its equipment is. Markers carry the title and, in the viewer, live values.
 */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { monitorCalls, projectMonitorCalls, TIMERS } from '@fieldhub/shared';
import type { Widget } from '@fieldhub/hmi';
import { ApiError, callApi } from '../../request';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime, type WidgetRuntime } from '../runtime';
import { str } from '../styleOf';
import { refName, useRefRawValues } from './liveData';
import { mapEquipmentIds, mapTotals, markersOf, usableTileUrl, viewOf, type MapMarker } from './mapMarkers';

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

/**
 * Gateway state of each listed device the viewer may see (null: no gateway), every minute: through
 * the project on a project page, else per device (a device the viewer may not see is left out).
 */
async function deviceStates(
  ids: readonly string[],
  scope: WidgetRuntime['scope'],
): Promise<Map<string, string | null>> {
  if (scope.kind === 'project') {
    const rows = await callApi(projectMonitorCalls.devices, { projectId: scope.id }, { silent: true });
    return new Map(
      rows.filter((r) => ids.includes(String(r.equipmentId))).map((r) => [String(r.equipmentId), r.status]),
    );
  }
  const answers = await Promise.all(
    [...new Set(ids)].map((equipmentId) =>
      callApi(monitorCalls.gatewayInfo, { equipmentId }, { silent: true }).then(
        (info): [string, string | null] => [equipmentId, info.status],
        // 2001: the device has no gateway; anything else (not visible) leaves it out
        (err: unknown): [string, string | null] | null =>
          err instanceof ApiError && err.code === '2001' ? [equipmentId, null] : null,
      ),
    ),
  );
  return new Map(answers.filter((a): a is [string, string | null] => a !== null));
}

type DeviceStates = ReturnType<typeof useDeviceStates>;

/** The listed devices' states in the viewer (none in the designer), every minute. */
function useDeviceStates(ids: readonly string[]) {
  const runtime = useWidgetRuntime();
  return useQuery({
    queryKey: ['widget', 'map-states', runtime.scope, ids],
    queryFn: () => deviceStates(ids, runtime.scope),
    enabled: runtime.mode === 'view' && ids.length > 0,
    refetchInterval: TIMERS.gatewayPoll,
  });
}

/** Devices in total, online, offline and the share online, over the map's top right corner. */
function Totals({ widget, ids, states }: { widget: Widget; ids: string[]; states: DeviceStates }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const d = widget.data as Loose;
  const showCounts = d['totalCount'] !== false;
  const showShare = d['equipProportion'] !== false;
  if (!showCounts && !showShare) return null;
  const totals = states.data ? mapTotals(ids, states.data) : null;
  const shown = (n: number | undefined) => (n === undefined ? '—' : String(n));
  const cell = (label: string, value: string, testId: string) => (
    <span data-testid={testId}>
      {label} <b>{value}</b>
    </span>
  );
  return (
    <div className="fh-map-totals" data-testid="map-totals">
      {showCounts && (
        <>
          {cell(
            t('cprops.map-total'),
            runtime.mode === 'design' ? String(new Set(ids).size) : shown(totals?.total),
            'map-total',
          )}
          {cell(t('cprops.map-online'), shown(totals?.online), 'map-online')}
          {cell(t('cprops.map-offline-count'), shown(totals?.offline), 'map-offline')}
        </>
      )}
      {showShare && cell(t('cprops.map-share-label'), totals ? `${totals.onlineShare}%` : '—', 'map-share')}
    </div>
  );
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
  const ids = mapEquipmentIds(d['equipments']);
  const states = useDeviceStates(ids);
  // the viewer places only the devices the reader may see, once their states are known
  const markers = markersOf(d['equipments']).filter(
    (m) => runtime.mode === 'design' || states.isError || states.data?.has(m.equipmentId),
  );
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
      {!markers.length && (runtime.mode === 'design' || !ids.length || states.data || states.isError) && (
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
      <Totals widget={widget} ids={ids} states={states} />
      {showSignals && markers.map((mk) => <LiveLines key={mk.equipmentId} marker={mk} onLines={onLines} />)}
    </div>
  );
}
