import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { formId, REPAIR_ATTACHMENT_MAX_BYTES, repairsCalls as calls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle, parseInput } from '../../http/route';
import { attachmentHeader, sendWorkbook } from '../bulk/workbook';
import * as attachments from './repairAttachments';
import { repairsWorkbook } from './repairExport';
import { busNotifier } from './repairNotices';
import * as repairs from './repairs.service';

/**
 * Repair work orders (docs/requirements/operations.md §2, issue 19): /lfscada/ops/repair/*,
 * defined in packages/shared/src/contract/repairs.ts; who may do what is the service's and the
 * kernel's to say, every order is looked up within the caller's enterprise.
 */
export function repairsRoutes(app: FastifyInstance, { db, clock, monitor }: AppContext): void {
  const deps: repairs.RepairDeps = { db, clock, notifier: busNotifier(monitor.bus) };
  handle(app, calls.create, ({ input, auth, req }) => repairs.create(deps, auth, input, req.ip));
  handle(app, calls.list, ({ input, auth }) => repairs.list(db, auth, input));
  handle(app, calls.info, ({ input, auth }) => repairs.info(db, auth, input.id));
  handle(app, calls.dispatch, async ({ input, auth, req }) => {
    await repairs.dispatch(deps, auth, req.ip, input.id, input.repairerId);
    return null;
  });
  handle(app, calls.accept, async ({ input, auth, req }) => {
    await repairs.accept(deps, auth, req.ip, input.id);
    return null;
  });
  handle(app, calls.finish, async ({ input, auth, req }) => {
    await repairs.finish(deps, auth, req.ip, input);
    return null;
  });
  handle(app, calls.end, async ({ input, auth, req }) => {
    await repairs.end(deps, auth, req.ip, input.id, input.reason);
    return null;
  });
  handle(app, calls.device, ({ input, auth }) => repairs.deviceOrders(db, auth, input));
  handle(app, calls.mine, ({ auth }) => repairs.mine(db, auth));
  handle(app, calls.repairers, ({ auth }) => repairs.repairers(db, auth));
  handle(app, calls.exportXlsx, async ({ input, auth, lang, reply }) => {
    const rows = await repairs.exportRows(db, auth, input);
    const file = await repairsWorkbook(rows, { lang, utcOffsetMin: input.utcOffsetMin, now: clock.now() });
    await sendWorkbook(reply, file.filename, file.body, { noStore: true });
  });
  handle(app, calls.attachment, async ({ input, auth, reply }) => {
    const file = await attachments.download(deps, auth, input.id);
    // stored types only (sniffed on upload); shown inline so a photo opens in the browser
    await reply
      .header('content-type', file.mime)
      .header('content-disposition', attachmentHeader(file.fileName).replace(/^attachment/, 'inline'))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.content);
  });
  handle(app, calls.removeAttachment, async ({ input, auth, req }) => {
    await attachments.remove(deps, auth, input.id, req.ip);
    return null;
  });

  // multipart only for the attachment upload: the rest of the API stays JSON
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: REPAIR_ATTACHMENT_MAX_BYTES, files: 1 },
    });
    const byId = z.object({ id: formId });
    handle(scope, calls.upload, async ({ req, auth, lang }) => {
      const file = await attachments.readAttachmentUpload(req);
      const { id } = parseInput(byId, file.fields, lang);
      return attachments.upload(deps, auth, id, file, req.ip);
    });
  });
}
