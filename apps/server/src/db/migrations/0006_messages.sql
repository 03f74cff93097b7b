-- Message centre (seed 000 §1, §3 Message, §7 "Messages"): the fields of a message, public
-- notices, the message socket's tokens, the items expiry reminders are made for (projects, API
-- keys, IoT cards: minimal tables that their own issues extend), the reminders already made, and
-- the lease that picks one scheduler among server instances.

-- `kind` is the message's type (seed 000 §3 `type`).
alter table messages
  add column equip_type            text not null default 'eg',
  add column data_id               bigint,
  add column data_status           text not null default 'sended',
  add column alarm_id              bigint references alarms (id) on delete set null,
  add column alarm_broadcast_times integer not null default 0,
  add column img_url               text not null default '',
  add column ignored_at            timestamptz,
  add column deleted_at            timestamptz;

-- messages made before this migration (alarms) carried these in `data`
update messages
   set equip_type = coalesce(data ->> 'equipType', 'eg'),
       data_id = (data ->> 'dataId')::bigint,
       alarm_id = (select a.id from alarms a where a.id = (messages.data ->> 'alarmId')::bigint),
       alarm_broadcast_times = coalesce((data ->> 'alarmBroadcastTimes')::integer, 0)
 where kind = 'alarm';

alter table messages
  add constraint messages_kind_ck check (kind in ('alarm', 'order', 'notice', 'expire', 'payment')),
  add constraint messages_equip_type_ck
    check (equip_type in ('eg', 'repair', 'inspection', 'api', 'project', 'card', 'wallet', 'public')),
  add constraint messages_broadcast_ck check (alarm_broadcast_times between 0 and 100);

-- the lists (newest first) and the unread counts see only messages not deleted
drop index messages_account_idx;
drop index messages_unread_idx;
create index messages_account_idx on messages (account_id, id desc) where deleted_at is null;
create index messages_unread_idx on messages (account_id, kind) where read_at is null and deleted_at is null;
create index messages_item_idx on messages (account_id, equip_type, data_id) where deleted_at is null;

-- Public notices published by platform operators (menu system/msg); each becomes a message
-- (type notice, equipType public, dataId = notice id) for every account.
create table notices (
  id            bigint generated always as identity primary key,
  title         varchar(100) not null,
  content       text not null,
  publisher_id  bigint references accounts (id) on delete set null,
  publisher     text not null default '',
  created_at    timestamptz not null default now()
);

-- One-use tokens of the message socket (/lfscada/ws/message/subscribe/{token}), stored hashed.
create table msg_tokens (
  token_hash  text primary key,
  account_id  bigint not null references accounts (id) on delete cascade,
  org_id      bigint not null references orgs (id) on delete cascade,
  -- the language the socket's frames are written in (the caller's at token time)
  lang        text not null check (lang in ('zh-CN', 'en-US')),
  expires_at  timestamptz not null
);
create index msg_tokens_expiry_idx on msg_tokens (expires_at);

-- Items with an expiry date. Only what the reminders need; the project, API and card issues
-- add their own columns.
create table projects (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  name        varchar(100) not null,
  expires_at  timestamptz,
  created_at  timestamptz not null default now()
);
create index projects_org_idx on projects (org_id);
create index projects_expiry_idx on projects (expires_at) where expires_at is not null;

create table api_keys (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  name        varchar(100) not null,
  -- sha-256 of the key; the key itself is shown once when made
  key_hash    text not null unique,
  created_by  bigint references accounts (id) on delete set null,
  expires_at  timestamptz,
  created_at  timestamptz not null default now()
);
create index api_keys_org_idx on api_keys (org_id);
create index api_keys_expiry_idx on api_keys (expires_at) where expires_at is not null;

create table iot_cards (
  id          bigint generated always as identity primary key,
  org_id      bigint not null references orgs (id) on delete cascade,
  iccid       varchar(20) not null unique,
  gateway_sn  text not null default '',
  expires_at  timestamptz,
  created_at  timestamptz not null default now()
);
create index iot_cards_org_idx on iot_cards (org_id);
create index iot_cards_expiry_idx on iot_cards (expires_at) where expires_at is not null;

-- Expiry reminders made: one per item, expiry date and threshold (days before; 0 = expired),
-- whichever instance and however often the scheduler runs. A renewed item (new expiry date)
-- gets reminders again.
create table expire_reminders (
  equip_type      text not null check (equip_type in ('api', 'project', 'card')),
  item_id         bigint not null,
  expires_at      timestamptz not null,
  threshold_days  integer not null,
  org_id          bigint not null references orgs (id) on delete cascade,
  created_at      timestamptz not null default now(),
  primary key (equip_type, item_id, expires_at, threshold_days)
);

-- Leases of periodic jobs: the instance whose lease is current runs the job; another takes it
-- over once it lapses (an instance stopped without handing it back).
create table scheduler_leases (
  name        text primary key,
  holder      text not null,
  expires_at  timestamptz not null
);
