import { useEffect, useRef, useState } from 'react';
import type { TrackPoint } from '@fieldhub/shared';
import { advance, pointsPassed, positionAt, type PlaySpeed } from './trackPlayback';

/**
 * The playback of a track: the moment shown (moved by the time slider or by playing), play/pause
 * and speed. Playing moves the moment once per animation frame by the real time elapsed; at the
 * end it stops. A new track starts at its first point, paused.
 */
export function useTrackPlayer(points: readonly TrackPoint[] | null) {
  const [t, setT] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaySpeed>(1);
  const first = points?.[0]?.ts ?? 0;
  const last = points?.at(-1)?.ts ?? 0;

  useEffect(() => {
    setT(first);
    setPlaying(false);
  }, [points, first]);

  const now = useRef(t);
  now.current = t;
  useEffect(() => {
    if (!playing || !points?.length) return;
    let frame = 0;
    let before = performance.now();
    const step = (at: number) => {
      const next = advance(points, now.current, at - before, speed);
      before = at;
      setT(next);
      if (next >= last) setPlaying(false);
      else frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing, points, speed, last]);

  return {
    t,
    first,
    last,
    playing,
    speed,
    position: points ? positionAt(points, t) : null,
    passed: points ? pointsPassed(points, t) : 0,
    seek: (to: number) => setT(Math.min(last, Math.max(first, to))),
    play: () => {
      // from the start again once it reached the end
      if (t >= last) setT(first);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    setSpeed,
  };
}

export type TrackPlayer = ReturnType<typeof useTrackPlayer>;
