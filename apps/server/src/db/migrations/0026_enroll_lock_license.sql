-- Enrollment, lock certificate and licence (docs/requirements/account-security.md §4–§6, issue 20).

-- An invitation: a code (/enroll/{code}) or a role's registration link (/register/{roleuuid}),
-- bound to a role, a department, an account kind, an expiry and a number of uses.
create table invitations (
  id              bigint generated always as identity primary key,
  org_id          bigint not null references orgs (id) on delete cascade,
  via             text not null check (via in ('code', 'role')),
  code            text not null,
  role_id         bigint not null references roles (id) on delete cascade,
  dept_id         bigint references departments (id) on delete set null,
  account_kind    text not null check (account_kind in ('internal', 'external')),
  expires_at      timestamptz,
  max_uses        integer check (max_uses is null or max_uses > 0),
  used            integer not null default 0,
  needs_approval  boolean not null default false,
  revoked         boolean not null default false,
  created_by      bigint references accounts (id) on delete set null,
  created_at      timestamptz not null default now()
);
-- codes and role uuids share one space: a link names exactly one invitation (3401 when taken)
create unique index invitations_code_uq on invitations (lower(code));
create index invitations_org_idx on invitations (org_id, id desc);

-- A registration through an invitation; pending ones wait for the admin (the account is made on approval).
create table enrollments (
  id              bigint generated always as identity primary key,
  org_id          bigint not null references orgs (id) on delete cascade,
  invitation_id   bigint not null references invitations (id) on delete cascade,
  loginname       text not null,
  password_hash   text not null,
  contact         text not null default '',
  tel             text not null default '',
  state           text not null check (state in ('pending', 'approved', 'refused')),
  account_id      bigint references accounts (id) on delete set null,
  ip              text not null default '',
  created_at      timestamptz not null,
  decided_at      timestamptz,
  decided_by      bigint references accounts (id) on delete set null
);
create unique index enrollments_pending_name_uq on enrollments (lower(loginname)) where state = 'pending';
create index enrollments_org_idx on enrollments (org_id, id desc);

-- When the session's lock last proved present: a locked account's session that has not for
-- LOCK_GRACE_SECONDS is refused by the server (§5.4), whatever its browser does.
alter table sessions add column lock_verified_at timestamptz;

-- Lock challenges: one use, bound to the session that asked (§5.1).
create table lock_challenges (
  value         text primary key,
  session_hash  text not null references sessions (token_hash) on delete cascade,
  expires_at    timestamptz not null
);
create index lock_challenges_session_idx on lock_challenges (session_hash);

-- Uploaded licences (§6); the newest is in force. Stored after its signature was checked.
create table licenses (
  id           bigint generated always as identity primary key,
  licence_id   text not null,
  issued_to    text not null,
  max_users    integer,
  max_gateways integer,
  max_variables integer,
  functions    text[] not null default '{}',
  expires_at   timestamptz not null,
  file         text not null,
  uploaded_by  bigint references accounts (id) on delete set null,
  uploaded_at  timestamptz not null default now()
);
