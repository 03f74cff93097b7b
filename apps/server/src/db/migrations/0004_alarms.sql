-- Alarms: records of variable (signal) alarms and gateway-offline alarms, in-app messages and the
-- outbox of notifications (SMS, phone, voice, push, e-mail) made for them.

-- One row per alarm occurrence: raised (state 'active') and later released (state 'cleared').
-- The rule's text, condition and thresholds are copied in, so the history survives rule edits
-- and deletions (rule_id and variable_id are therefore plain numbers, not foreign keys).
create table alarms (
  id              bigint generated always as identity primary key,
  org_id          bigint not null references orgs (id) on delete cascade,
  equipment_id    bigint not null references equipment (id) on delete cascade,
  kind            text not null check (kind in ('signal', 'gateway')),
  -- signal alarms
  rule_id         bigint,
  variable_id     bigint,
  variable_name   text not null default '',
  rule_type       text not null default '00' check (rule_type in ('00', '01')),
  condition       text not null default '',
  threshold       double precision,
  threshold2      double precision,
  level           text not null default 'normal',
  content         text not null default '',
  trigger_value   jsonb,
  release_value   jsonb,
  -- gateway alarms
  sn              text,
  state           text not null default 'active' check (state in ('active', 'cleared')),
  -- times of the samples that raised and released it (gateway alarms: server time)
  triggered_at    timestamptz not null,
  released_at     timestamptz,
  confirmed_at    timestamptz,
  confirmed_by    bigint references accounts (id) on delete set null,
  confirm_note    varchar(100) not null default '',
  created_at      timestamptz not null default now(),
  check ((kind = 'signal') = (rule_id is not null and variable_id is not null)),
  check ((kind = 'gateway') = (sn is not null)),
  check ((state = 'cleared') = (released_at is not null))
);
-- Exactly one active alarm per rule and variable, and one per device's gateway, whichever server
-- instance or concurrent batch tries to raise a second one.
create unique index alarms_active_signal_uq on alarms (rule_id, variable_id) where state = 'active' and kind = 'signal';
create unique index alarms_active_gateway_uq on alarms (equipment_id) where state = 'active' and kind = 'gateway';
create index alarms_equipment_idx on alarms (equipment_id, kind, triggered_at desc);
create index alarms_active_gateway_sn_idx on alarms (sn) where state = 'active' and kind = 'gateway';
create index alarms_active_idx on alarms (equipment_id, kind) where state = 'active';

-- In-app messages of an account (the message centre): alarms now, orders, notices and expiry
-- reminders later. What a kind needs beyond title and body goes in `data`.
create table messages (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  account_id  bigint not null references accounts (id) on delete cascade,
  kind        text not null,
  title       text not null,
  body        text not null default '',
  data        jsonb not null default '{}',
  read_at     timestamptz,
  created_at  timestamptz not null default now()
);
create index messages_account_idx on messages (account_id, created_at desc);
create index messages_unread_idx on messages (account_id) where read_at is null;

-- Every notification made for someone outside the browser. The default provider only records it
-- here (status 'recorded'); a configured provider's rows wait as 'pending' until it has sent them.
create table notification_outbox (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  account_id  bigint references accounts (id) on delete set null,
  alarm_id    bigint references alarms (id) on delete set null,
  channel     text not null check (channel in ('push', 'sms', 'phone', 'voice', 'email')),
  recipient   text not null default '',
  title       text not null,
  body        text not null default '',
  data        jsonb not null default '{}',
  provider    text not null,
  status      text not null check (status in ('recorded', 'pending', 'sending', 'sent', 'failed', 'skipped')),
  error       text not null default '',
  attempts    integer not null default 0,
  created_at  timestamptz not null default now(),
  sent_at     timestamptz
);
create index notification_outbox_org_idx on notification_outbox (org_id, created_at desc);
create index notification_outbox_pending_idx on notification_outbox (id) where status = 'pending';
