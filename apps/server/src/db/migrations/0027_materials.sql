-- The material library of the page designer (docs/requirements/pages-and-designer.md §12.1): images an
-- enterprise uploads (type sniffed from the bytes, SVG checked) and picks for page backgrounds and
-- image widgets, served under /userimg/<file_key> to the enterprise's accounts.
create table materials (
  id           bigint generated always as identity primary key,
  org_id       bigint not null references orgs (id) on delete cascade,
  file_key     text not null unique,
  name         text not null,
  mime         text not null,
  size         integer not null,
  content      bytea not null,
  uploaded_by  bigint references accounts (id) on delete set null,
  created_at   timestamptz not null
);
create index materials_org_idx on materials (org_id, id desc);
