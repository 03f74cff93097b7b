import type { FastifyInstance } from 'fastify';
import { templatesCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as templates from './templates.service';

/**
 * Templates of /manage/eg/template (docs/requirements/devices-and-gateways.md §12: queryForManage, query,
 * add, delete, edit, detail).
 */
export function templateRoutes(app: FastifyInstance, { db }: AppContext): void {
  handle(app, templatesCalls.listForManage, ({ input, auth }) => templates.listTemplates(db, auth, input));
  // short list for the device wizard's template choice: readable by device managers too
  handle(app, templatesCalls.list, ({ input, auth }) => templates.listTemplates(db, auth, input));
  handle(app, templatesCalls.detail, ({ input, auth }) => templates.templateDetail(db, auth, input.id));
  handle(app, templatesCalls.add, async ({ input, auth, req }) => ({
    id: await templates.addTemplate(db, auth, input, req.ip),
  }));
  handle(app, templatesCalls.edit, ({ input, auth, req }) =>
    templates.editTemplate(db, auth, input.id, input, req.ip),
  );
  handle(app, templatesCalls.remove, ({ input, auth, req }) =>
    templates.deleteTemplate(db, auth, input.id, req.ip),
  );
}
