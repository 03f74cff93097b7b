import type { FastifyInstance, FastifyReply } from 'fastify';
import { authCalls, CAPTCHA_VALID_MINUTES } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { CAPTCHA_COOKIE, issueCaptcha } from './captcha';
import { captchaRequired, login, logout } from './login.service';
import { SESSION_COOKIE } from './sessions';
import { userInfoOf } from './userInfo';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, loginKeys, config } = ctx;
  const setCookie = (reply: FastifyReply, name: string, value: string, maxAgeSeconds?: number) =>
    reply.setCookie(name, value, {
      path: '/',
      httpOnly: true,
      sameSite: config.COOKIE_SAMESITE,
      secure: config.COOKIE_SECURE,
      ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
    });

  handle(app, authCalls.publicKey, async () => ({ publicKey: loginKeys.publicPem }));

  // Fields arrive RSA-OAEP encrypted (URL-safe base64); an optional plain loginname asks whether a code is due.
  handle(app, authCalls.showVcode, async ({ input, reply }) => {
    const loginname = input.loginname ? decryptOrPlain(input.loginname) : '';
    const captcha = await issueCaptcha(db, clock);
    setCookie(reply, CAPTCHA_COOKIE, captcha.id, CAPTCHA_VALID_MINUTES * 60);
    return {
      required: await captchaRequired(db, clock, loginname),
      image: `data:image/svg+xml;base64,${Buffer.from(captcha.svg).toString('base64')}`,
      validMinutes: CAPTCHA_VALID_MINUTES,
    };
  });

  handle(app, authCalls.login, async ({ input, req, reply }) => {
    const { token, accountId } = await login(db, clock, config.SESSION_IDLE_MINUTES, {
      loginname: loginKeys.decrypt(input.loginname),
      password: loginKeys.decrypt(input.password),
      vcode: input.vcode,
      captchaId: req.cookies[CAPTCHA_COOKIE],
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
    });
    setCookie(reply, SESSION_COOKIE, token);
    reply.clearCookie(CAPTCHA_COOKIE, { path: '/' });
    return userInfoOf(db, accountId);
  });

  handle(app, authCalls.info, ({ auth }) => userInfoOf(db, auth.accountId));

  handle(app, authCalls.logout, async ({ auth, req, reply }) => {
    await logout(db, auth, req.ip);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  });

  function decryptOrPlain(value: string): string {
    try {
      return loginKeys.decrypt(value);
    } catch {
      return value;
    }
  }
}
