import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SCRIPT_HOST_CSP, SCRIPT_HOST_SANDBOX } from '@fieldhub/shared';

/** Headers every answer carries (docs/security.md): no sniffing, no framing by other sites. */
const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
} as const;

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(COMMON_HEADERS);
  });
}

/** `'sha256-…'` sources of the inline scripts of a page (index.html's old-browser notice). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The policy of the console's pages. Scripts only from the app's own files; styles inline too
 * (Ant Design writes its styles at run time). Pictures, video, iframe widgets and video streams
 * (HLS/FLV are fetched by script) may come from any http(s) address a page names; page scripts
 * never run here but in the script host (SCRIPT_HOST_CSP), which has no network at all.
 */
export function appContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "media-src 'self' blob: https: http:",
    "connect-src 'self' ws: wss: https: http:",
    "frame-src 'self' https: http:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The page-script host is served in a sandbox whatever frames it: an opaque origin (no cookie, no
 * storage of the platform) under its own policy without any network source.
 */
export function scriptHostHeaders(): Record<string, string> {
  return {
    'content-security-policy': `sandbox ${SCRIPT_HOST_SANDBOX}; ${SCRIPT_HOST_CSP}; frame-ancestors 'self'`,
  };
}
