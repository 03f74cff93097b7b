/**
 * The widget palette by category: the creatable types of packages/hmi (issue 7: every shape and
 * the common widgets). Drag a tile onto the canvas, or click it to place the widget in the middle
 * of the visible page area.
 */
import { memo, useMemo, useState } from 'react';
import { Collapse, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useLang, useT } from '../../../app/useT';
import { WIDGET_CATALOGUE, CATEGORY_LABELS, type WidgetCatalogueEntry, type WidgetType } from '@fieldhub/hmi';
import { PALETTE_MIME } from '../canvas/Canvas';
import { shapePoints } from '../../../app/widgets/ShapeBody';
import { complexGlyph } from './complexGlyphs';

/** A small glyph of the widget type for its tile. */
function Glyph({ type }: { type: WidgetType }) {
  const stroke = '#0b5cad';
  const fill = '#cfe3f7';
  const pts = shapePoints(type, 30, 22, 1.5);
  if (pts)
    return (
      <svg viewBox="0 0 30 22">
        <polygon points={pts.map((p) => p.join(',')).join(' ')} fill={fill} stroke={stroke} />
      </svg>
    );
  switch (type) {
    case 'ShapeRect':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="2" y="3" width="26" height="16" fill={fill} stroke={stroke} />
        </svg>
      );
    case 'ShapeCircle':
      return (
        <svg viewBox="0 0 30 22">
          <circle cx="15" cy="11" r="9" fill={fill} stroke={stroke} />
        </svg>
      );
    case 'ShapeEllipse':
      return (
        <svg viewBox="0 0 30 22">
          <ellipse cx="15" cy="11" rx="13" ry="8" fill={fill} stroke={stroke} />
        </svg>
      );
    case 'ShapeLine':
      return (
        <svg viewBox="0 0 30 22">
          <polyline points="2,19 10,5 18,15 28,3" fill="none" stroke={stroke} strokeWidth="1.6" />
        </svg>
      );
    case 'ShapeStraight':
      return (
        <svg viewBox="0 0 30 22">
          <line x1="2" y1="11" x2="28" y2="11" stroke={stroke} strokeWidth="2" />
        </svg>
      );
    case 'UsualText':
      return (
        <svg viewBox="0 0 30 22">
          <text x="15" y="16" fontSize="14" textAnchor="middle" fill={stroke} fontWeight="700">
            T
          </text>
        </svg>
      );
    case 'UsualDataText':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="2" y="4" width="26" height="14" rx="2" fill="#fff" stroke={stroke} />
          <text x="15" y="15" fontSize="9" textAnchor="middle" fill={stroke}>
            12.3
          </text>
        </svg>
      );
    case 'UsualButton':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="2" y="5" width="26" height="12" rx="3" fill={stroke} />
          <rect x="9" y="10" width="12" height="2" fill="#fff" />
        </svg>
      );
    case 'UsualImage':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="3" y="3" width="24" height="16" fill={fill} stroke={stroke} />
          <path d="M3 17l7-7 5 5 4-3 8 6" fill="none" stroke={stroke} />
        </svg>
      );
    case 'UsualPercentFill':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="9" y="2" width="12" height="18" fill="#eee" stroke={stroke} />
          <rect x="9" y="10" width="12" height="10" fill="#52c41a" />
        </svg>
      );
    case 'UsualDashboard':
      return (
        <svg viewBox="0 0 30 22">
          <path d="M5 18a10 10 0 1 1 20 0" fill="none" stroke={stroke} strokeWidth="2" />
          <line x1="15" y1="18" x2="21" y2="10" stroke="#434343" strokeWidth="1.5" />
        </svg>
      );
    case 'UsualTimer':
      return (
        <svg viewBox="0 0 30 22">
          <circle cx="15" cy="11" r="8" fill="#fff" stroke={stroke} />
          <path d="M15 6v5l4 2" fill="none" stroke={stroke} />
        </svg>
      );
    case 'UsualAnimation':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="3" y="3" width="24" height="16" fill={fill} stroke={stroke} />
          <path d="M13 7l6 4-6 4z" fill={stroke} />
        </svg>
      );
    case 'UsualScrollbar':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="3" y="9" width="24" height="4" rx="2" fill="#ddd" />
          <rect x="3" y="9" width="11" height="4" rx="2" fill={stroke} />
          <circle cx="14" cy="11" r="4" fill="#fff" stroke={stroke} />
        </svg>
      );
    case 'UsualInput':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="2" y="5" width="26" height="12" rx="2" fill="#fff" stroke="#999" />
          <line x1="6" y1="8" x2="6" y2="14" stroke={stroke} />
        </svg>
      );
    case 'UsualSelect':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="4" y="5" width="22" height="12" rx="6" fill="#52c41a" />
          <circle cx="20" cy="11" r="4.5" fill="#fff" />
        </svg>
      );
    case 'UsualRadio':
      return (
        <svg viewBox="0 0 30 22">
          <circle cx="8" cy="11" r="5" fill="#fff" stroke={stroke} />
          <circle cx="8" cy="11" r="2.5" fill={stroke} />
          <circle cx="22" cy="11" r="5" fill="#fff" stroke="#999" />
        </svg>
      );
    case 'UsualComboBox':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="2" y="5" width="26" height="12" rx="2" fill="#fff" stroke="#999" />
          <path d="M20 9h5l-2.5 3z" fill={stroke} />
        </svg>
      );
    case 'UsualTimeSelector':
      return (
        <svg viewBox="0 0 30 22">
          <rect x="7" y="4" width="16" height="15" rx="2" fill="#fff" stroke={stroke} />
          <path d="M7 9h16M11 2v4M19 2v4" stroke={stroke} />
        </svg>
      );
    default:
      return (
        complexGlyph(type) ?? (
          <svg viewBox="0 0 30 22">
            <rect x="3" y="3" width="24" height="16" fill="#f3f4f6" stroke="#999" strokeDasharray="2 2" />
          </svg>
        )
      );
  }
}

