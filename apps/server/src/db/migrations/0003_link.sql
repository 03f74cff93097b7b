-- Gateway link: presence, command tasks that survive restarts, stored values.

alter table gateways add column boot_id text;
alter table gateways add column last_seq integer;
-- Mosquitto password-file hash ($7$ PBKDF2-SHA512) made at registration, for an external broker
alter table gateways add column broker_hash text;
alter table gateways add column location_refresh_day date;
alter table gateways add column location_refresh_count integer not null default 0;
alter table gateways add column sleeping_until timestamptz;

-- Long-running commands: HTTP answers the uuid at once, the browser polls /callback.
create table command_tasks (
  uuid          uuid primary key,
  org_id        bigint not null references orgs (id) on delete cascade,
  equipment_id  bigint references equipment (id) on delete cascade,
  gateway_sn    text not null,
  account_id    bigint references accounts (id) on delete set null,
  kind          text not null check (kind in ('sync', 'write', 'read', 'restart', 'locate', 'mode')),
  payload       jsonb not null default '{}',
  state         text not null default 'sent' check (state in ('sent', 'succeeded', 'failed', 'expired')),
  code          integer,
  result        jsonb,
  created_at    timestamptz not null default now(),
  expires_at    timestamptz not null,
  finished_at   timestamptz
);
create index command_tasks_open_idx on command_tasks (expires_at) where state = 'sent';
create index command_tasks_gateway_idx on command_tasks (gateway_sn, created_at desc);

-- Values as collected, one row per variable and time; partitioned by month (partitions are made
-- on demand before a month's first insert; the default partition only catches what slipped by).
-- The primary key makes ingest idempotent: a batch delivered twice is stored once.
create table signal_values (
  equipment_id  bigint not null,
  variable_id   bigint not null,
  ts            timestamptz not null,
  num           double precision,
  txt           text,
  quality       integer not null default 0,
  primary key (variable_id, ts)
) partition by range (ts);
create table signal_values_default partition of signal_values default;
create index signal_values_equipment_idx on signal_values (equipment_id, ts);

-- Report records from the gateways: per report and time, each variable's aggregated values.
create table report_records (
  report_id     bigint not null,
  equipment_id  bigint not null,
  ts            timestamptz not null,
  values        jsonb not null,
  primary key (report_id, ts)
) partition by range (ts);
create table report_records_default partition of report_records default;
