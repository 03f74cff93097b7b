import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { FIRMWARE_MAX_BYTES, firmwareCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as firmware from './firmware.service';

/** Firmware packages of the back office (platform operators, platform_system). */
export function firmwareRoutes(app: FastifyInstance, { db }: AppContext): void {
  handle(app, firmwareCalls.query, ({ input }) => firmware.listPackages(db, input));
  handle(app, firmwareCalls.remove, ({ input, auth, req }) =>
    firmware.deletePackage(db, auth, input.id, req.ip),
  );
  // multipart only for the upload
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1 } });
    handle(scope, firmwareCalls.add, ({ req, auth, lang }) => firmware.addPackage(db, auth, req, lang));
  });
}
