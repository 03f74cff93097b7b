-- Inspection items, plans and their tasks (docs/requirements/operations.md §3, §4, issue 19).

-- An inspection item: what to look at, how, against which standard, and the kind of result.
create table inspection_items (
  id           bigint generated always as identity primary key,
  org_id       bigint not null references orgs (id) on delete cascade,
  name         text not null,
  method       text not null default '',
  standard     text not null default '',
  result_kind  text not null check (result_kind in ('check', 'number', 'text', 'photo')),
  min_value    double precision,
  max_value    double precision,
  created_at   timestamptz not null default now()
);
create unique index inspection_items_name_uq on inspection_items (org_id, lower(name));

-- A plan: devices, items, inspectors and a schedule. `planned_until` is the instant up to which
-- the scheduler has made its tasks (null: not yet).
create table inspection_plans (
  id             bigint generated always as identity primary key,
  org_id         bigint not null references orgs (id) on delete cascade,
  name           text not null,
  schedule       jsonb not null,
  planned_until  timestamptz,
  created_by     bigint references accounts (id) on delete set null,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);
create unique index inspection_plans_name_uq on inspection_plans (org_id, lower(name));
create index inspection_plans_due_idx on inspection_plans (planned_until);

create table inspection_plan_devices (
  plan_id       bigint not null references inspection_plans (id) on delete cascade,
  equipment_id  bigint not null references equipment (id) on delete cascade,
  primary key (plan_id, equipment_id)
);
create table inspection_plan_items (
  plan_id  bigint not null references inspection_plans (id) on delete cascade,
  item_id  bigint not null references inspection_items (id) on delete restrict,
  seq      integer not null,
  primary key (plan_id, item_id)
);
create index inspection_plan_items_item_idx on inspection_plan_items (item_id);
create table inspection_plan_inspectors (
  plan_id     bigint not null references inspection_plans (id) on delete cascade,
  account_id  bigint not null references accounts (id) on delete cascade,
  primary key (plan_id, account_id)
);
create index inspection_plan_inspectors_account_idx on inspection_plan_inspectors (account_id);

-- A task: one device in one window of a plan. Its items are copied when it is made, so a later
-- change of an item does not change what was asked. A plan deleted leaves its done records
-- (plan_id null, the name kept). Unique per plan, device and window: two instances never make
-- the same task twice.
create table inspection_tasks (
  id            bigint generated always as identity primary key,
  org_id        bigint not null references orgs (id) on delete cascade,
  plan_id       bigint references inspection_plans (id) on delete set null,
  plan_name     text not null,
  equipment_id  bigint not null references equipment (id) on delete cascade,
  window_start  timestamptz not null,
  window_end    timestamptz not null,
  status        text not null default 'pending' check (status in ('pending', 'normal', 'abnormal', 'aborted')),
  items         jsonb not null,
  results       jsonb,
  note          text not null default '',
  inspector_id  bigint references accounts (id) on delete set null,
  submitted_at  timestamptz,
  notified      boolean not null default false,
  created_at    timestamptz not null default now()
);
create unique index inspection_tasks_window_uq on inspection_tasks (plan_id, equipment_id, window_start);
create index inspection_tasks_open_idx on inspection_tasks (window_start) where status = 'pending';
create index inspection_tasks_device_idx on inspection_tasks (equipment_id, window_start desc);
create index inspection_tasks_org_idx on inspection_tasks (org_id, window_start desc);

-- Who may submit a task: the plan's inspectors when the task was made.
create table inspection_task_inspectors (
  task_id     bigint not null references inspection_tasks (id) on delete cascade,
  account_id  bigint not null references accounts (id) on delete cascade,
  primary key (task_id, account_id)
);
create index inspection_task_inspectors_account_idx on inspection_task_inspectors (account_id);

-- A photo result (type checked from its bytes, size capped), apart from the task row so lists
-- stay small.
create table inspection_task_photos (
  task_id  bigint not null references inspection_tasks (id) on delete cascade,
  item_id  bigint not null,
  mime     text not null,
  content  bytea not null,
  primary key (task_id, item_id)
);
