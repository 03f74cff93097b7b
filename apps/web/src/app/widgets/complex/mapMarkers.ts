/**
 * Markers of the map widget (ComplexMap): the equipment entries that carry a position, and the
 * view that shows them. Pure, so placement is tested without Leaflet.
 */
import { signalRefSchema, type SignalRef } from '@fieldhub/hmi';
import { num, obj, str } from '../styleOf';

/** One equipment on the map. */
export interface MapMarker {
  equipmentId: string;
  title: string;
  lat: number;
  lng: number;
  /** signals shown under the title (config.signalArray) */
  signals: SignalRef[];
}

export interface MapView {
  center: [number, number];
  zoom: number;
  /** fit these bounds instead of center/zoom ([[south, west], [north, east]]) */
  bounds?: [[number, number], [number, number]];
}

const inRange = (lat: number, lng: number) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** The equipment entries with a valid latitude and longitude (others are not placed). */
export function markersOf(equipments: unknown): MapMarker[] {
  if (!Array.isArray(equipments)) return [];
  const out: MapMarker[] = [];
  for (const raw of equipments.map(obj)) {
    const lat = Number(raw['lat'] ?? raw['latitude']);
    const lng = Number(raw['lng'] ?? raw['longitude']);
    if (
      raw['lat'] === '' ||
      raw['lng'] === '' ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      !inRange(lat, lng)
    )
      continue;
    const config = obj(raw['config']);
    const signals = Array.isArray(config['signalArray'])
      ? config['signalArray'].map((s) => signalRefSchema.parse(s))
      : [];
    out.push({
      equipmentId: String(raw['equipmentId'] ?? ''),
      title: str(raw['title'], ''),
      lat,
      lng,
      signals,
    });
  }
  return out;
}

/**
 * Where the map looks: the configured centre when `center.enable` (docs/requirements/widgets.md §4.5, map
 * style), else the bounds of the markers (one marker: centred on it at the configured zoom), else the
 * configured centre.
 */
export function viewOf(style: Record<string, unknown>, markers: readonly MapMarker[]): MapView {
  const c = obj(style['center']);
  const zoom = Math.min(18, Math.max(1, num(c['zoom'], 12)));
  const center: [number, number] = [num(c['latitude'], 39.9042), num(c['longitude'], 116.4074)];
  if (c['enable'] === true || markers.length === 0) return { center, zoom };
  if (markers.length === 1) return { center: [markers[0]!.lat, markers[0]!.lng], zoom };
  const lats = markers.map((m) => m.lat);
  const lngs = markers.map((m) => m.lng);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  return {
    center: [(south + north) / 2, (west + east) / 2],
    zoom,
    bounds: [
      [south, west],
      [north, east],
    ],
  };
}

/** A tile URL the map may load: http(s) with {z}, {x} and {y}; anything else means offline. */
export function usableTileUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  return /^https?:\/\//i.test(u) && u.includes('{z}') && u.includes('{x}') && u.includes('{y}') ? u : null;
}

/** The device counts of a map (docs/requirements/widgets.md §4.5: totals and the share online). */
export interface MapTotals {
  total: number;
  online: number;
  offline: number;
  /** online / total in whole per cent, 0 without devices */
  onlineShare: number;
}

/**
 * Totals of the listed devices whose state is known (`states` holds the devices the viewer may
 * see: its gateway state, null without a gateway). Online means the gateway is online; asleep,
 * offline or without a gateway counts as offline. A device listed twice counts once.
 */
export function mapTotals(
  equipmentIds: readonly string[],
  states: ReadonlyMap<string, string | null>,
): MapTotals {
  const known = [...new Set(equipmentIds)].filter((id) => states.has(id));
  const online = known.filter((id) => states.get(id) === 'online').length;
  const total = known.length;
  return {
    total,
    online,
    offline: total - online,
    onlineShare: total ? Math.round((online / total) * 100) : 0,
  };
}

/** The equipment ids a map lists (with or without a position). */
export function mapEquipmentIds(equipments: unknown): string[] {
  if (!Array.isArray(equipments)) return [];
  return equipments.map((e) => String(obj(e)['equipmentId'] ?? '')).filter(Boolean);
}
