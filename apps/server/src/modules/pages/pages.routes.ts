import type { FastifyInstance } from 'fastify';
import { pagesCalls as calls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as pages from './pages.service';

/**
 * Configuration-page storage (docs/requirements/pages-and-designer.md §13 /lfscada/configuration/page/*,
 * issue 7), defined in packages/shared/src/contract/pages.ts. Permission and tenant checks depend on the
 * page's owner and happen in the service (pageOwnerFor).
 */
export function pageRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  handle(app, calls.list, ({ input, auth }) => pages.listPages(db, auth, input));
  handle(app, calls.home, ({ input, auth }) => pages.homePage(db, auth, input));
  handle(app, calls.info, ({ input, auth }) => pages.pageInfo(db, auth, input));
  handle(app, calls.validPassword, ({ input, auth }) => pages.validPagePassword(db, clock, auth, input));
  handle(app, calls.add, ({ input, auth, req }) => pages.addPage(db, auth, input, req.ip));
  handle(app, calls.edit, ({ input, auth, req }) => pages.editPage(db, auth, input, req.ip));
  handle(app, calls.save, ({ input, auth, req, lang }) => pages.savePage(db, auth, input, req.ip, lang));
  handle(app, calls.remove, ({ input, auth, req }) => pages.deletePage(db, auth, input.id, req.ip));
  handle(app, calls.copy, ({ input, auth, req, lang }) => pages.copyPage(db, auth, input.id, req.ip, lang));
  handle(app, calls.saveSeq, ({ input, auth, req }) => pages.savePageOrder(db, auth, input, req.ip));
}
