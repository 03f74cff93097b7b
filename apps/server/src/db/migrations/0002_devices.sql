-- Device configuration: gateway series and registry, groups, templates, devices and their
-- drivers, variables, alarm rules, reports and scripts; sharing, authorisation, bulk jobs.

-- Capacities per gateway series (seed 000 §9: 500 variables, 200 alarms, 100 stored by default).
create table gateway_series (
  name           text primary key,
  max_drivers    integer not null default 16,
  max_variables  integer not null default 500,
  max_alarms     integer not null default 200,
  max_stored     integer not null default 100,
  max_reports    integer not null default 20,
  max_scripts    integer not null default 10,
  -- optional features: positioning, anti-tamper, scripts, low-power
  features       text[] not null default '{}',
  is_default     boolean not null default false
);
insert into gateway_series (name, max_drivers, max_variables, max_alarms, max_stored, max_reports, max_scripts, features, is_default) values
  ('EG', 16, 500, 200, 100, 20, 10, '{positioning,scripts}', true),
  ('EG-Pro', 32, 2000, 1000, 500, 50, 30, '{positioning,anti-tamper,scripts,low-power}', false),
  ('EG-Lite', 4, 200, 100, 50, 10, 0, '{}', false);

create table equipment_groups (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  parent_id   bigint references equipment_groups (id) on delete restrict,
  name        varchar(30) not null,
  seq         integer not null default 0,
  created_at  timestamptz not null default now()
);
create index equipment_groups_org_idx on equipment_groups (org_id, parent_id);
create unique index equipment_groups_name_uq on equipment_groups (org_id, coalesce(parent_id, 0), lower(name));

create table templates (
  id                bigint generated always as identity primary key,
  org_id            bigint not null references orgs (id) on delete cascade,
  owner_account_id  bigint references accounts (id) on delete set null,
  name              text not null,
  series            text not null references gateway_series (name),
  type              text not null default 'private' check (type in ('public', 'private')),
  remark            varchar(20) not null default '',
  -- bumped on every configuration change; devices record the version they copied
  config_version    integer not null default 1,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now()
);
create unique index templates_name_uq on templates (org_id, lower(name));

create table template_auth (
  template_id  bigint not null references templates (id) on delete cascade,
  account_id   bigint not null references accounts (id) on delete cascade,
  primary key (template_id, account_id)
);

create table equipment (
  id                   bigint generated always as identity primary key,
  org_id               bigint not null references orgs (id) on delete cascade,
  owner_account_id     bigint references accounts (id) on delete set null,
  group_id             bigint references equipment_groups (id) on delete set null,
  template_id          bigint references templates (id) on delete restrict,
  template_version     integer,
  -- gateway series whose capacities apply (from the bound gateway, template or copied device)
  series               text references gateway_series (name),
  name                 text not null,
  device_number        text not null default '',
  address              text not null default '',
  lng                  double precision,
  lat                  double precision,
  factory_date         date,
  install_date         date,
  warranty_months      integer,
  manufacturer         text not null default '',
  iccid                text not null default '',
  remark               varchar(20) not null default '',
  seq                  integer not null default 0,
  image                text not null default '',
  default_value_mode   text not null default 'custom' check (default_value_mode in ('custom', 'last')),
  menu_bar_visible     boolean not null default true,
  shared               boolean not null default false,
  share_token          text unique,
  share_password_hash  text,
  share_perms          text[] not null default '{}',
  -- bumped on every configuration change (what the gateway must receive)
  config_version       integer not null default 1,
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now()
);
create unique index equipment_name_uq on equipment (org_id, lower(name));
create index equipment_org_idx on equipment (org_id, group_id);
create index equipment_owner_idx on equipment (owner_account_id);
create index equipment_template_idx on equipment (template_id);

-- Gateways are registered by SN before an enterprise binds one to exactly one device.
create table gateways (
  id                    bigint generated always as identity primary key,
  sn                    text not null unique check (sn ~ '^[0-9]{12}$'),
  verify_code           text not null check (verify_code ~ '^[0-9]{6}$'),
  mqtt_password_hash    text not null,
  series                text not null references gateway_series (name),
  model                 text not null default '',
  firmware              text not null default '',
  org_id                bigint references orgs (id) on delete set null,
  equipment_id          bigint unique references equipment (id) on delete set null,
  network_mode          text not null default 'standard' check (network_mode in ('standard', 'switch', 'router')),
  -- a mode change takes effect after the gateway restarts
  pending_network_mode  text check (pending_network_mode in ('standard', 'switch', 'router')),
  remote_mode           text not null default 'off' check (remote_mode in ('off', 'upload', 'download')),
  status                text not null default 'offline' check (status in ('online', 'offline', 'sleeping')),
  signal_strength       integer,
  lan                   jsonb not null default '{}',
  mqtt                  jsonb not null default '{}',
  location              jsonb,
  sleep_delay_s         integer,
  -- configuration the gateway acknowledged (equipment.config_version and its hash)
  applied_version       integer,
  applied_hash          text,
  registered_at         timestamptz not null default now(),
  last_seen_at          timestamptz
);
create index gateways_org_idx on gateways (org_id);

-- Configuration rows belong to a device or to a template (exactly one). A device bound to a
-- template holds copies of the template's rows (source_id names the original).
create table drivers (
  id            bigint generated always as identity primary key,
  org_id        bigint not null references orgs (id) on delete cascade,
  equipment_id  bigint references equipment (id) on delete cascade,
  template_id   bigint references templates (id) on delete cascade,
  source_id     bigint,
  name          text not null,
  protocol      text not null check (protocol in ('modbus-tcp', 'modbus-rtu', 's7', 'opcua')),
  brand         text not null default '',
  model         text not null default '',
  settings      jsonb not null default '{}',
  seq           integer not null default 0,
  created_at    timestamptz not null default now(),
  check ((equipment_id is null) <> (template_id is null))
);
create index drivers_equipment_idx on drivers (equipment_id);
create index drivers_template_idx on drivers (template_id);
create unique index drivers_name_equipment_uq on drivers (equipment_id, lower(name)) where equipment_id is not null;
create unique index drivers_name_template_uq on drivers (template_id, lower(name)) where template_id is not null;

