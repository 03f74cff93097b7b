-- History retention per enterprise (docs/requirements/gateway-link.md §10.3): the stored values and
-- report records of an enterprise's devices are kept this many months. Partitions are per month
-- for all enterprises: whole months are dropped past the longest retention; rows of enterprises
-- keeping less are deleted in bounded batches.
alter table orgs add column history_retention_months integer not null default 36
  check (history_retention_months between 1 and 120);
