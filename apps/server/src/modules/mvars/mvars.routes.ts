import type { FastifyInstance } from 'fastify';
import { mvarsCalls as calls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as mvars from './mvars.service';

/**
 * Intermediate variables (docs/requirements/projects.md §5.4, §9; docs/project-monitor-api.md): the calls
 * of packages/shared/src/contract/mvars.ts (the engine that recomputes them as values are ingested starts
 * with the platform: server.ts).
 * Permission and tenant checks are in the service (project_manage; reading also ops_center members).
 */
export function mvarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, monitor } = ctx;
  const deps = { db, cache: monitor.cache, bus: monitor.bus, definitions: ctx.mvarDefinitions };

  handle(app, calls.query, ({ input, auth }) => mvars.queryMvars(db, auth, input));
  handle(app, calls.queryAll, ({ input, auth }) => mvars.queryAllMvars(deps, auth, input));
  handle(app, calls.add, ({ input, auth, req }) => mvars.addMvar(deps, auth, input, req.ip));
  handle(app, calls.edit, ({ input, auth, req }) => mvars.editMvar(deps, auth, input, req.ip));
  handle(app, calls.remove, ({ input, auth, req }) => mvars.deleteMvar(deps, auth, input.id, req.ip));
  handle(app, calls.validFormula, ({ input, auth, lang }) => mvars.validFormula(db, auth, input, lang));
  handle(app, calls.validStatistics, ({ input, auth }) => mvars.validStatistics(db, auth, input));
}
