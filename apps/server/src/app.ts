import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from './appContext';
import { installAuthGuard } from './http/authGuard';
import { installErrorHandler } from './http/errorHandler';
import { installFormBody } from './http/formBody';
import { installSecurityHeaders } from './http/securityHeaders';
import { installStaticWeb } from './http/staticWeb';
import { authRoutes } from './modules/auth/auth.routes';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { orgRoutes } from './modules/org/org.routes';
import { operationLogRoutes } from './modules/oplog/oplog.routes';
import { userRoutes } from './modules/user/user.routes';
import { deviceRoutes } from './modules/devices/devices.routes';
import { configRoutes } from './modules/config/config.routes';
import { gatewayRoutes } from './modules/gateways/gateways.routes';
import { groupRoutes } from './modules/groups/groups.routes';
import { templateRoutes } from './modules/templates/templates.routes';
import { linkRoutes } from './link/link.routes';
import { firmwareRoutes } from './modules/firmware/firmware.routes';
import { bulkRoutes } from './modules/bulk/bulk.routes';
import { alarmRoutes } from './monitor/alarms/alarms.routes';
import { monitorRoutes } from './monitor/monitor.routes';
import { messageRoutes } from './messages/messages.routes';
import { summaryRoutes } from './modules/summary/summary.routes';
import { opsCenterRoutes } from './modules/opscenter/opscenter.routes';
import { pageRoutes } from './modules/pages/pages.routes';
import { mvarRoutes } from './modules/mvars/mvars.routes';
import { projectMonitorRoutes } from './monitor/project/projectMonitor.routes';
import { projectRoutes } from './modules/projects/projects.routes';
import { excelRoutes } from './modules/excel/excel.routes';
import { repairsRoutes } from './modules/repairs/repairs.routes';
import { securityRoutes } from './modules/security/security.routes';
import { inspectionRoutes } from './modules/inspections/inspections.routes';
import { mapRoutes } from './modules/map/map.routes';
import { weatherRoutes } from './modules/weather/weather.routes';
import { materialsRoutes } from './modules/materials/materials.routes';
import { marketRoutes } from './modules/market/market.routes';
import { dataCenterRoutes } from './modules/datacenter/dataCenter.routes';
import { enrollRoutes } from './modules/enroll/enroll.routes';
import { lockRoutes } from './modules/lock/lock.routes';
import { licenseRoutes } from './modules/license/license.routes';
import { openApiRoute } from './http/openapi';
import serverPackage from '../package.json' with { type: 'json' };
import type { RealtimeHubOptions } from './realtime/realtimeHub';

export interface BuildOptions {
  /** serve the built web app (off in API tests) */
  serveWeb?: boolean;
  /** where log lines go (stdout when absent): createPlatform makes the root logger with it */
  logStream?: NodeJS.WritableStream;
  /** pacing and limits of the live sockets (tests shorten the idle interval) */
  live?: RealtimeHubOptions;
}

/** The HTTP application: every route of every module on one Fastify instance. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  // as Fastify's base logger type: an app typed by pino's full Logger would not fit the routes' FastifyInstance
  const loggerInstance: FastifyBaseLogger = ctx.log;
  const app = Fastify({
    loggerInstance,
    // forwarded headers only from the proxies named in TRUST_PROXY; nobody else sets its own IP
    trustProxy: ctx.config.TRUST_PROXY.length ? ctx.config.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  await app.register(fastifyCookie);
  installFormBody(app);
  installErrorHandler(app);
  installSecurityHeaders(app);
  installAuthGuard(app, ctx);

  openApiRoute(app, serverPackage.version);
  authRoutes(app, ctx);
  userRoutes(app, ctx);
  operationLogRoutes(app, ctx);
  orgRoutes(app, ctx);
  accountRoutes(app, ctx);
  deviceRoutes(app, ctx);
  configRoutes(app, ctx);
  gatewayRoutes(app, ctx);
  groupRoutes(app, ctx);
  templateRoutes(app, ctx);
  linkRoutes(app, ctx);
  firmwareRoutes(app, ctx);
  bulkRoutes(app, ctx);
  alarmRoutes(app, ctx);
  pageRoutes(app, ctx);
  mvarRoutes(app, ctx);
  projectRoutes(app, ctx);
  excelRoutes(app, ctx);
  repairsRoutes(app, ctx);
  securityRoutes(app, ctx);
  inspectionRoutes(app, ctx);
  mapRoutes(app, ctx);
  weatherRoutes(app, ctx);
  materialsRoutes(app, ctx);
  marketRoutes(app, ctx);
  dataCenterRoutes(app, ctx);
  enrollRoutes(app, ctx);
  lockRoutes(app, ctx);
  licenseRoutes(app, ctx);
  await monitorRoutes(app, ctx);
  projectMonitorRoutes(app, ctx); // after monitorRoutes: uses its websocket plugin
  messageRoutes(app, ctx); // after monitorRoutes: uses its websocket plugin
  summaryRoutes(app, ctx);
  opsCenterRoutes(app, ctx);

  if (options.serveWeb !== false) await installStaticWeb(app, ctx.config.webDist);
  return app;
}
