/**
 * The property panel: page options when nothing is selected; for one widget its position, size,
 * rotation, style and type-specific fields, its data binding, animations and click event. Every
 * edit is one hmi command (setProperty, move, resize, rotate, pageOptions).
 */
import { Empty, Tabs, Typography } from 'antd';
import { useT } from '../../../app/useT';
import { useStore } from 'zustand';
import { findWidget, selectionUnits, type Widget, type WidgetPatch } from '@fieldhub/hmi';
import type { EditorStore } from '../editor/editorStore';
import { AnimationSection } from './AnimationSection';
import { DataSection } from './DataSection';
import { ComplexData } from './complex/ComplexData';
import { EventSection } from './EventSection';
import type { PageOwnerRef } from './EventPageFields';
import { PageSection, type PageRef } from './PageSection';
import { RegionSection } from './RegionSection';
import { StyleSection } from './StyleSection';
import { WIDGET_FIELDS } from './widgetFields';
import type { SignalSource } from '../signals/useSignalSource';

interface PropertyPanelProps {
  store: EditorStore;
  signals: SignalSource;
  /**
   * the page and its owner; on a project's page widgets get authorisation regions, and the click
   * event's page picker offers the owner's pages
   */
  page: PageRef & PageOwnerOf;
}

/** The owner fields of a stored page. */
interface PageOwnerOf {
  ownerKind: PageOwnerRef['kind'];
  ownerId: string;
}

/** Edits of one widget, each one command. */
export interface WidgetEditor {
  widget: Widget;
  locked: boolean;
  patch(patch: WidgetPatch): void;
  moveTo(x: number, y: number): void;
  resizeTo(width: number, height: number): void;
  rotateTo(angle: number): void;
}

function editorFor(store: EditorStore, widget: Widget, locked: boolean): WidgetEditor {
  const run = store.getState().run;
  const id = widget.id;
  return {
    widget,
    locked,
    patch: (patch) => run({ type: 'setProperty', ids: [id], patch }),
    moveTo: (x, y) => run({ type: 'move', ids: [id], dx: x - widget.position.x, dy: y - widget.position.y }),
    resizeTo: (width, height) =>
      run({ type: 'resize', id, rect: { x: widget.position.x, y: widget.position.y, width, height } }),
    rotateTo: (angle) => run({ type: 'rotate', ids: [id], angle, mode: 'to' }),
  };
}

export function PropertyPanel({ store, signals, page }: PropertyPanelProps) {
  const { t } = useT('designer');
  const doc = useStore(store, (s) => s.doc);
  const selection = useStore(store, (s) => s.selection);
  if (!selection.length) return <PageSection store={store} page={page} />;
  const units = selectionUnits(doc, selection);
  const unit = units.length === 1 ? units[0]! : null;
  const widget = unit && !unit.group ? findWidget(doc, unit.id) : undefined;
  if (!widget) {
    return (
      <div data-testid="prop-multi" style={{ paddingTop: 16 }}>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            unit?.group
              ? t('props.group-selected', {
                  name: unit.group.widgetName || t('props.group'),
                  n: unit.members.length,
                })
              : t('props.multi-selected', { n: units.length })
          }
        />
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('props.multi-help')}
        </Typography.Paragraph>
      </div>
    );
  }
  const editor = editorFor(store, widget, unit!.locked);
  return (
    <Tabs
      size="small"
      data-testid="prop-tabs"
      items={[
        {
          key: 'style',
          label: t('props.tab-style'),
          children: (
            <>
              <StyleSection editor={editor} />
              {page.ownerKind === 'project' && <RegionSection editor={editor} doc={doc} />}
            </>
          ),
        },
        {
          key: 'data',
          label: t('props.tab-data'),
          children:
            WIDGET_FIELDS[widget.widgetType].data === 'sources' ? (
              <ComplexData editor={editor} signals={signals} />
            ) : (
              <DataSection editor={editor} signals={signals} store={store} />
            ),
        },
        {
          key: 'animation',
          label: t('props.tab-animation'),
          children: <AnimationSection editor={editor} signals={signals} />,
        },
        {
          key: 'event',
          label: t('props.tab-event'),
          children: (
            <EventSection
              editor={editor}
              signals={signals}
              owner={{ kind: page.ownerKind, id: page.ownerId }}
            />
          ),
        },
      ]}
    />
  );
}
