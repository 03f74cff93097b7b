-- Configuration pages (seed 001 §3 Page; issue 7): a page belongs to exactly one owner, a device,
-- a template or a project, and is deleted with it. `version` is the optimistic-concurrency counter
-- of /page/save; `document` is the packages/hmi page document.
create table pages (
  id             bigint generated always as identity primary key,
  org_id         bigint not null references orgs (id) on delete cascade,
  equipment_id   bigint references equipment (id) on delete cascade,
  template_id    bigint references templates (id) on delete cascade,
  project_id     bigint references projects (id) on delete cascade,
  name           varchar(50) not null,
  seq            integer not null default 0,
  version        integer not null default 1,
  document       jsonb not null,
  -- scrypt hash of the page password (seed 001 checkpwd / password); null = not protected
  password_hash  text,
  thumbnail      text,
  created_by     bigint references accounts (id) on delete set null,
  updated_by     bigint references accounts (id) on delete set null,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now(),
  check (num_nonnulls(equipment_id, template_id, project_id) = 1)
);
create index pages_equipment_idx on pages (equipment_id, seq) where equipment_id is not null;
create index pages_template_idx on pages (template_id, seq) where template_id is not null;
create index pages_project_idx on pages (project_id, seq) where project_id is not null;
create index pages_org_idx on pages (org_id);
