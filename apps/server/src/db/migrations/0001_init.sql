-- Foundation: enterprises, departments, roles, accounts, sessions, login protection, operation log.

create table orgs (
  id            bigint generated always as identity primary key,
  kind          text not null check (kind in ('platform', 'enterprise')),
  name          text not null,
  contact       text not null default '',
  tel           text not null default '',
  address       text not null default '',
  remark        text not null default '',
  disabled      boolean not null default false,
  style_id      bigint,
  -- account limits of the enterprise's activation (null: no limit)
  max_internal  integer,
  max_external  integer,
  created_at    timestamptz not null default now()
);
create unique index orgs_name_uq on orgs (lower(name));

create table departments (
  id            bigint generated always as identity primary key,
  org_id        bigint not null references orgs (id) on delete cascade,
  parent_id     bigint references departments (id) on delete restrict,
  name          text not null,
  seq           integer not null default 0,
  remark        text not null default '',
  created_at    timestamptz not null default now()
);
create index departments_org_idx on departments (org_id);
create unique index departments_name_uq on departments (org_id, coalesce(parent_id, 0), lower(name));

create table roles (
  id            bigint generated always as identity primary key,
  org_id        bigint not null references orgs (id) on delete cascade,
  name          text not null,
  role_type     text not null check (role_type in ('admin', 'operation')),
  data_range    text not null default 'org' check (data_range in ('org', 'dept', 'self')),
  permissions   text[] not null default '{}',
  remark        text not null default '',
  created_at    timestamptz not null default now()
);
create unique index roles_name_uq on roles (org_id, lower(name));

create table accounts (
  id              bigint generated always as identity primary key,
  org_id          bigint not null references orgs (id) on delete cascade,
  kind            text not null check (kind in ('operation', 'enterprise', 'internal', 'external')),
  loginname       text not null,
  password_hash   text not null,
  tel             text not null default '',
  email           text not null default '',
  dept_id         bigint references departments (id) on delete set null,
  role_id         bigint references roles (id) on delete restrict,
  contact         text not null default '',
  address         text not null default '',
  company         text not null default '',
  customer_level  text not null default '',
  security_zone   text not null default '',
  remark          varchar(20) not null default '',
  public_key      text not null default '',
  landing_page    text not null default '',
  auth_region     text not null default '',
  prompt_type     text[] not null default '{sound,title,alter}',
  scada_adaption  boolean not null default false,
  equip_display   text not null default 'card' check (equip_display in ('card', 'list')),
  use_lock        boolean not null default false,
  style_id        bigint,
  disabled        boolean not null default false,
  created_by      bigint,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now()
);
create unique index accounts_loginname_uq on accounts (lower(loginname));
create unique index accounts_tel_uq on accounts (tel) where tel <> '';
create index accounts_org_idx on accounts (org_id, kind);

-- Failed logins per login name (existing or not, so the answers do not reveal which names exist).
create table login_failures (
  loginname       text primary key,
  failures        integer not null default 0,
  last_failed_at  timestamptz,
  locked_until    timestamptz
);

create table captchas (
  id          text primary key,
  answer      text not null,
  expires_at  timestamptz not null
);
create index captchas_expiry_idx on captchas (expires_at);

create table sessions (
  token_hash    text primary key,
  account_id    bigint not null references accounts (id) on delete cascade,
  org_id        bigint not null references orgs (id) on delete cascade,
  created_at    timestamptz not null default now(),
  last_seen_at  timestamptz not null default now(),
  expires_at    timestamptz not null,
  ip            text not null default '',
  user_agent    text not null default ''
);
create index sessions_account_idx on sessions (account_id);
create index sessions_expiry_idx on sessions (expires_at);

-- Key pairs shared by all server instances (login encryption).
create table server_keys (
  name         text primary key,
  public_pem   text not null,
  private_pem  text not null,
  created_at   timestamptz not null default now()
);

create table operation_log (
  id           bigint generated always as identity primary key,
  org_id       bigint not null references orgs (id) on delete cascade,
  account_id   bigint,
  loginname    text not null default '',
  action       text not null,
  object_type  text not null default '',
  object_id    text not null default '',
  detail       jsonb not null default '{}',
  ip           text not null default '',
  created_at   timestamptz not null default now()
);
create index operation_log_org_time_idx on operation_log (org_id, created_at desc);
create index operation_log_object_idx on operation_log (org_id, object_type, object_id, created_at desc);

create table user_config (
  account_id  bigint not null references accounts (id) on delete cascade,
  key         text not null,
  value       jsonb not null,
  updated_at  timestamptz not null default now(),
  primary key (account_id, key)
);

create table feedback (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  account_id  bigint references accounts (id) on delete set null,
  content     text not null,
  contact     text not null default '',
  created_at  timestamptz not null default now()
);
