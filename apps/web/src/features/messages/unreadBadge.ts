import { LIMITS } from '@fieldhub/shared';

/**
 * What the header's unread badge shows (docs/requirements/messages.md §4.1): nothing without unread messages,
 * the count up to 99, and "99+" above it.
 */
export function unreadBadgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  const whole = Math.floor(count);
  return whole > LIMITS.unreadBadgeMax ? `${LIMITS.unreadBadgeMax}+` : String(whole);
}
