import type { Db } from '../db/db';

/** A session of another instance whose lease lapsed: it may be taken over. */
export interface LapsedSession {
  clientId: string;
  username: string;
}

/**
 * Renews the leases of an instance's own connected sessions until `expiresAt`, taking them back
 * from whoever stood in for them: the broker hands a session to the client that connects last.
 */
export async function renewOwnSessions(
  db: Db,
  shareGroup: string,
  owner: string,
  sessions: readonly { clientId: string; username: string }[],
  expiresAt: Date,
): Promise<void> {
  if (!sessions.length) return;
  await db.query(
    `insert into link_sessions (client_id, share_group, username, owner, holder, expires_at)
     select client_id, $3, username, $4, $4, $5 from unnest($1::text[], $2::text[]) as s(client_id, username)
     on conflict (client_id) do update
       set share_group = excluded.share_group, username = excluded.username,
           owner = excluded.owner, holder = excluded.holder, expires_at = excluded.expires_at`,
    [sessions.map((s) => s.clientId), sessions.map((s) => s.username), shareGroup, owner, expiresAt],
  );
}

/** Renews the lease `holder` holds on another's session; false when it lost it (the owner is back). */
export async function renewStandIn(
  db: Db,
  clientId: string,
  holder: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db.query(
    'update link_sessions set expires_at = $3 where client_id = $1 and holder = $2 returning 1',
    [clientId, holder, expiresAt],
  );
  return rows.length === 1;
}

/** The sessions of other instances of the share group whose lease lapsed before `now`. */
export async function lapsedSessions(
  db: Db,
  shareGroup: string,
  owner: string,
  now: Date,
): Promise<LapsedSession[]> {
  const rows = await db.query<{ client_id: string; username: string }>(
    `select client_id, username from link_sessions
      where share_group = $1 and owner <> $2 and expires_at < $3 order by client_id`,
    [shareGroup, owner, now],
  );
  return rows.map((r) => ({ clientId: r.client_id, username: r.username }));
}

/** Takes the lapsed lease of a session for `holder`; false when another instance took it first. */
export async function takeLapsedSession(
  db: Db,
  clientId: string,
  holder: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db.query(
    `update link_sessions set holder = $2, expires_at = $4
      where client_id = $1 and expires_at < $3 returning 1`,
    [clientId, holder, now, expiresAt],
  );
  return rows.length === 1;
}

/** Lets the leases `holder` holds lapse now (a stopping instance), so another takes over at once. */
export async function releaseSessions(db: Db, holder: string, now: Date): Promise<void> {
  await db.query('update link_sessions set expires_at = $2 where holder = $1 and expires_at > $2', [
    holder,
    now,
  ]);
}

/** Forgets a session that the broker no longer has (nothing queued for it, nobody to stand in for). */
export async function forgetSession(db: Db, clientId: string, holder: string): Promise<void> {
  await db.query('delete from link_sessions where client_id = $1 and holder = $2', [clientId, holder]);
}
