import type { FastifyInstance } from 'fastify';
import {
  PAGE_DOCUMENT_MAX_BYTES,
  PAGE_THUMBNAIL_MAX,
  pageAddSchema,
  pageEditSchema,
  pageIdSchema,
  pageInfoInputSchema,
  pagePasswordSchema,
  pageQueryHomeSchema,
  pageQuerySchema,
  pageSaveSchema,
  pageSeqSaveSchema,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import * as pages from './pages.service';

// room for a document at the size limit plus its thumbnail; a larger body answers 10008
const SAVE_BODY_LIMIT = PAGE_DOCUMENT_MAX_BYTES + PAGE_THUMBNAIL_MAX + 64 * 1024;

/**
 * Configuration-page storage (docs/requirements/pages-and-designer.md §13 /lfscada/configuration/page/*,
 * issue 7). Permission and tenant checks depend on the page's owner and happen in the service (pageOwnerFor).
 */
export function pageRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  const base = '/lfscada/configuration/page';
  call(app, `${base}/query`, { input: pageQuerySchema }, ({ input, auth }) =>
    pages.listPages(db, auth, input),
  );
  call(app, `${base}/queryHome`, { input: pageQueryHomeSchema }, ({ input, auth }) =>
    pages.homePage(db, auth, input),
  );
  call(app, `${base}/info`, { input: pageInfoInputSchema }, ({ input, auth }) =>
    pages.pageInfo(db, auth, input),
  );
  call(app, `${base}/validPassword`, { input: pagePasswordSchema }, ({ input, auth }) =>
    pages.validPagePassword(db, clock, auth, input),
  );
  call(app, `${base}/add`, { input: pageAddSchema }, ({ input, auth, req }) =>
    pages.addPage(db, auth, input, req.ip),
  );
  call(app, `${base}/edit`, { input: pageEditSchema }, ({ input, auth, req }) =>
    pages.editPage(db, auth, input, req.ip),
  );
  call(
    app,
    `${base}/save`,
    { input: pageSaveSchema, bodyLimit: SAVE_BODY_LIMIT },
    ({ input, auth, req, lang }) => pages.savePage(db, auth, input, req.ip, lang),
  );
  call(app, `${base}/delete`, { input: pageIdSchema }, ({ input, auth, req }) =>
    pages.deletePage(db, auth, input.id, req.ip),
  );
  call(app, `${base}/copy`, { input: pageIdSchema }, ({ input, auth, req, lang }) =>
    pages.copyPage(db, auth, input.id, req.ip, lang),
  );
  call(app, `${base}/seq/save`, { input: pageSeqSaveSchema }, ({ input, auth, req }) =>
    pages.savePageOrder(db, auth, input, req.ip),
  );
}
