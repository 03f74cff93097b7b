/**
 * The navigation widgets: nav bar and menu (entries leading to pages or links), embedded page
 * (iframe), rich text and carousel. In the designer they are drawn without reacting (the canvas
 * owns the pointer); in the viewer entries navigate and the carousel turns.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Widget } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime } from '../runtime';
import { num, obj, str, textStyleOf } from '../styleOf';
import { BodyNote } from './BodyNote';
import { cleanRichText, navItemsOf, targetOf, type NavItem } from './navItems';

type Loose = Record<string, unknown>;

function useGo() {
  const runtime = useWidgetRuntime();
  const navigate = useNavigate();
  return (clickEvent: Record<string, unknown>) => {
    if (runtime.mode === 'design') return;
    const target = targetOf(clickEvent, runtime.scope);
    if (!target) return;
    if (target.newWindow || /^https?:/i.test(target.href))
      window.open(target.href, target.newWindow ? '_blank' : '_self', 'noopener');
    else void navigate(target.href);
  };
}

function NavList({ widget, vertical }: { widget: Widget; vertical: boolean }) {
  const t = useWidgetText();
  const go = useGo();
  const st = widget.style as Loose;
  const items = navItemsOf((widget.data as Loose)['navItems']);
  const [active, setActive] = useState(() => items.find((i) => i.defaultAct)?.id ?? items[0]?.id ?? '');
  const [open, setOpen] = useState<string | null>(null);
  const font = textStyleOf(widget);
  const shown: NavItem[] = items.length
    ? items
    : [1, 2, 3].map((n) => ({
        id: `s${n}`,
        label: t('complex.nav-sample', { n }),
        iconHref: '',
        defaultAct: n === 1,
        authRegion: [],
        clickEvent: {},
        children: [],
      }));
  const entry = (i: NavItem, depth: number) => (
    <div key={i.id}>
      <div
        role="button"
        data-testid="nav-entry"
        onClick={() => {
          setActive(i.id);
          if (i.children.length) setOpen(open === i.id ? null : i.id);
          else go(i.clickEvent);
        }}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          padding: vertical ? `0 ${12 + depth * 14}px` : '0 16px',
          height: vertical ? 40 : '100%',
          cursor: 'pointer',
          whiteSpace: 'nowrap',
          color: i.id === active ? str(st['activeColor'], '#1890FF') : str(st['color'], '#000000'),
          borderBottom:
            !vertical && i.id === active ? `2px solid ${str(st['activeColor'], '#1890FF')}` : undefined,
          opacity: items.length ? 1 : 0.7,
        }}
      >
        {i.iconHref && <img src={i.iconHref} alt="" style={{ width: 16, height: 16 }} />}
        {i.label}
        {i.children.length > 0 && (
          <span style={{ marginLeft: 'auto', fontSize: 10 }}>{open === i.id ? '▾' : '▸'}</span>
        )}
      </div>
      {vertical && open === i.id && i.children.map((c) => entry(c, depth + 1))}
    </div>
  );
  return (
    <div
      data-testid={vertical ? 'menu-widget' : 'nav-widget'}
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        alignItems: vertical ? 'stretch' : 'center',
        background: str(st['fill'], vertical ? '#FFFFFF' : '#001529'),
        fontFamily: font.fontFamily,
        fontSize: font.fontSize,
        overflow: 'auto',
        border: vertical ? '1px solid #E5E7EB' : undefined,
      }}
    >
      {shown.map((i) => entry(i, 0))}
    </div>
  );
}

function IframeBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const d = widget.data as Loose;
  const target = targetOf(
    {
      action: d['link'] ? 'link' : 'page',
      link: d['link'],
      pageId: d['pageId'],
      page: { equipPageId: d['mainPageId'] },
    },
    runtime.scope,
  );
  const label = str(d['pageTitle'], '') || str(d['link'], '');
  if (runtime.mode === 'design' || d['enable'] === false || !target) {
    return (
      <div
        style={{ position: 'absolute', inset: 0, border: '1px solid #CBD5E1', background: '#F8FAFC' }}
        data-testid="iframe-widget"
      >
        <BodyNote text={target ? t('complex.iframe-of', { name: label }) : t('complex.iframe-none')} />
      </div>
    );
  }
  return (
    <iframe
      title={label}
      name="nav-iframe"
      src={target.href}
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        border: 0,
        overflow: (widget.style as Loose)['scrollType'] === 'hidden' ? 'hidden' : 'auto',
      }}
      data-testid="iframe-widget"
    />
  );
}

function ImageTextBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const raw = str((widget.data as Loose)['richText'], '');
  const html = useMemo(() => (raw ? cleanRichText(raw) : ''), [raw]);
  return (
    <div
      data-testid="richtext-widget"
      style={{
        position: 'absolute',
        inset: 0,
        overflow: 'auto',
        padding: 8,
        background: str(widget.style.fill, '#FFFFFF'),
      }}
    >
      {html ? (
        <div dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <BodyNote text={t('complex.richtext-empty')} />
      )}
    </div>
  );
}

function SlideBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const go = useGo();
  const st = widget.style as Loose;
  const pics = (
    Array.isArray((widget.data as Loose)['picArray']) ? ((widget.data as Loose)['picArray'] as unknown[]) : []
  )
    .map(obj)
    .filter((p) => p['enable'] !== false && str(p['imgUrl'], ''));
  const [index, setIndex] = useState(0);
  const seconds = Math.max(1, num(st['time'], 5));
  const auto = st['slideAuto'] !== false && runtime.mode === 'view' && pics.length > 1;
  useEffect(() => {
    if (!auto) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % pics.length), seconds * 1000);
    return () => clearInterval(timer);
  }, [auto, pics.length, seconds]);
  const indicator = obj(st['indicator']);
  if (!pics.length) {
    return (
      <div style={{ position: 'absolute', inset: 0, background: '#E2E8F0' }} data-testid="slide-widget">
        <BodyNote text={t('complex.slide-empty')} />
      </div>
    );
  }
  const current = index % pics.length;
  const vertical = st['slideType'] === 'y';
  return (
    <div style={{ position: 'absolute', inset: 0, overflow: 'hidden' }} data-testid="slide-widget">
      <div
        style={{
          display: 'flex',
          flexDirection: vertical ? 'column' : 'row',
          width: vertical ? '100%' : `${pics.length * 100}%`,
          height: vertical ? `${pics.length * 100}%` : '100%',
          transform: vertical
            ? `translateY(-${(current * 100) / pics.length}%)`
            : `translateX(-${(current * 100) / pics.length}%)`,
          transition: 'transform 0.5s',
        }}
      >
        {pics.map((p, i) => (
          <img
            key={i}
            src={str(p['imgUrl'], '')}
            alt=""
            onClick={() => go(obj(p['clickEvent']))}
            style={{
              width: vertical ? '100%' : `${100 / pics.length}%`,
              height: vertical ? `${100 / pics.length}%` : '100%',
              objectFit: str(st['fit'], 'cover') as 'cover',
            }}
          />
        ))}
      </div>
      <div
        style={{
          position: 'absolute',
          bottom: 8,
          left: 0,
          right: 0,
          display: 'flex',
          justifyContent: 'center',
          gap: 6,
        }}
      >
        {pics.map((_, i) => (
          <span
            key={i}
            onClick={() => setIndex(i)}
            style={{
              width: 8,
              height: 8,
              borderRadius: 4,
              cursor: 'pointer',
              background:
                i === current
                  ? str(indicator['activeColor'], '#FFFFFF')
                  : str(indicator['color'], '#FFFFFF80'),
            }}
          />
        ))}
      </div>
    </div>
  );
}

export default function NavigateBody({ widget }: { widget: Widget }) {
  switch (widget.widgetType) {
    case 'NavigateNav':
      return <NavList widget={widget} vertical={false} />;
    case 'NavigateMenu':
      return <NavList widget={widget} vertical />;
    case 'NavigateIframe':
      return <IframeBody widget={widget} />;
    case 'NavigateImageText':
      return <ImageTextBody widget={widget} />;
    default:
      return <SlideBody widget={widget} />;
  }
}
