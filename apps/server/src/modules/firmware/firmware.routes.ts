import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { FIRMWARE_MAX_BYTES, formId, pagingSchema } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import * as firmware from './firmware.service';

/** Firmware packages of the back office (platform operators, platform_system). */
export function firmwareRoutes(app: FastifyInstance, { db }: AppContext): void {
  const platform = { perm: 'platform_system' } as const;
  call(
    app,
    '/lfscada/hardware/firmware/query',
    { input: pagingSchema.extend({ series: z.string().trim().max(30).optional() }), access: platform },
    ({ input }) => firmware.listPackages(db, input),
  );
  call(
    app,
    '/lfscada/hardware/firmware/delete',
    { input: z.object({ id: formId }), access: platform },
    ({ input, auth, req }) => firmware.deletePackage(db, auth, input.id, req.ip),
  );
  // multipart only for the upload
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1 } });
    call(
      scope,
      '/lfscada/hardware/firmware/add',
      { access: platform, bodyLimit: FIRMWARE_MAX_BYTES + 64 * 1024 },
      ({ req, auth, lang }) => firmware.addPackage(db, auth, req, lang),
    );
  });
}
