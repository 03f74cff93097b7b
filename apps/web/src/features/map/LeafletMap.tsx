import { useEffect, useRef } from 'react';
import L from 'leaflet';
// the plugin extends the global L that leaflet sets, so it loads after it
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import type { MapSettings, MonitorDeviceCard, TrackPoint } from '@fieldhub/shared';
import { addWorldLayer } from './worldLayer';
import { clusterIcon, deviceIcon, devicePopup, type PopupTexts } from './mapMarkers';

export interface LeafletMapProps {
  devices: readonly MonitorDeviceCard[];
  settings: MapSettings | undefined;
  popupTexts: (d: MonitorDeviceCard) => PopupTexts;
  detailHref: (d: MonitorDeviceCard) => string;
  onOpen: (d: MonitorDeviceCard) => void;
  onTrack: (d: MonitorDeviceCard) => void;
  /** the track shown, oldest first; null: none */
  track: readonly TrackPoint[] | null;
  /** where the playback stands: its position and how many points it passed */
  playhead: { position: { lng: number; lat: number } | null; passed: number };
}

/** The device each marker stands for, for its cluster's colour. */
const deviceOf = new WeakMap<L.Marker, MonitorDeviceCard>();

const toLatLng = (p: { lng: number; lat: number }): L.LatLngTuple => [p.lat, p.lng];

/**
 * The Leaflet map of docs/requirements/data-views.md §5: the bundled world outline under the
 * configured tiles, the devices as clustered markers in their state colour with a popup each, and
 * the track being played (the whole line, the part travelled, the moving marker).
 */
export function LeafletMap(props: LeafletMapProps) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const cluster = useRef<L.MarkerClusterGroup | null>(null);
  const trackLayer = useRef<L.LayerGroup | null>(null);
  const travelled = useRef<L.Polyline | null>(null);
  const mover = useRef<L.CircleMarker | null>(null);
  const fittedTo = useRef('');
  // the popup's actions call the latest handlers without rebuilding the markers
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => {
    if (!el.current) return;
    // the clusters need a highest zoom before any tile layer gives one
    const m = L.map(el.current, { worldCopyJump: true, minZoom: 2, maxZoom: 18 }).setView([30, 110], 3);
    addWorldLayer(m);
    cluster.current = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 50,
      iconCreateFunction: (c) =>
        clusterIcon(c.getAllChildMarkers().flatMap((marker) => deviceOf.get(marker) ?? [])),
    }).addTo(m);
    trackLayer.current = L.layerGroup().addTo(m);
    map.current = m;
    const observer = new ResizeObserver(() => m.invalidateSize());
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      m.remove();
      map.current = null;
    };
  }, []);

  const { settings } = props;
  useEffect(() => {
    const m = map.current;
    if (!m || !settings?.tileUrl) return;
    const tiles = L.tileLayer(settings.tileUrl, {
      maxZoom: settings.maxZoom,
      attribution: settings.attribution.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
    }).addTo(m);
    m.setMaxZoom(settings.maxZoom);
    return () => {
      tiles.remove();
    };
  }, [settings]);

  const { devices } = props;
  useEffect(() => {
    const m = map.current;
    const group = cluster.current;
    if (!m || !group) return;
    group.clearLayers();
    const markers = devices.map((d) => {
      const marker = L.marker([d.lat!, d.lng!], { icon: deviceIcon(d), title: d.name });
      deviceOf.set(marker, d);
      marker.bindPopup(() => {
        const h = handlers.current;
        return devicePopup(d, h.popupTexts(d), h.detailHref(d), {
          open: () => h.onOpen(d),
          track: () => {
            m.closePopup();
            h.onTrack(d);
          },
        });
      });
      return marker;
    });
    group.addLayers(markers);
    // frame the devices when the set shown changes, not on every refresh of their states
    const ids = devices.map((d) => d.id).join(',');
    if (ids && ids !== fittedTo.current) {
      m.fitBounds(L.latLngBounds(devices.map((d) => [d.lat!, d.lng!] as L.LatLngTuple)).pad(0.3), {
        maxZoom: 12,
      });
    }
    fittedTo.current = ids;
  }, [devices]);

  const { track } = props;
  useEffect(() => {
    const m = map.current;
    const layer = trackLayer.current;
    if (!m || !layer) return;
    layer.clearLayers();
    travelled.current = null;
    mover.current = null;
    if (!track?.length) return;
    const line = track.map(toLatLng);
    L.polyline(line, { color: '#8c8c8c', weight: 3, dashArray: '6 6' }).addTo(layer);
    travelled.current = L.polyline([], { color: '#1677ff', weight: 4 }).addTo(layer);
    mover.current = L.circleMarker(line[0]!, {
      radius: 8,
      color: '#ffffff',
      weight: 3,
      fillColor: '#1677ff',
      fillOpacity: 1,
      className: 'fh-track-mover',
    }).addTo(layer);
    // clear of the track panel over the map's right side
    m.fitBounds(L.latLngBounds(line).pad(0.2), { maxZoom: 14, paddingBottomRight: [380, 0] });
  }, [track]);

  const { position, passed } = props.playhead;
  useEffect(() => {
    if (!track?.length || !position) return;
    mover.current?.setLatLng(toLatLng(position));
    travelled.current?.setLatLngs([...track.slice(0, passed).map(toLatLng), toLatLng(position)]);
  }, [track, position, passed]);

  return (
    <div
      ref={el}
      data-testid="map-canvas"
      style={{ position: 'absolute', inset: 0, background: '#cfe3f3' }}
    />
  );
}
