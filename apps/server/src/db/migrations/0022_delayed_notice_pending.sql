-- An alarm learnt late waits to be told until its device's replay goes quiet
-- (docs/requirements/monitoring.md §7.6). The wait is kept here too, so that a restart in the
-- meantime tells it at the next start instead of forgetting it; telling clears it, once, whichever
-- instance tells.
alter table alarms add column notice_pending boolean not null default false;
create index alarms_notice_pending on alarms (equipment_id) where notice_pending;
