/**
 * The video widget (ComplexVideo): plays the stream URL, HLS (.m3u8) through hls.js where the
 * browser has no native HLS, FLV through mpegts.js. The EZVIZ fields (serial, channel, ...) are
 * stored with the widget for a deployment's EZVIZ adapter; this player needs a stream URL. The
 * designer draws a dark frame with the URL instead of opening the stream.
 */
import { useEffect, useRef, useState } from 'react';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { Widget } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime } from '../runtime';
import { num, str } from '../styleOf';

type Loose = Record<string, unknown>;

/** How to play a URL: by the chosen type, else by its extension. */
export function streamKind(url: string, chosen: unknown): 'hls' | 'flv' | 'native' {
  if (chosen === 'hls' || chosen === 'flv') return chosen;
  const path = url.split('?')[0]!.toLowerCase();
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.flv')) return 'flv';
  return 'native';
}

function Player({ url, kind }: { url: string; kind: 'hls' | 'flv' | 'native' }) {
  const t = useWidgetText();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    setFailed(false);
    let stop = () => undefined as void;
    let cancelled = false;
    const fail = () => !cancelled && setFailed(true);
    if (kind === 'hls' && !el.canPlayType('application/vnd.apple.mpegurl')) {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) return fail();
        const hls = new Hls({ lowLatencyMode: true });
        hls.on(Hls.Events.ERROR, (_e, data) => data.fatal && fail());
        hls.loadSource(url);
        hls.attachMedia(el);
        stop = () => hls.destroy();
      });
    } else if (kind === 'flv') {
      void import('mpegts.js').then(({ default: mpegts }) => {
        if (cancelled) return;
        if (!mpegts.isSupported()) return fail();
        const player = mpegts.createPlayer({ type: 'flv', isLive: true, url });
        player.on(mpegts.Events.ERROR, fail);
        player.attachMediaElement(el);
        player.load();
        void Promise.resolve(player.play()).catch(() => undefined);
        stop = () => player.destroy();
      });
    } else {
      el.src = url;
    }
    return () => {
      cancelled = true;
      stop();
      el.removeAttribute('src');
    };
  }, [url, kind]);
  return (
    <>
      <video
        ref={video}
        muted
        autoPlay
        playsInline
        controls
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', objectFit: 'contain', background: '#000' }}
      />
      {failed && <Frame text={t('complex.video-failed')} sub={url} />}
    </>
  );
}

function Frame({ text, sub }: { text: string; sub?: string }) {
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        color: '#cbd5e1',
        gap: 6,
        padding: 8,
        textAlign: 'center',
        pointerEvents: 'none',
      }}
    >
      <PlayCircleOutlined style={{ fontSize: 36 }} />
      <span style={{ fontSize: 13 }}>{text}</span>
      {sub && <span style={{ fontSize: 11, color: '#94a3b8', wordBreak: 'break-all' }}>{sub}</span>}
    </div>
  );
}

export default function VideoBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const d = widget.data as Loose;
  const url = str(d['url'], '').trim();
  const kind = streamKind(url, d['streamType']);
  return (
    <div
      data-testid="video-widget"
      style={{
        position: 'absolute',
        inset: 0,
        background: str(widget.style.fill, '#000000'),
        borderRadius: num(widget.style.radius, 0),
        overflow: 'hidden',
      }}
    >
      {!url ? (
        <Frame text={t('complex.video-no-url')} />
      ) : runtime.mode === 'design' ? (
        <Frame text={t(`complex.video-kind-${kind}`)} sub={url} />
      ) : (
        <Player url={url} kind={kind} />
      )}
    </div>
  );
}
