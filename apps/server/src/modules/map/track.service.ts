import type { z } from 'zod';
import { TRACK_POINTS_MAX, type Track, type trackQuerySchema } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { visibleDevice } from '../devices/deviceScope';
import { checkedRange } from '../../monitor/history/history.service';
import { findTrackPoints, insertTrackPoint, lastTrackPoint } from './track.repo';
import { keepTrackPoint } from './trackRetention';

/**
 * A position gateway `sn` reported at `at` (a birth's location, a locate task's answer) joins its
 * track when the retention rule keeps it (trackRetention.ts), under the device and enterprise the
 * gateway serves now. An unknown SN records nothing.
 */
export async function recordTrackPoint(
  db: Db,
  sn: string,
  location: { lng: number; lat: number },
  at: Date,
): Promise<boolean> {
  const known = await lastTrackPoint(db, sn);
  if (!known) return false;
  const next = { ts: at, lng: location.lng, lat: location.lat, equipmentId: known.gateway.equipmentId };
  if (!keepTrackPoint(known.last, next)) return false;
  await insertTrackPoint(db, { sn, orgId: known.gateway.orgId, ...next });
  return true;
}

/**
 * /lfscada/map/track/query: the device's track in the range (docs/requirements/data-views.md §5.3),
 * oldest first; the range follows the history rules (10001: before 1970, end before start, more
 * than 30 days); a device the caller may not see is 1101.
 */
export async function queryTrack(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof trackQuerySchema>,
): Promise<Track> {
  const range = checkedRange(q.startTime, q.endTime);
  await visibleDevice(db, auth, q.equipmentId);
  const points = await findTrackPoints(db, auth.orgId, q.equipmentId, range, TRACK_POINTS_MAX + 1);
  return {
    equipmentId: q.equipmentId,
    points: points.slice(0, TRACK_POINTS_MAX),
    truncated: points.length > TRACK_POINTS_MAX,
  };
}
