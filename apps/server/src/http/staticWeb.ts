import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SCRIPT_HOST_PATH } from '@fieldhub/shared';
import { appContentSecurityPolicy, inlineScriptHashes, scriptHostHeaders } from './securityHeaders';

/** Every file of the built app, as URL paths ('/assets/index-1a2b.js'), read once at start. */
function builtFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    files.add(`/${relative.split(path.sep).join('/')}`);
  }
  return files;
}

/**
 * Serves the built web app through one declared public route. A file of the build is sent as it
 * is; a page request (the browser asks for text/html) that matches no file gets index.html so the
 * history-mode router handles it (/login.jsp included); API paths and missing assets get a 404.
 * Only files present at start are served: the path is looked up in that list after the router
 * decoded it, so no spelling of a path reaches outside the build.
 */
export async function installStaticWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  const files = builtFiles(webDist);
  const appPolicy = appContentSecurityPolicy(inlineScriptHashes(readFileSync(index, 'utf8')));
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    index: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // hashed bundles never change; everything else is checked on each load
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const send = (reply: FastifyReply, file: string) => {
    const headers =
      file === SCRIPT_HOST_PATH ? scriptHostHeaders() : { 'content-security-policy': appPolicy };
    return reply.headers(headers).sendFile(file.slice(1));
  };
  const access = { public: true } as const;
  app.get('/', { config: { access } }, (_req, reply) => send(reply, '/index.html'));
  app.get('/*', { config: { access } }, (req, reply) => {
    const urlPath = `/${(req.params as { '*': string })['*']}`;
    if (urlPath.startsWith('/lfscada/')) return reply.callNotFound();
    if (files.has(urlPath)) return send(reply, urlPath);
    const wantsPage = (req.headers.accept ?? '').includes('text/html');
    return wantsPage ? send(reply, '/index.html') : reply.callNotFound();
  });
  return true;
}
