import pino, { type Logger, type LoggerOptions } from 'pino';

/** Tokens in socket paths (`.../subscribe/{token}`) and query strings are cut before logging. */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/subscribe\/)[^/?#]+/g, '$1***')
    .replace(/([?&](?:token|password|pwd|vcode)=)[^&#]*/gi, '$1***');
}

/**
 * The server's one root logger, made once by createPlatform: secrets (passwords, tokens, cookies)
 * never reach the log. Fastify logs through it (`loggerInstance`), and every module through a
 * child naming it (`root.child({ module: 'link' })`), which keeps the redaction. Lines go to
 * `stream`, or to stdout without one.
 */
export function createRootLogger(level: string, stream?: NodeJS.WritableStream): Logger {
  const options: LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        // a secret at the top of a line's fields and one level down
        'password',
        'newPassword',
        'token',
        'cookie',
        'privateKey',
        'private_pem',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.cookie',
        '*.privateKey',
        '*.private_pem',
      ],
      censor: '***',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string }) {
        return { method: req.method, url: maskUrl(req.url), ip: req.ip };
      },
    },
  };
  return stream ? pino(options, stream) : pino(options);
}
