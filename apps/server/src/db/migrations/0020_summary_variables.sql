-- Data summary variables (docs/requirements/data-views.md §2, device-configuration.md §3.6): a
-- variable of kind 'summary' aggregates the stored history of other variables of its enterprise per
-- closed period; its results are its own history in signal_values (period start as ts).
alter table variables add column summary_sources bigint[] not null default '{}';
alter table variables add column summary_aggregation text
  check (summary_aggregation in ('sum', 'avg', 'min', 'max', 'count'));
alter table variables add column summary_period text check (summary_period in ('hour', 'day', 'month'));
-- end of the last period the scheduler computed; null before its first run
alter table variables add column summary_done_until timestamptz;
-- before this migration the kind could be chosen without a definition: such rows were computed like
-- internal variables (from their formula), and stay so
update variables set kind = 'internal' where kind = 'summary';
alter table variables add constraint variables_summary_ck check (
  (kind = 'summary') = (summary_aggregation is not null and summary_period is not null
                        and cardinality(summary_sources) > 0));

-- the same sources (kept sorted), aggregation and period once per enterprise (1725)
create unique index variables_summary_uq on variables (org_id, summary_aggregation, summary_period, summary_sources)
  where kind = 'summary';
create index variables_summary_idx on variables (org_id) where kind = 'summary';