create table variables (
  id              bigint generated always as identity primary key,
  org_id          bigint not null references orgs (id) on delete cascade,
  equipment_id    bigint references equipment (id) on delete cascade,
  template_id     bigint references templates (id) on delete cascade,
  source_id       bigint,
  driver_id       bigint references drivers (id) on delete cascade,
  kind            text not null default 'device' check (kind in ('device', 'intermediate', 'internal', 'summary')),
  name            text not null,
  key             text not null default '',
  unit            text not null default '',
  decimals        integer not null default 2,
  data_type       text not null,
  string_length   integer,
  register_type   text not null default '',
  address         text not null default '',
  rw              text not null default 'r' check (rw in ('rw', 'r', 'w')),
  deadband        double precision,
  collect_formula text not null default '',
  write_formula   text not null default '',
  collect_upper   double precision,
  collect_lower   double precision,
  write_upper     double precision,
  write_lower     double precision,
  mapping         jsonb not null default '[]',
  formula         text not null default '',
  initial_value   text not null default '',
  store_history   boolean not null default false,
  seq             integer not null default 0,
  pinned          text check (pinned in ('top', 'bottom')),
  created_at      timestamptz not null default now(),
  check ((equipment_id is null) <> (template_id is null))
);
create index variables_equipment_idx on variables (equipment_id);
create index variables_template_idx on variables (template_id);
create index variables_driver_idx on variables (driver_id);
create unique index variables_name_equipment_uq on variables (equipment_id, lower(name)) where equipment_id is not null;
create unique index variables_name_template_uq on variables (template_id, lower(name)) where template_id is not null;

create table alarm_rules (
  id            bigint generated always as identity primary key,
  org_id        bigint not null references orgs (id) on delete cascade,
  equipment_id  bigint references equipment (id) on delete cascade,
  template_id   bigint references templates (id) on delete cascade,
  source_id     bigint,
  variable_id   bigint not null references variables (id) on delete cascade,
  rule_type     text not null default '00' check (rule_type in ('00', '01')),
  condition     text not null,
  value         double precision,
  value2        double precision,
  level         text not null default 'normal',
  content       varchar(100) not null,
  methods       text[] not null default '{message}',
  filter_count  integer not null default 1,
  voice_loops   integer not null default 1,
  enabled       boolean not null default true,
  created_at    timestamptz not null default now(),
  check ((equipment_id is null) <> (template_id is null))
);
create index alarm_rules_equipment_idx on alarm_rules (equipment_id);
create index alarm_rules_template_idx on alarm_rules (template_id);
create index alarm_rules_variable_idx on alarm_rules (variable_id);

create table reports (
  id            bigint generated always as identity primary key,
  org_id        bigint not null references orgs (id) on delete cascade,
  equipment_id  bigint references equipment (id) on delete cascade,
  template_id   bigint references templates (id) on delete cascade,
  source_id     bigint,
  name          text not null,
  type          text not null default 'history',
  storage_mode  text not null check (storage_mode in ('periodic', 'conditional', 'change', 'summary')),
  interval_s    integer,
  expression    text not null default '',
  enabled       boolean not null default true,
  created_at    timestamptz not null default now(),
  check ((equipment_id is null) <> (template_id is null))
);
create index reports_equipment_idx on reports (equipment_id);
create index reports_template_idx on reports (template_id);

create table report_items (
  report_id    bigint not null references reports (id) on delete cascade,
  variable_id  bigint not null references variables (id) on delete cascade,
  aggregation  text not null default 'last' check (aggregation in ('delta', 'first', 'last', 'max', 'min', 'avg')),
  seq          integer not null default 0,
  primary key (report_id, variable_id, aggregation)
);
create index report_items_variable_idx on report_items (variable_id);

create table scripts (
  id            bigint generated always as identity primary key,
  org_id        bigint not null references orgs (id) on delete cascade,
  equipment_id  bigint references equipment (id) on delete cascade,
  template_id   bigint references templates (id) on delete cascade,
  source_id     bigint,
  name          text not null,
  strategy      text not null check (strategy in ('start', 'periodic', 'conditional', 'change')),
  interval_s    integer,
  condition     text not null default '',
  body          text not null,
  enabled       boolean not null default true,
  created_at    timestamptz not null default now(),
  check ((equipment_id is null) <> (template_id is null))
);
create index scripts_equipment_idx on scripts (equipment_id);
create index scripts_template_idx on scripts (template_id);

-- Accounts authorised on a device (at most 50, code 1127).
create table equipment_auth (
  equipment_id  bigint not null references equipment (id) on delete cascade,
  account_id    bigint not null references accounts (id) on delete cascade,
  created_at    timestamptz not null default now(),
  primary key (equipment_id, account_id)
);
create index equipment_auth_account_idx on equipment_auth (account_id);

-- Long imports and copies: progress the browser polls.
create table bulk_jobs (
  id          text primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  account_id  bigint references accounts (id) on delete set null,
  kind        text not null,
  state       text not null default 'running' check (state in ('running', 'completed', 'failed')),
  done        integer not null default 0,
  total       integer not null default 0,
  errors      jsonb not null default '[]',
  result      jsonb,
  created_at  timestamptz not null default now(),
  finished_at timestamptz
);
create index bulk_jobs_org_idx on bulk_jobs (org_id, created_at desc);
