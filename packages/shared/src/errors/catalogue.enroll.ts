import type { CatalogueEntry } from './catalogue';

/**
 * Invitation links that no longer work (docs/requirements/account-security.md §4; not in the
 * specification, which names only 3401): the registration page says why.
 */
export const enrollEntries = [
  {
    code: 3402,
    name: 'invitationNotFound',
    zh: '邀请链接无效或已被撤销',
    en: 'This invitation link is not valid or has been revoked',
  },
  { code: 3403, name: 'invitationExpired', zh: '邀请链接已过期', en: 'This invitation link has expired' },
  {
    code: 3404,
    name: 'invitationUsedUp',
    zh: '邀请链接的使用次数已用完',
    en: 'This invitation link has been used the allowed number of times',
  },
] as const satisfies readonly CatalogueEntry[];
