import type { FastifyServerOptions } from 'fastify';

/** Tokens in socket paths (`.../subscribe/{token}`) and query strings are cut before logging. */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/subscribe\/)[^/?#]+/g, '$1***')
    .replace(/([?&](?:token|password|pwd|vcode)=)[^&#]*/gi, '$1***');
}

/** pino options: secrets (passwords, tokens, cookies) never reach the log. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
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
}
