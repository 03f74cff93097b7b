import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formId, pagingSchema, templateSchema } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import * as templates from './templates.service';

/**
 * Templates of /manage/eg/template (docs/requirements/devices-and-gateways.md §12: queryForManage, query,
 * add, delete, edit, detail).
 */
export function templateRoutes(app: FastifyInstance, { db }: AppContext): void {
  const base = '/lfscada/template';
  const manage = { perm: 'template_manage' } as const;
  const listQuery = pagingSchema.extend({
    name: z.string().trim().max(50).optional(),
    series: z.string().trim().max(50).optional(),
  });
  call(app, `${base}/queryForManage`, { input: listQuery, access: manage }, ({ input, auth }) =>
    templates.listTemplates(db, auth, input),
  );
  // short list for the device wizard's template choice: readable by device managers too
  call(
    app,
    `${base}/query`,
    { input: listQuery.extend({ pageSize: z.coerce.number().int().min(1).max(500).default(500) }) },
    ({ input, auth }) => templates.listTemplates(db, auth, input),
  );
  call(app, `${base}/detail`, { input: z.object({ id: formId }), access: manage }, ({ input, auth }) =>
    templates.templateDetail(db, auth, input.id),
  );
  call(app, `${base}/add`, { input: templateSchema, access: manage }, async ({ input, auth, req }) => ({
    id: await templates.addTemplate(db, auth, input, req.ip),
  }));
  call(
    app,
    `${base}/edit`,
    { input: templateSchema.extend({ id: formId }), access: manage },
    ({ input, auth, req }) => templates.editTemplate(db, auth, input.id, input, req.ip),
  );
  call(app, `${base}/delete`, { input: z.object({ id: formId }), access: manage }, ({ input, auth, req }) =>
    templates.deleteTemplate(db, auth, input.id, req.ip),
  );
}
