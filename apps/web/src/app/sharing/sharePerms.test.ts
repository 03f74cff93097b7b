import { describe, expect, it } from 'vitest';
import { SHARE_PERMS } from '@fieldhub/shared';
import { isValidSharePassword, SHARE_PERM_GROUPS, shareLink, togglePerm } from './sharePerms';

describe('share settings', () => {
  it('groups every share permission exactly once', () => {
    expect(SHARE_PERM_GROUPS.flatMap((g) => g.perms).sort()).toEqual([...SHARE_PERMS].sort());
  });

  it('switches one permission on or off and keeps the canonical order', () => {
    expect(togglePerm(['alarms', 'topMenu'], 'deviceInfo', true)).toEqual([
      'topMenu',
      'deviceInfo',
      'alarms',
    ]);
    expect(togglePerm(['topMenu', 'alarms'], 'topMenu', false)).toEqual(['alarms']);
    expect(togglePerm(['alarms'], 'alarms', true)).toEqual(['alarms']);
  });

  it('accepts share passwords of at least 4 letters or digits only', () => {
    expect(isValidSharePassword('ab12')).toBe(true);
    expect(isValidSharePassword('abc')).toBe(false);
    expect(isValidSharePassword('ab-12')).toBe(false);
    expect(isValidSharePassword('密码密码')).toBe(false);
  });

  it('builds the public link of a token', () => {
    expect(shareLink('http://10.0.0.5:8080', 'Ab_c-1')).toBe('http://10.0.0.5:8080/share/Ab_c-1');
  });
});
