import { z } from 'zod';
import { userInfoSchema } from '../auth/account';
import { defineCalls, noData } from './define';

/** The login form's fields, each RSA-OAEP encrypted with the public key (URL-safe base64). */
export const encryptLoginSchema = z.object({
  loginname: z.string().max(2000),
  password: z.string().max(2000),
  vcode: z.string().max(20).optional().default(''),
});

/** An optional login name (encrypted, or plain) asking whether the image code is due for it. */
export const showVcodeSchema = z.object({ loginname: z.string().max(2000).optional() });

/** A fresh image code and whether the login name must enter it. */
export const captchaSchema = z.object({
  required: z.boolean(),
  /** the image as an SVG data URL */
  image: z.string(),
  validMinutes: z.number().int(),
});

// login calls are open and greet a browser that still holds a session
const open = { public: true, readsSession: true } as const;

/** Login and session (docs/requirements/accounts-and-login.md §2–§5). */
export const authCalls = defineCalls('auth', {
  publicKey: {
    path: '/lfscada/user/publicKey',
    output: z.object({ publicKey: z.string() }),
    access: open,
    body: 'form',
    summary: 'The RSA public key (PEM) the login fields are encrypted with',
  },
  showVcode: {
    path: '/lfscada/user/showVcode',
    input: showVcodeSchema,
    output: captchaSchema,
    access: open,
    body: 'form',
    summary: 'Issues an image code (in a cookie) and tells whether the login name must enter it',
  },
  login: {
    path: '/lfscada/user/encryptLogin',
    input: encryptLoginSchema,
    output: userInfoSchema,
    access: open,
    body: 'form',
    summary:
      'Logs in with encrypted login name and password (and the image code when due); sets the session cookie',
  },
  info: {
    path: '/lfscada/user/info',
    method: 'GET',
    // the browser adds the time so that no cache answers for the server
    input: z.object({ time: z.string().max(30).optional() }),
    output: userInfoSchema,
    body: 'form',
    summary: "The logged-in account's user info and permission keys",
  },
  logout: {
    path: '/lfscada/user/logout',
    output: noData,
    body: 'form',
    summary: 'Ends the session and clears its cookie',
  },
});
