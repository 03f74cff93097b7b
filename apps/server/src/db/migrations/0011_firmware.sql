-- Gateway firmware: packages a platform operator uploads per gateway series, and the state of the
-- last upgrade each gateway was sent (the states of up/ota/progress).
create table firmware_packages (
  id          bigint generated always as identity primary key,
  series      text not null references gateway_series (name),
  version     text not null,
  -- the numeric parts of the version, for ordering (1.10.0 after 1.9.2)
  version_key integer[] not null,
  note        text not null default '',
  filename    text not null,
  size        integer not null,
  sha256      text not null,
  content     bytea not null,
  created_at  timestamptz not null default now(),
  unique (series, version)
);

alter table gateways
  add column ota_state   text check (ota_state in ('sent', 'downloading', 'downloaded', 'verified', 'updating', 'updated', 'failed')),
  add column ota_version text,
  add column ota_percent integer,
  add column ota_code    integer,
  add column ota_at      timestamptz;

alter table command_tasks drop constraint command_tasks_kind_check;
alter table command_tasks
  add constraint command_tasks_kind_check
  check (kind in ('sync', 'write', 'read', 'restart', 'locate', 'mode', 'upgrade'));
