-- Repair work orders (docs/requirements/operations.md §2, issue 19): the order with the times of
-- each step, its attachments (at most 10, checked by the service) and its timeline.

-- The last number handed out per enterprise: the next order's number is taken from it in the
-- creating transaction, so two orders of one enterprise never get the same generated number.
create table repair_order_counters (
  org_id  bigint primary key references orgs (id) on delete cascade,
  last_n  bigint not null
);

create table repair_orders (
  id             bigint generated always as identity primary key,
  org_id         bigint not null references orgs (id) on delete cascade,
  number         text not null,
  equipment_id   bigint not null references equipment (id) on delete cascade,
  alarm_id       bigint references alarms (id) on delete set null,
  problem        text not null,
  priority       text not null default 'normal' check (priority in ('low', 'normal', 'high', 'urgent')),
  state          text not null default 'pending'
                   check (state in ('pending', 'dispatched', 'received', 'finished', 'ended')),
  requester_id   bigint references accounts (id) on delete set null,
  repairer_id    bigint references accounts (id) on delete set null,
  content        text not null default '',
  parts          jsonb not null default '[]',
  end_reason     text not null default '',
  created_at     timestamptz not null,
  dispatched_at  timestamptz,
  accepted_at    timestamptz,
  finished_at    timestamptz,
  ended_at       timestamptz,
  updated_at     timestamptz not null
);
create unique index repair_orders_number_uq on repair_orders (org_id, lower(number));
create index repair_orders_org_idx on repair_orders (org_id, created_at desc);
create index repair_orders_equipment_idx on repair_orders (equipment_id, created_at desc);
create index repair_orders_repairer_idx on repair_orders (repairer_id) where state in ('dispatched', 'received');

-- A photo or file of an order, stored as uploaded (type sniffed from the bytes).
create table repair_attachments (
  id           bigint generated always as identity primary key,
  org_id       bigint not null references orgs (id) on delete cascade,
  order_id     bigint not null references repair_orders (id) on delete cascade,
  kind         text not null check (kind in ('image', 'file')),
  mime         text not null,
  file_name    text not null,
  content      bytea not null,
  uploaded_by  bigint references accounts (id) on delete set null,
  created_at   timestamptz not null
);
create index repair_attachments_order_idx on repair_attachments (order_id, id);

-- Who did what and when (§2.5): one row per change of the order.
create table repair_events (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  order_id    bigint not null references repair_orders (id) on delete cascade,
  account_id  bigint references accounts (id) on delete set null,
  action      text not null
                check (action in ('create', 'dispatch', 'accept', 'finish', 'end', 'attach', 'detach')),
  detail      jsonb not null default '{}',
  at          timestamptz not null
);
create index repair_events_order_idx on repair_events (order_id, id);
