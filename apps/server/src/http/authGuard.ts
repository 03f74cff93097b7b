import type { FastifyInstance } from 'fastify';
import { AppError, Err, LANG_COOKIE, pickLang } from '@fieldhub/shared';
import type { AppContext } from '../appContext';
import { loadSession, SESSION_COOKIE } from '../modules/auth/sessions';

/**
 * Every API call is denied unless its route says `public`; the session is loaded from the cookie
 * and the route's permission key checked against the caller's auths, on the server, each time.
 */
export function installAuthGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (req) => {
    req.lang = pickLang(req.cookies[LANG_COOKIE], req.headers['accept-language']);
  });

  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/lfscada/')) return;
    const access = req.routeOptions.config.access;
    const token = req.cookies[SESSION_COOKIE];
    if (token) req.auth = await loadSession(ctx.db, ctx.clock, ctx.config.SESSION_IDLE_MINUTES, token);
    if (access?.public) return;
    if (!req.auth) throw new AppError(Err.loginTimeout);
    if (access?.perm && !req.auth.auths.has(access.perm)) throw new AppError(Err.noAccess);
  });
}
