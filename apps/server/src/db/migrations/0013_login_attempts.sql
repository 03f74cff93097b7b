-- Login attempts being checked right now per login name (claimed before the password check, given
-- back after it): a login that finds another attempt in flight must carry the image code, so a
-- burst of parallel requests cannot all go without it. attempted_at ages out claims of a process
-- that stopped mid-attempt.
alter table login_failures
  add column attempts     integer not null default 0,
  add column attempted_at timestamptz;
