import { SHARE_PERMS, sharePasswordSchema, type SharePerm } from '@fieldhub/shared';

/**
 * How the share drawer groups the toggles of docs/requirements/devices-and-gateways.md §9.2: the top menu,
 * the menus, data writing.
 */
export const SHARE_PERM_GROUPS: readonly { key: 'top' | 'menus' | 'write'; perms: readonly SharePerm[] }[] = [
  { key: 'top', perms: ['topMenu'] },
  {
    key: 'menus',
    perms: ['deviceInfo', 'alarms', 'historyReports', 'curves', 'repair', 'inspection', 'log'],
  },
  { key: 'write', perms: ['writeData'] },
];

/** The permissions with one switched on or off, in the canonical order of SHARE_PERMS. */
export function togglePerm(perms: readonly SharePerm[], perm: SharePerm, on: boolean): SharePerm[] {
  return SHARE_PERMS.filter((p) => (p === perm ? on : perms.includes(p)));
}

/**
 * Share password rule (docs/requirements/devices-and-gateways.md §9.1): at least 4 letters or digits, no
 * special characters.
 */
export function isValidSharePassword(value: string): boolean {
  return sharePasswordSchema.safeParse(value).success;
}

/** The public address a share token opens. */
export function shareLink(origin: string, token: string): string {
  return `${origin}/share/${encodeURIComponent(token)}`;
}
