import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. Any GET that is not an API call, a socket or a file falls back to
 * index.html so the browser's history-mode router handles it.
 */
export async function installStaticWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  app.get('/*', (req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/lfscada/') || path.extname(urlPath) !== '') {
      return reply.callNotFound();
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
