-- A command task is 'queued' from its creation until the broker has taken the command, then
-- 'sent' until the gateway answers or the task expires.
alter table command_tasks drop constraint command_tasks_state_check;
alter table command_tasks
  add constraint command_tasks_state_check
  check (state in ('queued', 'sent', 'succeeded', 'failed', 'expired'));
alter table command_tasks alter column state set default 'queued';
drop index command_tasks_open_idx;
create index command_tasks_open_idx on command_tasks (expires_at) where state in ('queued', 'sent');
