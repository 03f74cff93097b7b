-- How often one address may ask a public call that names an account (password retrieval's account
-- steps, docs/requirements/account-security.md §3): the times of its requests still in the window,
-- per key, shared by every server instance.
create table request_budgets (
  key   text primary key,
  times timestamptz[] not null
);
