import L from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land from 'world-atlas/land-110m.json';

/**
 * The bundled world outline (Natural Earth land at 1:110m, about 55 KB): drawn in its own pane under
 * the tiles, so the map shows where devices are even without a network or a tile source
 * (docs/requirements/data-views.md §5.2).
 */
export const WORLD_PANE = 'fieldhub-world';

export function addWorldLayer(map: L.Map): L.GeoJSON {
  const pane = map.createPane(WORLD_PANE);
  // under the tile pane (200), above the map's background
  pane.style.zIndex = '150';
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  const shapes = feature(topology, topology.objects.land);
  return L.geoJSON(shapes, {
    pane: WORLD_PANE,
    interactive: false,
    style: { color: '#9aa5b1', weight: 0.8, fillColor: '#eef1f4', fillOpacity: 1 },
  }).addTo(map);
}
