-- Account security, profile and password retrieval (docs/requirements/account-security.md §1, §3).

-- The profile's avatar (a data URL, under 100 KB of image), the public key file's name beside
-- the key itself (public_key), and the third-party chat-app binding (§1.4).
alter table accounts add column avatar text not null default '';
alter table accounts add column public_key_name text not null default '';
alter table accounts add column chat_app_id text not null default '';
alter table accounts add column chat_app_name text not null default '';
create unique index accounts_chat_app_uq on accounts (chat_app_id) where chat_app_id <> '';

-- Verification codes sent by SMS or e-mail (§1.5, §3.3): only a hash of the code is kept; a code
-- is valid 10 minutes, used once, and dies after a few wrong tries.
create table verification_codes (
  id          bigint generated always as identity primary key,
  account_id  bigint not null references accounts (id) on delete cascade,
  purpose     text not null check (purpose in ('security', 'findpwd', 'newTel', 'newEmail')),
  channel     text not null check (channel in ('sms', 'email')),
  address     text not null,
  code_hash   text not null,
  attempts    integer not null default 0,
  created_at  timestamptz not null,
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index verification_codes_account_idx on verification_codes (account_id, created_at desc);
create index verification_codes_address_idx on verification_codes (lower(address), created_at desc);

-- Proof that a verify step passed (§1.2, §3.1): the change or new-password step that follows
-- presents it. Valid 10 minutes, used once; only its hash is kept.
create table security_tickets (
  token_hash  text primary key,
  account_id  bigint not null references accounts (id) on delete cascade,
  scene       text not null check (scene in ('security', 'findpwd')),
  method      text not null check (method in ('tel', 'email', 'question', 'password')),
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index security_tickets_account_idx on security_tickets (account_id);

-- Failed answers and old-password checks per account: five in a row hold the check for 10 minutes.
create table security_check_failures (
  account_id    bigint primary key references accounts (id) on delete cascade,
  failures      integer not null default 0,
  locked_until  timestamptz
);

-- The account's security questions (three), answers hashed like passwords.
create table account_security_questions (
  account_id   bigint not null references accounts (id) on delete cascade,
  position     integer not null check (position between 1 and 3),
  question     text not null,
  answer_hash  text not null,
  primary key (account_id, position)
);
