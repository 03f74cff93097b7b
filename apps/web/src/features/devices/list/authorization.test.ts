import { describe, expect, it } from 'vitest';
import { authorizationChanges, overAuthorizationLimit } from './authorization';

describe('device authorisation', () => {
  it('adds the newly chosen accounts and cancels the removed ones', () => {
    expect(authorizationChanges([1, 2, 3], [2, 3, 4, 5])).toEqual({ add: [4, 5], cancel: [1] });
  });

  it('changes nothing when the choice is the same in another order', () => {
    expect(authorizationChanges([3, 1], [1, 3])).toEqual({ add: [], cancel: [] });
  });

  it('allows 50 accounts and refuses the 51st', () => {
    expect(overAuthorizationLimit(50)).toBe(false);
    expect(overAuthorizationLimit(51)).toBe(true);
  });
});
