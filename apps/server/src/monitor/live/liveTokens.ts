import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import {
  consumeSocketToken,
  deviceInOrg,
  issueSocketToken,
  SOCKET_TOKEN_TTL_MS,
} from '../../realtime/socketTokens';

/** How long a websocket token may wait for its socket (the browser connects at once). */
export const LIVE_TOKEN_TTL_MS = SOCKET_TOKEN_TTL_MS;

/** Issues a one-use token for the live socket of a device the caller may see (checked by the caller). */
export function issueLiveToken(
  db: Db,
  clock: Clock,
  who: { accountId: number; orgId: number },
  equipmentId: number,
): Promise<string> {
  return issueSocketToken(db, clock, 'device', who, { equipmentId });
}

export interface LiveGrant {
  accountId: number;
  orgId: number;
  equipmentId: number;
}

/**
 * Takes a token: any instance may, once. An unknown or used token is 1021, an expired one 1020;
 * the device must still belong to the token's enterprise.
 */
export async function consumeLiveToken(db: Db, clock: Clock, token: string): Promise<LiveGrant> {
  const grant = await consumeSocketToken<{ equipmentId: number }>(db, clock, 'device', token, (who, scope) =>
    deviceInOrg(db, scope.equipmentId, who.orgId),
  );
  return { accountId: grant.accountId, orgId: grant.orgId, equipmentId: grant.scope.equipmentId };
}
