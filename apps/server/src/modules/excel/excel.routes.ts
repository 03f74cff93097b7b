import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { excelCalls as calls, formId, SMART_REPORT_TEMPLATE_MAX_BYTES } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle, parseInput } from '../../http/route';
import { readImportUpload } from '../bulk/upload';
import { sendWorkbook } from '../bulk/workbook';
import * as reports from './excel.service';
import * as records from './excelRecords.service';

/**
 * Smart reports (docs/requirements/data-views.md §4, issue 18): /lfscada/excel/*, defined in
 * packages/shared/src/contract/excel.ts. Calls open to excel_manage or smart_report check which
 * in the services; every report and record is looked up within the caller's enterprise.
 */
export function excelRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  handle(app, calls.queryAll, ({ input, auth }) => reports.queryAll(db, auth, input));
  handle(app, calls.reports, ({ auth }) => reports.reports(db, auth));
  handle(app, calls.info, ({ input, auth }) => reports.info(db, auth, input.id));
  handle(app, calls.add, ({ input, auth, req }) => reports.add(db, auth, input, req.ip));
  handle(app, calls.edit, ({ input, auth, req }) => reports.edit(db, clock, auth, input, req.ip));
  handle(app, calls.remove, ({ input, auth, req }) => reports.remove(db, auth, input.id, req.ip));
  handle(app, calls.template, ({ input, auth }) => reports.template(db, auth, input.id));
  handle(app, calls.saveCells, ({ input, auth, req }) =>
    reports.saveCells(db, auth, input.id, input.cells, req.ip),
  );
  handle(app, calls.variables, ({ input, auth }) => reports.variables(db, auth, input.keyword));

  handle(app, calls.records, ({ input, auth }) => records.records(db, auth, input));
  handle(app, calls.generate, ({ input, auth, req }) => records.generate(db, clock, auth, input.id, req.ip));
  handle(app, calls.record, ({ input, auth }) => records.record(db, auth, input.recordId));
  handle(app, calls.fill, ({ input, auth, req }) => records.fill(db, clock, auth, input, req.ip));
  handle(app, calls.read, ({ input, auth }) => records.read(db, auth, input.recordId));
  handle(app, calls.download, async ({ input, auth, reply }) => {
    const file = await records.download(db, auth, input.recordId);
    await sendWorkbook(reply, file.filename, file.content, { noStore: true });
  });

  // multipart only for the template upload: the rest of the API stays JSON
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: SMART_REPORT_TEMPLATE_MAX_BYTES, files: 1 },
    });
    const byId = z.object({ id: formId });
    handle(scope, calls.upload, async ({ req, auth, lang }) => {
      const file = await readImportUpload(req, SMART_REPORT_TEMPLATE_MAX_BYTES);
      const { id } = parseInput(byId, file.fields, lang);
      return reports.upload(db, clock, auth, id, file, req.ip);
    });
  });
}
