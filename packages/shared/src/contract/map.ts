import { z } from 'zod';
import { formId } from '../validation/form';
import { timeInput } from '../live/monitorCalls';
import { defineCalls } from './define';

/**
 * Tiles of the offline tile directory (MAP_TILE_DIR) are served under this prefix as
 * `{z}/{x}/{y}` (the file `{y}.png`, `.jpg`, `.jpeg` or `.webp` of the directory).
 */
export const MAP_TILE_PATH = '/lfscada/map/tiles';

/** A track answers at most this many points (the oldest of the range first). */
export const TRACK_POINTS_MAX = 10_000;

/** /lfscada/map/track/query: the positions of the device's gateway in a range (30 days at most). */
export const trackQuerySchema = z.object({
  equipmentId: formId,
  startTime: timeInput,
  endTime: timeInput,
});
export type TrackQuery = z.input<typeof trackQuerySchema>;

export const trackPointSchema = z.object({
  /** when the gateway reported the position, ms since the epoch */
  ts: z.number(),
  lng: z.number(),
  lat: z.number(),
});
export type TrackPoint = z.infer<typeof trackPointSchema>;

export const trackSchema = z.object({
  equipmentId: z.number(),
  /** oldest first */
  points: z.array(trackPointSchema),
  /** more than TRACK_POINTS_MAX points lay in the range: only the oldest were answered */
  truncated: z.boolean(),
});
export type Track = z.infer<typeof trackSchema>;

/** Where the map's tiles come from (server settings MAP_TILE_URL / MAP_TILE_DIR). */
export const mapSettingsSchema = z.object({
  /**
   * a Leaflet URL template (`{z}`, `{x}`, `{y}`, `{s}`); null: no tiles, the bundled world layer only
   */
  tileUrl: z.string().nullable(),
  /** the tile source's attribution as plain text ('' for none) */
  attribution: z.string(),
  /** highest zoom level the tiles exist for */
  maxZoom: z.number().int(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;

const access = { perm: 'map_view' } as const;

/**
 * The map and track playback of docs/requirements/data-views.md §5 (the devices with a position are
 * `monitorCalls.mapCards`). A device of another enterprise answers 1101.
 */
export const mapCalls = defineCalls('map', {
  settings: {
    path: '/lfscada/map/settings',
    output: mapSettingsSchema,
    access,
    summary: "The map's tile source: a URL template or the server's offline tiles, or none",
  },
  track: {
    path: '/lfscada/map/track/query',
    input: trackQuerySchema,
    output: trackSchema,
    access,
    summary: "The positions the device's gateway reported in a range (30 days at most), oldest first",
  },
});
