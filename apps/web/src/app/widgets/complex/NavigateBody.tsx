/**
 * The navigation widgets: nav bar and menu (entries leading to pages or links), embedded page
 * (iframe), rich text and carousel. In the designer they are drawn without reacting (the canvas
 * owns the pointer); in the viewer entries navigate and the carousel turns.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dropdown, type MenuProps } from 'antd';
import {
  ancestorsOf,
  defaultActivePath,
  navEntriesOf,
  newNavEntry,
  type NavEntry,
  type Widget,
} from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime, useWidgetWriter } from '../runtime';
import { num, obj, str, textStyleOf } from '../styleOf';
import { BodyNote } from './BodyNote';
import { cleanRichText, slidePictures, targetOf } from './navItems';

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

/** Sample entries a nav bar or menu without entries shows, so its look can be judged. */
function sampleEntries(t: ReturnType<typeof useWidgetText>): NavEntry[] {
  return [1, 2, 3].map((n) => ({
    ...newNavEntry(`s${n}`, t('complex.nav-sample', { n })),
    defaultAct: n === 1,
  }));
}

/** An entry's icon (an image address) before its label. */
const Icon = ({ href }: { href: string }) =>
  href ? <img src={href} alt="" style={{ width: 16, height: 16, objectFit: 'contain' }} /> : null;

/**
 * A nav bar (horizontal: children in a drop-down) or a menu (vertical: children unfold below their
 * parent). It opens on the entry active by default, its parents unfolded; an entry with children
 * unfolds them, an entry without leads where its click event says.
 */
function NavList({ widget, vertical }: { widget: Widget; vertical: boolean }) {
  const t = useWidgetText();
  const go = useGo();
  const st = widget.style as Loose;
  const raw = (widget.data as Loose)['navItems'];
  const items = useMemo(() => navEntriesOf(raw), [raw]);
  const shown = items.length ? items : sampleEntries(t);
  const start = useMemo(() => defaultActivePath(shown), [shown]);
  const [active, setActive] = useState(() => start[start.length - 1]?.id ?? '');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(start.slice(0, -1).map((e) => e.id)));
  const font = textStyleOf(widget);
  const colour = str(st['color'], vertical ? '#000000' : '#FFFFFF');
  const activeColour = str(st['activeColor'], '#1890FF');
  // a parent shows active while one of its children is
  const activeLine = new Set([active, ...ancestorsOf(shown, active).map((e) => e.id)]);
  const pick = (e: NavEntry) => {
    setActive(e.id);
    if (e.clickEvent.enable) go(e.clickEvent.config);
  };
  const toggle = (e: NavEntry) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(e.id)) next.add(e.id);
      return next;
    });
  const row = (e: NavEntry, depth: number, onClick: () => void) => (
    <div
      role="button"
      data-testid="nav-entry"
      data-entry={e.id}
      data-active={activeLine.has(e.id) ? 'yes' : 'no'}
      onClick={onClick}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        padding: vertical ? `0 12px 0 ${12 + depth * 16}px` : '0 16px',
        height: vertical ? 40 : '100%',
        cursor: 'pointer',
        whiteSpace: 'nowrap',
        color: activeLine.has(e.id) ? activeColour : colour,
        borderBottom: !vertical && activeLine.has(e.id) ? `2px solid ${activeColour}` : undefined,
        background: vertical && e.id === active ? `${activeColour}1A` : undefined,
        opacity: items.length ? 1 : 0.7,
      }}
    >
      <Icon href={e.iconHref} />
      {e.label}
      {e.children.length > 0 && (
        <span style={{ marginLeft: vertical ? 'auto' : 4, fontSize: 10 }}>
          {vertical ? (open.has(e.id) ? '▾' : '▸') : '▾'}
        </span>
      )}
    </div>
  );
  const menuEntry = (e: NavEntry, depth: number): ReactNode => (
    <div key={e.id}>
      {row(e, depth, () => (e.children.length ? toggle(e) : pick(e)))}
      {open.has(e.id) && e.children.map((c) => menuEntry(c, depth + 1))}
    </div>
  );
  // the bar's children drop down in a layer of their own (the bar's box is only as high as a row)
  const dropItems = (list: NavEntry[]): NonNullable<MenuProps['items']> =>
    list.map((c) => ({
      key: c.id,
      label: (
        <span data-testid="nav-child" data-entry={c.id}>
          {c.label}
        </span>
      ),
      icon: c.iconHref ? <Icon href={c.iconHref} /> : undefined,
      children: c.children.length ? dropItems(c.children) : undefined,
    }));
  const byId = (list: NavEntry[], id: string): NavEntry | undefined =>
    list.map((e) => (e.id === id ? e : byId(e.children, id))).find(Boolean);
  const barEntry = (e: NavEntry) =>
    e.children.length ? (
      <Dropdown
        key={e.id}
        trigger={['click']}
        menu={{
          items: dropItems(e.children),
          selectedKeys: [active],
          onClick: ({ key }) => {
            const chosen = byId(e.children, key);
            if (chosen) pick(chosen);
          },
        }}
      >
        {row(e, 0, () => undefined)}
      </Dropdown>
    ) : (
      <div key={e.id} style={{ height: '100%' }}>
        {row(e, 0, () => pick(e))}
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
      {vertical ? shown.map((e) => menuEntry(e, 0)) : shown.map(barEntry)}
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
  const writer = useWidgetWriter();
  const st = widget.style as Loose;
  const pics = slidePictures((widget.data as Loose)['picArray']);
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
            src={p.imgUrl}
            alt=""
            data-testid="slide-picture"
            onClick={p.clickEvent.enable && writer ? () => writer.click(widget, p.clickEvent) : undefined}
            style={{
              cursor: p.clickEvent.enable && writer ? 'pointer' : undefined,
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
