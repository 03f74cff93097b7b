/** The lists of the data tab: signal refs with colour and alias, and equipment entries. */
import { Button, Select, Space, Typography } from 'antd';
import { ApiOutlined, DeleteOutlined } from '@ant-design/icons';
import { useT } from '../../../../app/useT';
import { devicesCalls } from '@fieldhub/shared';
import { CHART_THEME, signalRefSchema, type SignalRef } from '@fieldhub/hmi';
import { callApi } from '../../../../app/request';
import { useEquipments } from '../../../../app/signals/useSignals';
import { num, obj, str } from '../../../../app/widgets/styleOf';
import { CommitNumber, CommitText, ColorField } from '../fields';
import type { WidgetEditor } from '../PropertyPanel';
import type { SignalSource } from '../../signals/useSignalSource';
import type { Loose } from './complexFields';

/** A list of signal refs with colour and alias; add through the signal picker. */
export function RefList({
  refs,
  signals,
  onChange,
  testId,
  colours,
  add,
}: {
  refs: SignalRef[];
  signals: SignalSource;
  onChange: (next: SignalRef[]) => void;
  testId: string;
  colours: boolean;
  /** another source than a device variable (an intermediate variable, a system key): its picker and label */
  add?: { pick(colour: string): Promise<SignalRef | null>; label: string };
}) {
  const { t } = useT('designer');
  return (
    <div data-testid={testId}>
      {refs.map((r, i) => (
        <div
          key={`${r.equipId}-${r.signalId}-${i}`}
          style={{ display: 'flex', gap: 4, alignItems: 'center', marginBottom: 4 }}
        >
          {colours && (
            <ColorField
              value={r.color || CHART_THEME[i % 10]!}
              onCommit={(v) => onChange(refs.map((x, k) => (k === i ? { ...x, color: v } : x)))}
            />
          )}
          <div style={{ flex: 1, minWidth: 0 }}>
            <CommitText
              value={r.alias ?? ''}
              placeholder={r.title || r.signalId}
              onCommit={(v) => onChange(refs.map((x, k) => (k === i ? { ...x, alias: v } : x)))}
            />
            <Typography.Text type="secondary" style={{ fontSize: 11 }} ellipsis>
              {r.subTitle || r.equipId} · {r.title || r.signalId}
            </Typography.Text>
          </div>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange(refs.filter((_, k) => k !== i))}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<ApiOutlined />}
        data-testid={`${testId}-add`}
        onClick={async () => {
          if (add) {
            const ref = await add.pick(CHART_THEME[refs.length % 10]!);
            if (ref) onChange([...refs, ref]);
            return;
          }
          const c = await signals.pick();
          if (c)
            onChange([
              ...refs,
              signalRefSchema.parse({
                signalId: c.signalId,
                equipId: c.equipId,
                title: c.title,
                subTitle: c.equipTitle,
                color: CHART_THEME[refs.length % 10],
              }),
            ]);
        }}
      >
        {add?.label ?? t('cprops.add-signal')}
      </Button>
    </div>
  );
}

/** Equipment entries (alarm records: equips; map: equipments with their position). */
export function EquipmentList({
  editor,
  map,
  signals,
}: {
  editor: WidgetEditor;
  map: boolean;
  signals: SignalSource;
}) {
  const { t } = useT('designer');
  const equipments = useEquipments();
  const key = map ? 'equipments' : 'equips';
  const w = editor.widget;
  const list = (Array.isArray((w.data as Loose)[key]) ? ((w.data as Loose)[key] as unknown[]) : []).map(obj);
  const save = (next: Loose[]) => editor.patch({ data: { ...w.data, [key]: next } });
  const add = async (id: number) => {
    const name = equipments.data?.find((e) => e.id === id)?.name ?? String(id);
    if (!map) return save([...list, { equipmentId: String(id), title: name }]);
    // the device's own position, when it has one, places the marker
    const row = await callApi(devicesCalls.info, { id }, { silent: true }).catch(() => null);
    save([
      ...list,
      {
        equipmentId: String(id),
        title: name,
        lat: row?.lat ?? '',
        lng: row?.lng ?? '',
        config: { signalArray: [] },
      },
    ]);
  };
  return (
    <>
      {list.map((e, i) => (
        <div
          key={`${String(e['equipmentId'])}-${i}`}
          style={{ border: '1px solid #eef0f3', borderRadius: 4, padding: 6, marginBottom: 6 }}
        >
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>{str(e['title'], String(e['equipmentId']))}</Typography.Text>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => save(list.filter((_, k) => k !== i))}
            />
          </Space>
          {map && (
            <div className="fh-prop-grid">
              <CommitNumber
                addonBefore={t('cprops.lat')}
                value={num(e['lat'], 0)}
                min={-90}
                max={90}
                onCommit={(v) => save(list.map((x, k) => (k === i ? { ...x, lat: v } : x)))}
              />
              <CommitNumber
                addonBefore={t('cprops.lng')}
                value={num(e['lng'], 0)}
                min={-180}
                max={180}
                onCommit={(v) => save(list.map((x, k) => (k === i ? { ...x, lng: v } : x)))}
              />
            </div>
          )}
          {map && (
            <RefList
              refs={(Array.isArray(obj(e['config'])['signalArray'])
                ? (obj(e['config'])['signalArray'] as unknown[])
                : []
              ).map((r) => signalRefSchema.parse(r))}
              signals={signals}
              colours={false}
              testId="map-signals"
              onChange={(next) =>
                save(
                  list.map((x, k) =>
                    k === i ? { ...x, config: { ...obj(x['config']), signalArray: next } } : x,
                  ),
                )
              }
            />
          )}
        </div>
      ))}
      <Select
        size="small"
        style={{ width: '100%' }}
        placeholder={t('cprops.add-equipment')}
        loading={equipments.isPending}
        value={null}
        data-testid={map ? 'map-add-equipment' : 'alarm-add-equipment'}
        onChange={(id: number) => void add(id)}
        options={(equipments.data ?? [])
          .filter((e) => !list.some((x) => String(x['equipmentId']) === String(e.id)))
          .map((e) => ({ value: e.id, label: e.name }))}
        showSearch
        optionFilterProp="label"
      />
    </>
  );
}
