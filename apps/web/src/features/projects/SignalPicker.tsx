import { useState } from 'react';
import { Collapse, Empty, Flex, Input, Spin, Tag, Typography } from 'antd';
import { useT } from '../../app/useT';
import { useEquipmentSignals } from '../../app/signals/useSignals';
import { signalRef } from './formulaText';

/** A device the picker offers: the project's bound equipment with its title in the project. */
export interface PickerEquipment {
  equipmentId: number;
  title: string;
}

/** What a click on a signal hands to the editor. */
export interface PickedSignal {
  ref: string;
  label: string;
}

/**
 * The signals of the project's equipment, one panel per device, loaded when a panel opens (the
 * monitor's signal call, cached per device). A click hands the `${equipmentId.signalId}`
 * reference to the formula editor.
 */
export function SignalPicker({
  equipment,
  onPick,
}: {
  equipment: PickerEquipment[];
  onPick(signal: PickedSignal): void;
}) {
  const { t } = useT('projects');
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<string[]>(equipment[0] ? [String(equipment[0].equipmentId)] : []);
  return (
    <Flex vertical gap={8} style={{ height: '100%' }} data-testid="mvar-picker">
      <Typography.Text strong>{t('mvar.picker')}</Typography.Text>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('mvar.picker-search')}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div style={{ flex: 1, overflow: 'auto', minHeight: 0 }}>
        <Collapse
          size="small"
          activeKey={open}
          onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
          items={equipment.map((e) => ({
            key: String(e.equipmentId),
            label: <Typography.Text ellipsis>{e.title}</Typography.Text>,
            styles: { body: { padding: 4 } },
            children: (
              <SignalList
                equipment={e}
                enabled={open.includes(String(e.equipmentId))}
                filter={filter.trim().toLowerCase()}
                onPick={onPick}
              />
            ),
          }))}
        />
      </div>
    </Flex>
  );
}

function SignalList({
  equipment,
  enabled,
  filter,
  onPick,
}: {
  equipment: PickerEquipment;
  enabled: boolean;
  filter: string;
  onPick(signal: PickedSignal): void;
}) {
  const { t } = useT('projects');
  const signals = useEquipmentSignals(String(equipment.equipmentId), enabled);
  if (signals.isPending) return <Spin size="small" style={{ display: 'block', margin: 8 }} />;
  const shown = (signals.data ?? []).filter(
    (s) => !filter || s.name.toLowerCase().includes(filter) || s.key.toLowerCase().includes(filter),
  );
  if (shown.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mvar.picker-empty')} />;
  return (
    <Flex vertical>
      {shown.map((s) => (
        <button
          key={s.id}
          type="button"
          className="project-signal-pick"
          title={t('mvar.insert')}
          data-testid={`mvar-pick-${equipment.equipmentId}-${s.id}`}
          onClick={() =>
            onPick({ ref: signalRef(equipment.equipmentId, s.id), label: `${equipment.title} / ${s.name}` })
          }
        >
          <Typography.Text ellipsis style={{ flex: 1, textAlign: 'left' }}>
            {s.name}
          </Typography.Text>
          {s.unit && <Tag bordered={false}>{s.unit}</Tag>}
          <Typography.Text type="secondary" code style={{ fontSize: 11 }}>
            {s.id}
          </Typography.Text>
        </button>
      ))}
    </Flex>
  );
}
