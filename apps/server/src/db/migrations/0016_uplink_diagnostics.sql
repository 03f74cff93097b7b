-- Diagnostics of a gateway's link (docs/requirements/gateway-link.md §4.2, §4.3): how many values,
-- items and acknowledgements the platform refused of it (told to the gateway on `down/refused`),
-- the code and time of the last refusal, and how far its clock was off at its last status.
alter table gateways
  add column refused_count bigint not null default 0,
  add column refused_code integer,
  add column refused_at timestamptz,
  add column clock_skew_ms bigint;
