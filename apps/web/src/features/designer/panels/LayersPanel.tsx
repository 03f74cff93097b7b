/**
 * The outline: widgets top-most first, grouped under their group, click to select; drag a row onto
 * another to reorder the paint order (docs/requirements/pages-and-designer.md §4.9).
 */
import { useState } from 'react';
import { EyeInvisibleOutlined, EyeOutlined, GroupOutlined, LockOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { useStore } from 'zustand';
import type { LayerPlace, Widget } from '@fieldhub/hmi';
import type { EditorStore } from '../editor/editorStore';

/** Rows shown at most; a 2,000-widget page lists its top-most widgets (the canvas selects the rest). */
const MAX_ROWS = 300;

export function LayersPanel({ store }: { store: EditorStore }) {
  const { t } = useT('designer');
  const widgets = useStore(store, (s) => s.doc.widgets);
  const groups = useStore(store, (s) => s.doc.groups);
  const selection = useStore(store, (s) => s.selection);
  const selected = new Set(selection);
  const [dragging, setDragging] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ key: string; place: LayerPlace } | null>(null);
  const groupName = new Map(groups.map((g) => [g.id, g.widgetName || t('props.group')]));
  const rows: { key: string; unit: string; label: string; widget: Widget | null; depth: number }[] = [];
  const seenGroups = new Set<string>();
  for (let i = widgets.length - 1; i >= 0 && rows.length < MAX_ROWS; i--) {
    const w = widgets[i]!;
    if (w.groupId && groupName.has(w.groupId)) {
      if (!seenGroups.has(w.groupId)) {
        seenGroups.add(w.groupId);
        rows.push({
          key: w.groupId,
          unit: w.groupId,
          label: groupName.get(w.groupId)!,
          widget: null,
          depth: 0,
        });
      }
      rows.push({ key: w.id, unit: w.groupId, label: w.widgetName || w.widgetType, widget: w, depth: 1 });
    } else {
      rows.push({ key: w.id, unit: w.id, label: w.widgetName || w.widgetType, widget: w, depth: 0 });
    }
  }
  return (
    <div data-testid="designer-layers">
      {rows.map((r) => (
        <div
          key={r.key}
          className={`fh-layer-row${selected.has(r.unit) ? ' fh-active' : ''}`}
          style={{ paddingLeft: 10 + r.depth * 16 }}
          data-testid={`layer-${r.key}`}
          data-drop={drop?.key === r.key ? drop.place : undefined}
          draggable
          title={t('layers.drag')}
          onDragStart={(e) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', r.key);
            setDragging(r.key);
          }}
          onDragOver={(e) => {
            if (!dragging || dragging === r.key) return;
            e.preventDefault();
            const box = e.currentTarget.getBoundingClientRect();
            // Rows list the top-most first: the upper half of a row paints the layer above it.
            const place: LayerPlace = e.clientY < box.top + box.height / 2 ? 'above' : 'below';
            if (drop?.key !== r.key || drop.place !== place) setDrop({ key: r.key, place });
          }}
          onDragLeave={() => setDrop((d) => (d?.key === r.key ? null : d))}
          onDrop={(e) => {
            e.preventDefault();
            if (dragging && drop && dragging !== r.key) {
              store.getState().run({ type: 'layerMove', id: dragging, target: r.key, place: drop.place });
            }
            setDragging(null);
            setDrop(null);
          }}
          onDragEnd={() => {
            setDragging(null);
            setDrop(null);
          }}
          onClick={() => store.getState().select([r.unit])}
        >
          {r.widget ? null : <GroupOutlined />}
          <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {r.label}
          </span>
          {r.widget?.posLock && <LockOutlined style={{ color: '#9ca3af' }} />}
          {r.widget &&
            (r.widget.hidden ? (
              <EyeInvisibleOutlined
                style={{ color: '#9ca3af' }}
                onClick={(e) => {
                  e.stopPropagation();
                  store
                    .getState()
                    .run({ type: 'setProperty', ids: [r.widget!.id], patch: { hidden: false } });
                }}
              />
            ) : (
              <EyeOutlined
                style={{ color: '#d1d5db' }}
                onClick={(e) => {
                  e.stopPropagation();
                  store.getState().run({ type: 'setProperty', ids: [r.widget!.id], patch: { hidden: true } });
                }}
              />
            ))}
        </div>
      ))}
      {widgets.length > MAX_ROWS && (
        <div style={{ padding: 10, color: '#9ca3af' }}>
          {t('layers.more', { n: widgets.length - MAX_ROWS })}
        </div>
      )}
      {!widgets.length && <div style={{ padding: 10, color: '#9ca3af' }}>{t('layers.empty')}</div>}
    </div>
  );
}
