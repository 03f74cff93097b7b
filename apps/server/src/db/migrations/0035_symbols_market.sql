-- Symbols and the configuration market (docs/requirements/pages-and-designer.md §12.2–§12.3,
-- back-office.md §6). A symbol is an enterprise's saved selection with placeholder bindings, kept as
-- its symbol file; names unique in the enterprise (2132). A page template is published by the
-- platform operator for every enterprise's designers; names unique (2133).
create table page_symbols (
  id                 bigint generated always as identity primary key,
  org_id             bigint not null references orgs (id) on delete cascade,
  name               text not null,
  file               jsonb not null,
  widget_count       integer not null,
  placeholder_count  integer not null,
  created_by         bigint references accounts (id) on delete set null,
  created_at         timestamptz not null,
  constraint page_symbols_name_uq unique (org_id, name)
);

create table page_templates (
  id            bigint generated always as identity primary key,
  name          text not null,
  description   text not null default '',
  cover         text not null default '',
  document      jsonb not null,
  widget_count  integer not null,
  updated_at    timestamptz not null,
  constraint page_templates_name_uq unique (name)
);
