import type { FastifyInstance } from 'fastify';
import qs from 'qs';

/**
 * Form-encoded bodies with dotted nested keys (`a.b=1&list[0]=x`), the spec's default encoding.
 * Limits keep a hostile body from building huge objects.
 */
export function installFormBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => {
      try {
        done(
          null,
          qs.parse(body as string, { allowDots: true, depth: 8, arrayLimit: 1000, parameterLimit: 5000 }),
        );
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
}
