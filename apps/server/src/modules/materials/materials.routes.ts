import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  MATERIAL_MAX_BYTES,
  MATERIALS_PER_UPLOAD,
  USERIMG_PATH,
  materialsCalls as calls,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as materials from './materials.service';

/**
 * The material library's calls and `/userimg/<key>` (docs/requirements/pages-and-designer.md §12.1). Images are
 * answered to the enterprise's logged-in accounts only, with a policy that lets an SVG run nothing.
 */
export function materialsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;
  handle(app, calls.list, ({ input, auth }) => materials.listMaterials(db, auth, input.name));
  handle(app, calls.remove, async ({ input, auth, req }) => {
    await materials.removeMaterial(db, auth, req.ip, input.id);
    return null;
  });
  app.get<{ Params: { key: string } }>(
    `${USERIMG_PATH}/:key`,
    { config: { access: { public: false } } },
    async (req, reply) => {
      const file = await materials.materialFile(db, req.auth!, req.params.key);
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
        )
        .send(file.content);
    },
  );
  // multipart only for the upload: the rest of the API stays JSON
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MATERIAL_MAX_BYTES, files: MATERIALS_PER_UPLOAD },
    });
    handle(scope, calls.upload, async ({ req, auth }) => {
      if (!materials.mayDesign(auth)) return materials.uploadMaterials(db, clock, auth, req.ip, []);
      const files = await materials.readMaterialFiles(req);
      return materials.uploadMaterials(db, clock, auth, req.ip, files);
    });
  });
}
