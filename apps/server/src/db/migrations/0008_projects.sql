-- Projects, the operations centres (seed 001 §3 Project, §6, §9; seed 000 §2; issue 8). The table
-- made by 0006 (id, org_id, name, expires_at, created_at; the expiry reminders read them) gets the
-- project's own fields; bound equipment, member accounts and their per-page permissions follow.
-- Pages of a project live in `pages` (0007, project_id); their order is pages.seq.

-- names made before this migration may repeat within an enterprise: keep the first, number the others
update projects p
   set name = left(p.name, 90) || ' (' || p.id || ')'
 where exists (select 1 from projects q where q.org_id = p.org_id and lower(q.name) = lower(p.name) and q.id < p.id);

alter table projects
  add column remark               varchar(200) not null default '',
  -- position in the project list (smaller first, then id)
  add column seq                  integer not null default 0,
  -- what pages show for a failed reading: the project's default text, or the last value read
  add column error_val_show       text not null default 'custom' check (error_val_show in ('custom', 'last')),
  add column error_default_val    varchar(20) not null default '0',
  -- the shared link: on/off, its token, its password (scrypt hash, null = none) and what it may do
  add column shared               boolean not null default false,
  add column share_token          text unique,
  add column share_password_hash  text,
  add column share_perms          text[] not null default '{}',
  add column created_by           bigint references accounts (id) on delete set null,
  add column updated_by           bigint references accounts (id) on delete set null,
  add column updated_at           timestamptz not null default now();

create unique index projects_name_uq on projects (org_id, lower(name));
create index projects_list_idx on projects (org_id, seq, id);

-- Devices bound to a project. `key` names the device in the project (scripts, intermediate
-- variable formulas), unique per project whatever its case; `title` is its name in the project.
create table project_equipment (
  project_id    bigint not null references projects (id) on delete cascade,
  equipment_id  bigint not null references equipment (id) on delete cascade,
  org_id        bigint not null references orgs (id) on delete cascade,
  title         varchar(50) not null,
  key           varchar(32) not null,
  created_at    timestamptz not null default now(),
  primary key (project_id, equipment_id)
);
create unique index project_equipment_key_uq on project_equipment (project_id, lower(key));
create index project_equipment_equipment_idx on project_equipment (equipment_id);
create index project_equipment_org_idx on project_equipment (org_id);

-- Accounts that are members of a project (seed 001 §6 "Users can be added, edited, deleted on a
-- project"; at most 50 per project, 2602).
create table project_accounts (
  project_id  bigint not null references projects (id) on delete cascade,
  account_id  bigint not null references accounts (id) on delete cascade,
  org_id      bigint not null references orgs (id) on delete cascade,
  created_by  bigint references accounts (id) on delete set null,
  created_at  timestamptz not null default now(),
  primary key (project_id, account_id)
);
create index project_accounts_account_idx on project_accounts (account_id);

-- pagePmsn: the pages of its project a member may see ('view') or also write through
-- ('operate'); at most 10 members per page (1902). Gone with the member or the page.
create table project_page_pmsn (
  project_id  bigint not null,
  account_id  bigint not null,
  page_id     bigint not null references pages (id) on delete cascade,
  pmsn        text not null default 'view' check (pmsn in ('view', 'operate')),
  primary key (project_id, account_id, page_id),
  foreign key (project_id, account_id) references project_accounts (project_id, account_id) on delete cascade
);
create index project_page_pmsn_page_idx on project_page_pmsn (page_id);
