-- Rollups (docs/requirements/gateway-link.md §10.4): per numeric variable and time bucket of each
-- level (1, 5, 15 and 60 minutes, aligned to the Unix epoch), the M4 of the bucket's stored
-- points — how many, the first, the last, the lowest (the first of equals) and the highest (the
-- first of equals) — and their sum. Times are Unix milliseconds. A curve whose pixel column is a
-- whole number of buckets, and the data center's buckets, read these instead of the points.
create table signal_rollups (
  variable_id  bigint not null,
  step         integer not null,
  bucket       bigint not null,
  n            integer not null,
  total        float8 not null,
  t_first      float8 not null,
  y_first      float8 not null,
  t_last       float8 not null,
  y_last       float8 not null,
  t_min        float8 not null,
  y_min        float8 not null,
  t_max        float8 not null,
  y_max        float8 not null,
  primary key (variable_id, step, bucket)
);

-- Time ranges of variables whose rollups no longer hold (values stored late, replaced or deleted
-- below the rolled-up time): the rollup job computes them again and deletes the marks it read.
create table signal_rollup_marks (
  id           bigserial primary key,
  variable_id  bigint not null,
  t_from       bigint not null,
  t_to         bigint not null
);
create index signal_rollup_marks_variable on signal_rollup_marks (variable_id);

-- What the rollups cover: every bucket inside [lo, hi) (Unix ms, whole hours for lo, whole
-- minutes for hi) holds its rollup, unless a mark says otherwise. One row.
create table signal_rollup_state (
  id  integer primary key default 1 check (id = 1),
  lo  bigint not null,
  hi  bigint not null
);

-- The rollup job reads each minute's values of all variables by time: a BRIN index on `ts` finds
-- them without reading the month (rows arrive nearly in time order; it costs little to keep).
create index signal_values_ts_brin on signal_values using brin (ts);
