/**
 * The script host: the document in which the browser runs the scripts of SCADA pages (script
 * widgets and click scripts, `main(api, param, callback)`). The page loads it in an iframe with
 * `sandbox="allow-scripts"` (no `allow-same-origin`), so it has an opaque origin: no cookies, no
 * storage, no access to the page. Its policy gives scripts nothing to load and nowhere to send:
 * they may only run (inline host code, compiled user code) and start blob workers.
 */

/** URL path of the host document (apps/web/public/script-host.html, copied into the built app). */
export const SCRIPT_HOST_PATH = '/script-host.html';

/** The iframe's sandbox tokens; the server also sends `sandbox` with them for the host document. */
export const SCRIPT_HOST_SANDBOX = 'allow-scripts';

/**
 * The Content-Security-Policy of the host document, the same text as its meta tag (a web test
 * checks); the server sends it as a header too. The blob workers the host starts inherit it.
 */
export const SCRIPT_HOST_CSP =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; worker-src blob:; connect-src 'none'; " +
  "base-uri 'none'; form-action 'none'";
