-- What a driver's gateway last reported of its connection (docs/requirements/device-configuration.md
-- §2.5, issue 17 item 3): ok and the fault's code, the state and since when, the last good read,
-- the last error with its time, and the reads and writes asked of it (and failed) since the gateway
-- started; `reported_at` is when the platform received that status. One row per driver, replaced
-- by each status that names it, gone with the driver.
create table driver_link_states (
  driver_id        bigint primary key references drivers (id) on delete cascade,
  ok               boolean not null,
  code             integer,
  state            text check (state in ('starting', 'connected', 'down')),
  since            timestamptz,
  last_read_at     timestamptz,
  last_error_code  integer,
  last_error_at    timestamptz,
  requests         bigint,
  errors           bigint,
  reported_at      timestamptz not null
);
