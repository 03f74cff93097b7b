/**
 * The roots of query keys that more than one feature uses: a screen that changes accounts or
 * devices invalidates the root, and TanStack Query refreshes every query under it (keys match by
 * prefix), whichever feature shows them.
 */
export const rootKeys = {
  accounts: ['accounts'] as const,
  devices: ['devices'] as const,
};
