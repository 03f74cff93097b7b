-- One table for the tokens of every platform websocket (device values, project pages, messages):
-- short-lived, used once, in the database so that the instance that issued a token need not be
-- the one the socket reaches. Only the sha256 of the token is stored; `scope` is what the socket
-- may carry (the device, the page's watch list, the message language), checked when it was issued.
create table socket_tokens (
  token_hash  text primary key,
  kind        text not null check (kind in ('device', 'project', 'message')),
  account_id  bigint not null references accounts (id) on delete cascade,
  org_id      bigint not null references orgs (id) on delete cascade,
  scope       jsonb not null,
  expires_at  timestamptz not null
);
create index socket_tokens_expiry_idx on socket_tokens (expires_at);

drop table live_tokens;
drop table project_live_tokens;
drop table msg_tokens;