interface PaletteProps {
  onAdd: (type: WidgetType, label: string) => void;
}

export const Palette = memo(function Palette({ onAdd }: PaletteProps) {
  const { t } = useT('designer');
  const lang = useLang();
  const [query, setQuery] = useState('');
  const zh = lang === 'zh-CN';
  const label = (e: WidgetCatalogueEntry) => (zh ? e.label.zh : e.label.en);
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    const creatable = WIDGET_CATALOGUE.filter((e) => e.creatable);
    const visible = q
      ? creatable.filter(
          (e) =>
            e.label.zh.includes(q) ||
            e.label.en.toLowerCase().includes(q) ||
            e.type.toLowerCase().includes(q),
        )
      : creatable;
    const byCategory = new Map<string, WidgetCatalogueEntry[]>();
    for (const e of visible) {
      const list = byCategory.get(e.category) ?? [];
      list.push(e);
      byCategory.set(e.category, list);
    }
    return [...byCategory];
  }, [query]);
  return (
    <div data-testid="designer-palette">
      <div style={{ padding: '0 8px 6px' }}>
        <Input
          size="small"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('palette.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <Collapse
        ghost
        size="small"
        defaultActiveKey={['shape', 'usual']}
        activeKey={query ? groups.map(([c]) => c) : undefined}
        items={groups.map(([category, entries]) => ({
          key: category,
          label: zh
            ? CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS].zh
            : CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS].en,
          children: (
            <div className="fh-palette-grid">
              {entries.map((e) => (
                <div
                  key={e.type}
                  className="fh-palette-item"
                  data-testid={`palette-${e.type}`}
                  draggable
                  title={t('palette.hint')}
                  onDragStart={(ev) => {
                    ev.dataTransfer.setData(PALETTE_MIME, e.type);
                    ev.dataTransfer.effectAllowed = 'copy';
                  }}
                  onClick={() => onAdd(e.type, label(e))}
                >
                  <Glyph type={e.type} />
                  <span>{label(e)}</span>
                </div>
              ))}
            </div>
          ),
        }))}
      />
    </div>
  );
});
