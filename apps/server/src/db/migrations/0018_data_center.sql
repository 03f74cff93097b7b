-- The data center (docs/requirements/data-views.md §3): an enterprise setting that turns it off
-- (every call then answers 2615), saved queries per account, and export jobs whose state and
-- finished workbook are rows, so any server instance can answer the poll and the download.
alter table orgs add column data_center_enabled boolean not null default true;

create table datacenter_queries (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  account_id  bigint not null references accounts (id) on delete cascade,
  name        text not null,
  query       jsonb not null,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create unique index datacenter_queries_name_idx on datacenter_queries (account_id, lower(name));

create table datacenter_exports (
  id           text primary key,
  org_id       bigint not null references orgs (id) on delete cascade,
  account_id   bigint not null references accounts (id) on delete cascade,
  state        text not null default 'running' check (state in ('running', 'completed', 'failed')),
  done         integer not null default 0,
  total        integer not null default 0,
  filename     text not null,
  error_code   integer,
  created_at   timestamptz not null default now(),
  -- moved on by every progress write and stored piece: a running job whose writer stopped beating
  -- (its server went away) reads as interrupted (90011)
  beat_at      timestamptz not null default now(),
  finished_at  timestamptz
);
create index datacenter_exports_account_idx on datacenter_exports (account_id, created_at desc);

-- the workbook in pieces of about 1 MB, in order (written while the export runs, read to download)
create table datacenter_export_parts (
  export_id  text not null references datacenter_exports (id) on delete cascade,
  seq        integer not null,
  bytes      bytea not null,
  primary key (export_id, seq)
);
