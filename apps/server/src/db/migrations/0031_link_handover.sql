-- Telemetry batches received by any server instance (docs/scale-out.md "Batch numbers"), written
-- in the commit of their values: a gap in a gateway's batch numbers that one instance sees is
-- asked for only when no instance received the batches. Rows are kept for minutes.
create table telemetry_batches (
  sn           text not null,
  boot_id      text not null,
  seq          bigint not null,
  received_at  timestamptz not null,
  primary key (sn, boot_id, seq)
);
create index telemetry_batches_received_at on telemetry_batches (received_at);

-- When the gateway was last asked to resend (at most once every 10 s, whichever instance asks).
alter table gateways add column resend_asked_at timestamptz;

-- The MQTT sessions of the server instances in a share group (docs/scale-out.md "Losing an
-- instance"): an instance renews the lease of each of its sessions while connected; a session
-- whose lease lapsed is taken over by another instance (`holder`) until its owner is back.
create table link_sessions (
  client_id    text primary key,
  share_group  text not null,
  username     text not null,
  owner        text not null,
  holder       text not null,
  expires_at   timestamptz not null
);
create index link_sessions_group on link_sessions (share_group, expires_at);
