-- Live monitoring: followed devices, one-use websocket tokens, open monitors.

-- Devices an account follows on the monitor list (followed devices come first).
create table monitor_follow (
  account_id    bigint not null references accounts (id) on delete cascade,
  equipment_id  bigint not null references equipment (id) on delete cascade,
  created_at    timestamptz not null default now(),
  primary key (account_id, equipment_id)
);
create index monitor_follow_equipment_idx on monitor_follow (equipment_id);

-- Websocket tokens: short-lived, used once; in the database so that the instance that issued a
-- token need not be the one the socket reaches. Only the sha256 of the token is stored.
create table live_tokens (
  token_hash    text primary key,
  account_id    bigint not null references accounts (id) on delete cascade,
  org_id        bigint not null references orgs (id) on delete cascade,
  equipment_id  bigint not null references equipment (id) on delete cascade,
  expires_at    timestamptz not null
);
create index live_tokens_expiry_idx on live_tokens (expires_at);

-- Monitors opened by /lfscada/monitor/multi/open: who watches which device until when (the
-- browser re-opens every 580 s while someone is at the screen).
create table monitor_sessions (
  equipment_id  bigint not null references equipment (id) on delete cascade,
  account_id    bigint not null references accounts (id) on delete cascade,
  interval_s    integer not null,
  opened_at     timestamptz not null,
  expires_at    timestamptz not null,
  primary key (equipment_id, account_id)
);
create index monitor_sessions_expiry_idx on monitor_sessions (expires_at);
