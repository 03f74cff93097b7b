-- Track playback (docs/requirements/data-views.md §5.3): the positions gateways reported (a birth's
-- location, a locate task's answer) with the time the platform received them, and the device and
-- enterprise the gateway served then. Retention is bounded by the writer (modules/map/trackRetention.ts):
-- a position is kept only when it moved at least 50 m from the gateway's last kept one, or at most
-- one every 15 minutes while it stays put (or when the gateway serves another device).
create table gateway_track_points (
  id            bigint generated always as identity primary key,
  gateway_sn    text not null references gateways (sn) on delete cascade,
  org_id        bigint references orgs (id) on delete cascade,
  equipment_id  bigint references equipment (id) on delete cascade,
  ts            timestamptz not null,
  lng           double precision not null check (lng between -180 and 180),
  lat           double precision not null check (lat between -90 and 90)
);
-- a device's track in a range; the gateway's last kept point
create index gateway_track_points_equipment_ts on gateway_track_points (equipment_id, ts);
create index gateway_track_points_gateway_ts on gateway_track_points (gateway_sn, ts desc);
