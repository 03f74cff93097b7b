import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. A page request (the browser asks for text/html) that matches no
 * file gets index.html so the history-mode router handles it (/login.jsp included); API calls
 * and missing assets get a 404.
 */
export async function installStaticWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // hashed bundles never change; everything else is checked on each load
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html');
  app.get('/', (_req, reply) => sendIndex(reply));
  app.get('/*', (req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '/';
    const wantsPage = (req.headers.accept ?? '').includes('text/html');
    if (urlPath.startsWith('/lfscada/') || !wantsPage) return reply.callNotFound();
    return sendIndex(reply);
  });
  return true;
}
