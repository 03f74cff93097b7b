import { stat } from 'node:fs/promises';
import path from 'node:path';
import { MAP_TILE_PATH, type MapSettings } from '@fieldhub/shared';
import type { Config } from '../../config';

/** The kinds of tile file an offline directory may hold, in the order they are looked for. */
const TILE_TYPES = [
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.webp', 'image/webp'],
] as const;

/** The map's tile source as the web app needs it (docs/requirements/data-views.md §5.2). */
export function mapSettings(config: Config): MapSettings {
  const tileUrl = config.MAP_TILE_DIR ? `${MAP_TILE_PATH}/{z}/{x}/{y}` : (config.MAP_TILE_URL ?? null);
  return { tileUrl, attribution: config.MAP_TILE_ATTRIBUTION, maxZoom: config.MAP_TILE_MAX_ZOOM };
}

/** A tile address: zoom 0–22, x and y whole numbers within the zoom's grid. */
export function tileAddress(z: string, x: string, y: string): { z: number; x: number; y: number } | null {
  if (![z, x, y].every((part) => /^\d{1,8}$/.test(part))) return null;
  const [zn, xn, yn] = [Number(z), Number(x), Number(y)];
  const size = 2 ** zn;
  if (zn > 22 || xn >= size || yn >= size) return null;
  return { z: zn, x: xn, y: yn };
}

/**
 * The file of tile z/x/y under `root`, or null when the directory has none. The path is built
 * from whole numbers only and checked to lie inside `root`, so no request reaches outside it.
 */
export async function tileFile(
  root: string,
  tile: { z: number; x: number; y: number },
): Promise<{ file: string; type: string } | null> {
  const base = path.resolve(root);
  for (const [ext, type] of TILE_TYPES) {
    const file = path.resolve(base, String(tile.z), String(tile.x), `${tile.y}${ext}`);
    if (!file.startsWith(base + path.sep)) return null;
    const found = await stat(file).catch(() => null);
    if (found?.isFile()) return { file, type };
  }
  return null;
}
