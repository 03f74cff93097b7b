import { useQuery } from '@tanstack/react-query';
import { mapCalls, monitorCalls, TIMERS, type TrackQuery } from '@fieldhub/shared';
import { callApi } from '../../app/request';

/** Query keys of the map screen. */
export const mapKeys = {
  devices: ['map', 'devices'] as const,
  settings: ['map', 'settings'] as const,
  track: (q: TrackQuery) => ['map', 'track', q] as const,
};

/** Every device with a position (own or its gateway's); states refresh with the gateway poll. */
export function useMapDevices() {
  return useQuery({
    queryKey: mapKeys.devices,
    queryFn: () => callApi(monitorCalls.mapCards, {}),
    refetchInterval: TIMERS.gatewayPoll,
  });
}

/** The tile source the server is set up with (MAP_TILE_URL / MAP_TILE_DIR). */
export function useMapSettings() {
  return useQuery({
    queryKey: mapKeys.settings,
    queryFn: () => callApi(mapCalls.settings),
    staleTime: Infinity,
  });
}

/** A device's track in a range, once one is asked for; the server's refusal shows as a toast. */
export function useTrack(query: TrackQuery | null) {
  return useQuery({
    queryKey: query ? mapKeys.track(query) : ['map', 'track', 'none'],
    queryFn: () => callApi(mapCalls.track, query!),
    enabled: !!query,
    retry: false,
  });
}
