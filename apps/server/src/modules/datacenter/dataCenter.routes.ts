import type { FastifyInstance } from 'fastify';
import { dataCenterCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { sendWorkbook } from '../bulk/workbook';
import * as dataCenter from './dataCenter.service';
import { ExportRunner, exportFile, exportStatus, startExport } from './dataCenterExport';

/**
 * The data center of docs/requirements/data-views.md §3 (permission data_center; 2615 while the
 * enterprise has it off). Calls are defined in packages/shared/src/contract/dataCenter.ts.
 */
export function dataCenterRoutes(app: FastifyInstance, { db }: AppContext): void {
  const runner = new ExportRunner(db, app.log);
  app.addHook('onClose', () => runner.drain());

  handle(app, dataCenterCalls.tree, ({ auth }) => dataCenter.dataCenterTree(db, auth));
  handle(app, dataCenterCalls.query, ({ input, auth }) => dataCenter.queryValues(db, auth, input));
  handle(app, dataCenterCalls.chart, ({ input, auth }) => dataCenter.queryChart(db, auth, input));

  handle(app, dataCenterCalls.savedList, ({ auth }) => dataCenter.listSaved(db, auth));
  handle(app, dataCenterCalls.savedAdd, async ({ input, auth }) => ({
    id: await dataCenter.addSaved(db, auth, input),
  }));
  handle(app, dataCenterCalls.savedRename, ({ input, auth }) =>
    dataCenter.renameSaved(db, auth, input.id, input.name),
  );
  handle(app, dataCenterCalls.savedDelete, ({ input, auth }) => dataCenter.deleteSaved(db, auth, input.id));

  handle(app, dataCenterCalls.exportStart, ({ input, auth, lang }) =>
    startExport(db, runner, auth, input, lang),
  );
  handle(app, dataCenterCalls.exportJob, ({ input, auth, lang }) =>
    exportStatus(db, auth, input.jobId, lang),
  );
  handle(app, dataCenterCalls.exportDownload, async ({ input, auth, reply }) => {
    const file = await exportFile(db, auth, input.jobId);
    await sendWorkbook(reply, file.filename, file.stream, { noStore: true });
  });
}
