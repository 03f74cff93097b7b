import type { CallDef } from './define';
import { groupCalls } from './groups';

export * from './define';
export { groupCalls, groupRow } from './groups';
export { openApiDocument } from './openapi';

/**
 * Every call of the contract, area by area. The server registers exactly these (a test compares
 * them with the registered routes) and the OpenAPI document lists them.
 */
export const CALL_AREAS: Record<string, Record<string, CallDef>> = {
  groups: groupCalls,
};

export const ALL_CALLS: readonly CallDef[] = Object.values(CALL_AREAS).flatMap((area) => Object.values(area));
