import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { equipmentQuerySchema } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call, parseInput } from '../../http/route';
import { ownerInput } from '../config/configOwner';
import { JobRunner, jobStatus } from './bulkJobs';
import { deviceTemplate, exportDevices, startDeviceImport } from './deviceImport';
import { deviceSheet } from './deviceSheet';
import { IMPORT_MAX_BYTES, jsonField, readImportUpload } from './upload';
import { exportVariables, startVariableImport, variableTemplate, type XlsxFile } from './variableImport';
import { variableSheet } from './variableSheet';
import { attachmentHeader, XLSX_TYPE } from './workbook';

const specs = { variables: variableSheet, devices: deviceSheet };

/** Answers the workbook itself rather than the envelope. */
function sendXlsx(reply: FastifyReply, file: XlsxFile) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachmentHeader(file.filename))
    .header('cache-control', 'no-store')
    .send(file.content);
}

/**
 * Bulk work of docs/requirements/devices-and-gateways.md §10 and issue 3 item 4: variables and devices to and
 * from .xlsx, with a downloadable template; imports run as jobs the browser polls for its progress bar.
 */
export function bulkRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  const runner = new JobRunner(db, app.log);
  app.addHook('onClose', () => runner.drain());

  // multipart parsing only for these routes: the rest of the API stays JSON and form bodies
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    const base = '/lfscada/equipment/multi';
    const manage = { perm: 'equipment_manage' } as const;
    const byOwner = z.object({ owner: ownerInput });

    // variables of a device or template (resolveOwner checks equipment_manage or template_manage)
    call(scope, `${base}/variable/exportXlsx`, { input: byOwner }, async ({ input, auth, lang, reply }) =>
      sendXlsx(reply, await exportVariables(db, auth, input.owner, lang)),
    );
    call(
      scope,
      `${base}/variable/templateXlsx`,
      { input: z.object({ owner: ownerInput.optional() }) },
      async ({ input, auth, lang, reply }) =>
        sendXlsx(reply, await variableTemplate(db, auth, input.owner ?? null, lang)),
    );
    call(scope, `${base}/variable/importXlsx`, {}, async ({ req, auth, lang }) => {
      const upload = await readImportUpload(req);
      const { owner } = parseInput(byOwner, { owner: jsonField(upload, 'owner') }, lang);
      return startVariableImport(db, runner, auth, owner, upload.content, req.ip);
    });

    // the device list
    call(
      scope,
      `${base}/exportXlsx`,
      { input: equipmentQuerySchema, access: manage },
      async ({ input, auth, lang, reply }) => sendXlsx(reply, await exportDevices(db, auth, input, lang)),
    );
    call(scope, `${base}/templateXlsx`, { access: manage }, async ({ lang, reply }) =>
      sendXlsx(reply, await deviceTemplate(lang)),
    );
    call(scope, `${base}/importXlsx`, { access: manage }, async ({ req, auth }) => {
      const upload = await readImportUpload(req);
      return startDeviceImport(db, clock, runner, auth, upload.content, req.ip);
    });

    // progress and outcome of an import
    call(
      scope,
      '/lfscada/bulk/job',
      { input: z.object({ jobId: z.string().trim().uuid() }) },
      ({ input, auth, lang }) => jobStatus(db, auth, input.jobId, lang, specs),
    );
  });
}
