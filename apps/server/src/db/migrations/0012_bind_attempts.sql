-- Wrong gateway verification codes per account and SN, shared by every server instance: the
-- times of the wrong codes (and of attempts still being checked) within the last 15 minutes.
-- Keyed by account too, so nobody can block a free SN for others; cleared when a bind succeeds.
create table bind_attempts (
  account_id  bigint not null references accounts (id) on delete cascade,
  sn          text not null,
  attempts    timestamptz[] not null,
  primary key (account_id, sn)
);
