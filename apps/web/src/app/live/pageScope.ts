/**
 * Where live monitoring may run and what counts as user activity (docs/requirements/monitoring.md §4.3, §4.4;
 * docs/requirements/projects.md §6.5), shared by the device monitor and the page viewer.
 */

/** localStorage key of the economize switch (no reopening while the user is idle). */
export const ECONOMIZE_KEY = 'fieldhub.monitor.economize';

/** Polling runs only in the top window or a frame named nav-iframe. */
export function pollAllowed(): boolean {
  try {
    return window.top === window.self || window.name === 'nav-iframe';
  } catch {
    return window.name === 'nav-iframe';
  }
}

/** Where user activity is watched: the top window when reachable (same origin), else this one. */
export function activityTarget(): Window {
  try {
    return window.top && window.top.document ? window.top : window;
  } catch {
    return window;
  }
}
