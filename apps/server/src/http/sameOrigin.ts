import type { FastifyRequest } from 'fastify';

/** The origin the caller addressed (scheme and Host as Fastify reads them, proxies per TRUST_PROXY). */
function ownOrigin(req: FastifyRequest): string | null {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request was started by a page of another origin (docs/security.md, CSRF). Browsers
 * send `Origin` with every call that has a body; without it, `Sec-Fetch-Site` says where the call
 * came from. A client that sends neither (curl, an integration) is not a browser page and passes.
 */
export function crossSiteRequest(req: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let parsed: string;
    try {
      parsed = new URL(origin).origin;
    } catch {
      return true;
    }
    // an opaque origin (sandboxed frame, data: page) serialises as "null": never one of ours
    if (parsed === 'null') return true;
    return !allowed.has(parsed) && parsed !== ownOrigin(req);
  }
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}
