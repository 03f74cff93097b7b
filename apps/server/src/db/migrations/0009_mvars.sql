-- Intermediate variables of a project (mvar; seed 001 §3, §5; issue 8): a calculation type and a
-- formula over `${equipmentId.signalId}` references to signals of the project's bound devices,
-- evaluated on the server as values arrive. `refs` holds the variables the formula reads, so the
-- engine finds the mvars of a changed signal by index, and removing a signal or unbinding a device
-- can find the mvars it affects.
create table project_mvars (
  id             bigint generated always as identity primary key,
  org_id         bigint not null references orgs (id) on delete cascade,
  project_id     bigint not null references projects (id) on delete cascade,
  title          varchar(50) not null,
  calc_type      text not null check (calc_type in ('sum', 'avg', 'min', 'max', 'custom')),
  formula        varchar(200) not null,
  initial_value  double precision not null default 0,
  unit           varchar(20) not null default '',
  decimals       smallint not null default 2 check (decimals between 0 and 6),
  refs           bigint[] not null default '{}',
  created_by     bigint references accounts (id) on delete set null,
  updated_by     bigint references accounts (id) on delete set null,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);
create unique index project_mvars_title_uq on project_mvars (project_id, lower(title));
create index project_mvars_org_idx on project_mvars (org_id);
create index project_mvars_refs_idx on project_mvars using gin (refs);

-- A project page unlocked by /monitor/project/page/validPassword, for one login session.
create table project_page_unlocks (
  session_hash  text not null references sessions (token_hash) on delete cascade,
  page_id       bigint not null references pages (id) on delete cascade,
  unlocked_at   timestamptz not null,
  primary key (session_hash, page_id)
);

-- Wrong page passwords of an account (brute-force limit: 5 within 15 minutes lock the page's
-- password for that account; counted per account so a new login does not reset them).
create table project_page_password_failures (
  account_id     bigint not null references accounts (id) on delete cascade,
  page_id        bigint not null references pages (id) on delete cascade,
  failures       integer not null,
  first_failure  timestamptz not null,
  primary key (account_id, page_id)
);

-- The one-use tokens of the project socket: the page, and what the page watches.
create table project_live_tokens (
  token_hash    text primary key,
  account_id    bigint not null references accounts (id) on delete cascade,
  org_id        bigint not null references orgs (id) on delete cascade,
  project_id    bigint not null references projects (id) on delete cascade,
  page_id       bigint not null references pages (id) on delete cascade,
  equipment_ids bigint[] not null,
  signal_ids    bigint[] not null,
  mvar_ids      bigint[] not null,
  expires_at    timestamptz not null
);
create index project_live_tokens_expiry_idx on project_live_tokens (expires_at);
