/**
 * Browsers that run the app but lack features later screens rely on (a 2021-era baseline:
 * Array.prototype.at, structuredClone, ResizeObserver) get a warning on the login page.
 */
export function isOldBrowser(): boolean {
  return (
    !('at' in Array.prototype) ||
    typeof structuredClone !== 'function' ||
    typeof ResizeObserver !== 'function'
  );
}
