-- Alarms follow the time order of samples (docs/requirements/monitoring.md §7.5, §7.6): an alarm
-- learnt late — raised by a sample older than one already judged, or by replayed history — is
-- recorded with its true times and marked delayed; such alarms already over are told as one
-- summary per device and replay, if the enterprise wants to hear of them at all.
alter table alarms add column delayed boolean not null default false;
alter table orgs add column notify_delayed_alarms boolean not null default true;

-- the records of one rule in a time window, read when a late sample is judged in its place
create index alarms_rule_time_idx on alarms (rule_id, variable_id, triggered_at) where kind = 'signal';
