import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { bulkCalls, configOwnerInput } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle, parseInput } from '../../http/route';
import { JobRunner, jobStatus } from './bulkJobs';
import { deviceTemplate, exportDevices, startDeviceImport } from './deviceImport';
import { deviceSheet } from './deviceSheet';
import { IMPORT_MAX_BYTES, jsonField, readImportUpload } from './upload';
import { exportVariables, startVariableImport, variableTemplate, type XlsxFile } from './variableImport';
import { variableSheet } from './variableSheet';
import { sendWorkbook } from './workbook';

const specs = { variables: variableSheet, devices: deviceSheet };

/** Answers the workbook itself rather than the envelope; resolves once it is sent. */
const sendXlsx = (reply: FastifyReply, file: XlsxFile) =>
  sendWorkbook(reply, file.filename, file.content, { noStore: true });

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
    const byOwner = z.object({ owner: configOwnerInput });

    // variables of a device or template (resolveOwner checks equipment_manage or template_manage)
    handle(scope, bulkCalls.variableExport, async ({ input, auth, lang, reply }) =>
      sendXlsx(reply, await exportVariables(db, auth, input.owner, lang)),
    );
    handle(scope, bulkCalls.variableTemplate, async ({ input, auth, lang, reply }) =>
      sendXlsx(reply, await variableTemplate(db, auth, input.owner ?? null, lang)),
    );
    handle(scope, bulkCalls.variableImport, async ({ req, auth, lang }) => {
      const upload = await readImportUpload(req);
      const { owner } = parseInput(byOwner, { owner: jsonField(upload, 'owner') }, lang);
      return startVariableImport(db, runner, auth, owner, upload.content, req.ip);
    });

    // the device list
    handle(scope, bulkCalls.deviceExport, async ({ input, auth, lang, reply }) =>
      sendXlsx(reply, await exportDevices(db, auth, input, lang)),
    );
    handle(scope, bulkCalls.deviceTemplate, async ({ lang, reply }) =>
      sendXlsx(reply, await deviceTemplate(lang)),
    );
    handle(scope, bulkCalls.deviceImport, async ({ req, auth }) => {
      const upload = await readImportUpload(req);
      return startDeviceImport(db, clock, runner, auth, upload.content, req.ip);
    });

    // progress and outcome of an import
    handle(scope, bulkCalls.job, ({ input, auth, lang }) => jobStatus(db, auth, input.jobId, lang, specs));
  });
}
