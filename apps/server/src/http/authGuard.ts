import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError, Err, LANG_COOKIE, authCalls, lockCalls, pickLang } from '@fieldhub/shared';
import type { AppContext } from '../appContext';
import { endSession, loadSession, SESSION_COOKIE } from '../modules/auth/sessions';
import type { RouteAccess } from './context';
import { crossSiteRequest } from './sameOrigin';
import { dropUnreadBody } from './uploadLimit';

/** One registered route and what it declared (the route-table test walks these). */
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered on the app with its declared access, in registration order */
    routeTable: RouteEntry[];
    /** CHECK_ANSWERS: contract calls check their answer against the output schema (http/route.ts) */
    checkAnswers: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a locked session overdue for its lock proof may still call: the proof itself, and leaving. */
const LOCK_PROOF_ROUTES = new Set([
  lockCalls.random.path,
  lockCalls.validLockCert.path,
  authCalls.info.path,
  authCalls.logout.path,
]);

const hasBody = (req: FastifyRequest) =>
  Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/**
 * The guard is part of routing (docs/security.md): each route declares `access` (public, or
 * guarded with an optional permission key) and this hook runs on the matched route, before its
 * body is read. A route that declares nothing is refused to everyone, so forgetting the
 * declaration fails closed, and the route-table test names it. No check looks at the raw URL:
 * whatever spelling the router matched (`%6c`, `l%66`, ...), the matched route's guard runs.
 */
export function installAuthGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('auth', null);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorate('checkAnswers', ctx.config.CHECK_ANSWERS);

  // the language of every answer, a 404 included, is known before any route hook runs
  app.addHook('onRequest', async (req) => {
    req.lang = pickLang(req.cookies[LANG_COOKIE], req.headers['accept-language']);
  });

  const allowedOrigins = new Set(ctx.config.ALLOWED_ORIGINS);
  const loadAuth = async (req: FastifyRequest) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) req.auth = await loadSession(ctx.db, ctx.clock, ctx.config.SESSION_IDLE_MINUTES, token);
  };

  const check = async (req: FastifyRequest, access: RouteAccess | undefined) => {
    if (!access) throw new AppError(Err.addressNotFound);
    // a call with a body, sent by a page of another site, never runs with the cookie it carries
    if (!SAFE_METHODS.has(req.method) && crossSiteRequest(req, allowedOrigins))
      throw new AppError(Err.operationNotPermitted);
    if (access.public) {
      if (access.readsSession) await loadAuth(req);
      return;
    }
    await loadAuth(req);
    if (!req.auth) throw new AppError(Err.loginTimeout);
    // the lock is enforced here, not only by the browser's 60 s check (account-security.md §5.4)
    const { lockDueAt } = req.auth;
    if (lockDueAt && lockDueAt <= ctx.clock.now() && !LOCK_PROOF_ROUTES.has(req.routeOptions.url ?? '')) {
      await endSession(ctx.db, req.auth.sessionHash);
      throw new AppError(Err.lockValidationFailed);
    }
    if (access.perm && !req.auth.auths.has(access.perm)) throw new AppError(Err.noAccess);
  };
  const guardFor = (access: RouteAccess | undefined): onRequestHookHandler =>
    async function routeGuard(req) {
      try {
        await check(req, access);
      } catch (err) {
        // refused before its body was read: an upload is not read on for as long as it lasts
        if (hasBody(req)) dropUnreadBody(req);
        throw err;
      }
    };

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.routeTable.push({ method, url: route.url, access });
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    // Fastify derives a HEAD route from each GET with the same hooks: guard it once
    if (existing.some((hook) => hook.name === 'routeGuard')) return;
    route.onRequest = [guardFor(access), ...existing];
  });
}
