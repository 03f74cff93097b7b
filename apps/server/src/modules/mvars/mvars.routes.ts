import type { FastifyInstance } from 'fastify';
import {
  mvarAddSchema,
  mvarDeleteSchema,
  mvarEditSchema,
  mvarQueryAllSchema,
  mvarQuerySchema,
  mvarValidFormulaSchema,
  mvarValidStatisticsSchema,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import { MvarDefinitionCache } from './mvarDefinitionCache';
import { MvarEngine } from './mvarEngine';
import * as repo from './mvars.repo';
import * as mvars from './mvars.service';

/**
 * Intermediate variables (docs/requirements/projects.md §5.4, §9; docs/project-monitor-api.md): the calls,
 * and the engine that recomputes them as values are ingested. Permission and tenant checks are in the service
 * (project_manage; reading also ops_center members).
 */
export function mvarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, monitor } = ctx;
  const definitions = new MvarDefinitionCache((signalIds) => repo.mvarsReading(db, signalIds));
  const deps = { db, cache: monitor.cache, bus: monitor.bus, definitions };
  const engine = new MvarEngine(
    db,
    monitor.cache,
    definitions,
    monitor.bus,
    ctx.log.child({ module: 'mvars' }),
  );
  const stop = monitor.onIngested((_equipmentId, values) => engine.valuesIngested(values));
  app.addHook('onClose', async () => {
    stop();
    engine.close();
  });

  const base = '/lfscada/project/mvar';
  call(app, `${base}/query`, { input: mvarQuerySchema }, ({ input, auth }) =>
    mvars.queryMvars(db, auth, input),
  );
  call(app, `${base}/queryAll`, { input: mvarQueryAllSchema }, ({ input, auth }) =>
    mvars.queryAllMvars(deps, auth, input),
  );
  call(app, `${base}/add`, { input: mvarAddSchema }, ({ input, auth, req }) =>
    mvars.addMvar(deps, auth, input, req.ip),
  );
  call(app, `${base}/edit`, { input: mvarEditSchema }, ({ input, auth, req }) =>
    mvars.editMvar(deps, auth, input, req.ip),
  );
  call(app, `${base}/delete`, { input: mvarDeleteSchema }, ({ input, auth, req }) =>
    mvars.deleteMvar(deps, auth, input.id, req.ip),
  );
  call(app, `${base}/validFormulaVar`, { input: mvarValidFormulaSchema }, ({ input, auth, lang }) =>
    mvars.validFormula(db, auth, input, lang),
  );
  call(
    app,
    '/lfscada/project/report/mvar/validStatistics',
    { input: mvarValidStatisticsSchema },
    ({ input, auth }) => mvars.validStatistics(db, auth, input),
  );
}
