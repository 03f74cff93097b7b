-- Smart reports, the Excel fill-in reports (docs/requirements/data-views.md §4, issue 18).

-- A report template: its settings, the cells bound to variables or filled by people, its schedule.
-- The uploaded workbook is a row of smart_report_files (a new upload is a new row), so a record
-- keeps reading the workbook it was generated from.
create table smart_reports (
  id                  bigint generated always as identity primary key,
  org_id              bigint not null references orgs (id) on delete cascade,
  name                text not null,
  remark              text not null default '',
  allow_manual_store  boolean not null default true,
  schedule            jsonb not null default '{"kind":"none","times":[],"weekday":1,"monthDay":1,"utcOffsetMin":0}',
  cells               jsonb not null default '[]',
  file_id             bigint,
  next_run_at         timestamptz,
  created_by          bigint references accounts (id) on delete set null,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now()
);
create unique index smart_reports_name_uq on smart_reports (org_id, lower(name));
create index smart_reports_due_idx on smart_reports (next_run_at) where next_run_at is not null;

-- An uploaded template workbook: the .xlsx as sent and its first sheet as the browser renders it.
create table smart_report_files (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  report_id   bigint not null references smart_reports (id) on delete cascade,
  file_name   text not null,
  content     bytea not null,
  sheet       jsonb not null,
  created_at  timestamptz not null default now()
);
create index smart_report_files_report_idx on smart_report_files (report_id);

-- A record: one generation of a report, with the bound cells' values of its period and the
-- values people filled in. `slot_at` is the scheduled time it was made for (null on demand):
-- unique, so two instances never make the same scheduled record twice.
create table smart_report_records (
  id            bigint generated always as identity primary key,
  org_id        bigint not null references orgs (id) on delete cascade,
  report_id     bigint not null references smart_reports (id) on delete cascade,
  file_id       bigint not null references smart_report_files (id) on delete cascade,
  name          text not null,
  trigger       text not null check (trigger in ('schedule', 'manual')),
  slot_at       timestamptz,
  period_from   timestamptz not null,
  period_to     timestamptz not null,
  generated_at  timestamptz not null,
  cells         jsonb not null,
  bound_values  jsonb not null default '{}',
  fill_values   jsonb not null default '{}',
  filled        boolean not null default false,
  filled_at     timestamptz,
  filled_by     bigint references accounts (id) on delete set null
);
create index smart_report_records_report_idx on smart_report_records (report_id, generated_at desc);
create unique index smart_report_records_slot_uq on smart_report_records (report_id, slot_at) where slot_at is not null;
