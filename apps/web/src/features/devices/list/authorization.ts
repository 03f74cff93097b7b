import { LIMITS } from '@fieldhub/shared';

/** What saving the authorisation dialog must do: accounts to add and authorisations to cancel. */
export function authorizationChanges(
  before: readonly number[],
  after: readonly number[],
): { add: number[]; cancel: number[] } {
  const was = new Set(before);
  const now = new Set(after);
  return {
    add: [...now].filter((id) => !was.has(id)),
    cancel: [...was].filter((id) => !now.has(id)),
  };
}

/**
 * A device may have at most 50 authorised accounts
 * (docs/requirements/organisations-roles-permissions.md §7.2, code 1127).
 */
export function overAuthorizationLimit(count: number): boolean {
  return count > LIMITS.authorizedAccountsPerDevice;
}
