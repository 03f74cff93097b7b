import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AppError, Err, MAP_TILE_PATH, mapCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { mapSettings, tileAddress, tileFile } from './mapTiles';
import { queryTrack } from './track.service';

/**
 * The map's calls (docs/requirements/data-views.md §5): its tile settings, a device's track, and,
 * when MAP_TILE_DIR is set, the offline tiles for accounts with map_view.
 */
export function mapRoutes(app: FastifyInstance, ctx: AppContext): void {
  handle(app, mapCalls.settings, async () => mapSettings(ctx.config));
  handle(app, mapCalls.track, ({ input, auth }) => queryTrack(ctx.db, auth, input));

  const root = ctx.config.MAP_TILE_DIR;
  if (!root) return;
  app.get<{ Params: { z: string; x: string; y: string } }>(
    `${MAP_TILE_PATH}/:z/:x/:y`,
    { config: { access: { public: false, perm: 'map_view' } } },
    async (req, reply) => {
      const tile = tileAddress(req.params.z, req.params.x, req.params.y);
      if (!tile) throw new AppError(Err.parameterCheckFailed, { params: { detail: 'z/x/y' } });
      const found = await tileFile(root, tile);
      if (!found) return reply.callNotFound();
      return reply
        .header('content-type', found.type)
        .header('cache-control', 'private, max-age=86400')
        .send(createReadStream(found.file));
    },
  );
}
