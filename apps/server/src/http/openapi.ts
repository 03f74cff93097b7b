import type { FastifyInstance } from 'fastify';
import { ALL_CALLS, openApiDocument } from '@fieldhub/shared';

/** Where integrators read the OpenAPI document of every platform call. */
export const OPENAPI_PATH = '/openapi.json';

/**
 * Serves the OpenAPI 3.1 document generated from the call contract (packages/shared/src/contract):
 * every call with its input, its answer inside the envelope, and the access it needs.
 */
export function openApiRoute(app: FastifyInstance, version: string): void {
  let document: object | undefined;
  app.get(OPENAPI_PATH, { config: { access: { public: true } } }, async (_req, reply) => {
    document ??= openApiDocument(ALL_CALLS, { title: 'FieldHub platform API', version });
    return reply.header('cache-control', 'no-cache').send(document);
  });
}
