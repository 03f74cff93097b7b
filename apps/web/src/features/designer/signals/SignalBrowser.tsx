/**
 * Searchable signal browser: equipment → signals. The search filters equipment by name and the
 * signals of opened equipment by name or key; the page's own equipment opens first.
 */
import { useState, type ReactNode } from 'react';
import { Empty, Input, Spin, Typography } from 'antd';
import { CaretDownOutlined, CaretRightOutlined, SearchOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import {
  choiceOf,
  useEquipmentSignals,
  useEquipments,
  type EquipmentOption,
  type SignalChoice,
} from '../../../app/signals/useSignals';

interface SignalBrowserProps {
  /** equipment opened at first (the page's equipment) */
  initialEquipId?: string | undefined;
  /** the signal marked as current */
  current?: { equipId: string; signalId: string } | undefined;
  onChoose?: (choice: SignalChoice) => void;
  /** extra controls on each signal row */
  actions?: (choice: SignalChoice) => ReactNode;
  height?: number | string;
}

function EquipmentSignals({
  equipment,
  query,
  current,
  onChoose,
  actions,
}: {
  equipment: EquipmentOption;
  query: string;
  current: SignalBrowserProps['current'];
  onChoose: SignalBrowserProps['onChoose'];
  actions: SignalBrowserProps['actions'];
}) {
  const { t } = useT('designer');
  const signals = useEquipmentSignals(String(equipment.id), true);
  if (signals.isLoading) return <Spin size="small" style={{ margin: 8 }} />;
  if (signals.isError)
    return (
      <Typography.Text type="danger" style={{ padding: '4px 24px', display: 'block' }}>
        {t('signals.load-failed')}
      </Typography.Text>
    );
  const q = query.trim().toLowerCase();
  const list = (signals.data ?? []).filter(
    (s) => !q || s.name.toLowerCase().includes(q) || s.key.toLowerCase().includes(q),
  );
  if (!list.length)
    return (
      <Typography.Text type="secondary" style={{ padding: '4px 24px', display: 'block' }}>
        {t('signals.none')}
      </Typography.Text>
    );
  return (
    <>
      {list.map((s) => {
        const choice = choiceOf(equipment, s);
        const active = current?.equipId === choice.equipId && current.signalId === choice.signalId;
        return (
          <div
            key={s.id}
            className={`fh-signal-row${active ? ' fh-active' : ''}`}
            style={{ paddingLeft: 24, background: active ? '#e6f0fb' : undefined }}
            data-testid={`signal-${s.key || s.name}`}
            onClick={() => onChoose?.(choice)}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>{s.name}</span>
              {s.unit && <Typography.Text type="secondary">{s.unit}</Typography.Text>}
              {actions?.(choice)}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {[s.key, s.dataType, s.rw].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        );
      })}
    </>
  );
}

export function SignalBrowser({
  initialEquipId,
  current,
  onChoose,
  actions,
  height = '100%',
}: SignalBrowserProps) {
  const { t } = useT('designer');
  const equipments = useEquipments();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Set<string>>(() => new Set(initialEquipId ? [initialEquipId] : []));
  const q = query.trim().toLowerCase();
  const list = (equipments.data ?? []).filter(
    (e) => !q || e.name.toLowerCase().includes(q) || open.has(String(e.id)),
  );
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div data-testid="signal-browser" style={{ display: 'flex', flexDirection: 'column', height }}>
      <div style={{ padding: '0 8px 6px' }}>
        <Input
          size="small"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('signals.search')}
          value={query}
          data-testid="signal-search"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div style={{ flex: 1, overflow: 'auto' }}>
        {equipments.isLoading && <Spin style={{ margin: 16 }} />}
        {!equipments.isLoading && !list.length && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('signals.no-equipment')} />
        )}
        {list.map((e) => {
          const id = String(e.id);
          const isOpen = open.has(id);
          return (
            <div key={id}>
              <div className="fh-layer-row" data-testid={`equipment-${id}`} onClick={() => toggle(id)}>
                {isOpen ? <CaretDownOutlined /> : <CaretRightOutlined />}
                <span style={{ fontWeight: 500 }}>{e.name}</span>
              </div>
              {isOpen && (
                <EquipmentSignals
                  equipment={e}
                  query={query}
                  current={current}
                  onChoose={onChoose}
                  actions={actions}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
