import type { FastifyInstance } from 'fastify';
import { marketCalls as calls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as market from './market.service';

/**
 * Symbols of the enterprise and the configuration market's templates
 * (docs/requirements/pages-and-designer.md §12.2–§12.3, back-office.md §6). Every call is guarded:
 * symbols by the caller's enterprise, template writes by `platform_system` (the contract's access).
 */
export function marketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;
  handle(app, calls.symbols, ({ auth }) => market.listSymbols(db, auth));
  handle(app, calls.symbolInfo, ({ input, auth }) => market.symbolInfo(db, auth, input.id));
  handle(app, calls.symbolAdd, ({ input, auth, req }) =>
    market.addSymbol(db, clock, auth, req.ip, req.lang, input),
  );
  handle(app, calls.symbolRemove, async ({ input, auth, req }) => {
    await market.removeSymbol(db, auth, req.ip, input.id);
    return null;
  });
  handle(app, calls.templates, ({ input }) => market.listTemplates(db, input.name));
  handle(app, calls.templateInfo, ({ input }) => market.templateInfo(db, input.id));
  handle(app, calls.templateAdd, ({ input, auth, req }) =>
    market.addTemplate(db, clock, auth, req.ip, req.lang, input),
  );
  handle(app, calls.templateEdit, ({ input, auth, req }) =>
    market.editTemplate(db, clock, auth, req.ip, req.lang, input.id, input),
  );
  handle(app, calls.templateRemove, async ({ input, auth, req }) => {
    await market.removeTemplate(db, auth, req.ip, input.id);
    return null;
  });
}
