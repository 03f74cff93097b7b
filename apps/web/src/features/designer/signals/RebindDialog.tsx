/**
 * Bulk re-bind of the selection from one equipment to another (typically a second device of the
 * same template): signals are matched by key, else by name; a signal without a match is cleared
 * (hmi `rebind` command), and the dialog says how many matched before it runs.
 */
import { useMemo, useState } from 'react';
import { App, Alert, Form, Modal, Select } from 'antd';
import type { ButtonProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../app/useT';
import { forEachSignalRef, selectionUnits, type RebindTarget } from '@fieldhub/hmi';
import type { MonitorSignal } from '@fieldhub/shared';
import type { EditorStore } from '../editor/editorStore';
import { fetchSignals, signalKeys, useEquipments } from '../../../app/signals/useSignals';

/** Old signal id → the matching signal of the new equipment (by key, else by name). */
export function matchSignals(from: MonitorSignal[], to: MonitorSignal[]): RebindTarget['signals'] {
  // an empty key matches nothing: many signals have none
  const byKey = new Map(to.filter((s) => s.key).map((s) => [s.key, s]));
  const byName = new Map(to.map((s) => [s.name, s]));
  const out: RebindTarget['signals'] = {};
  for (const s of from) {
    const m = (s.key ? byKey.get(s.key) : undefined) ?? byName.get(s.name);
    if (m) out[String(s.id)] = { signalId: String(m.id), title: m.name };
  }
  return out;
}

export function RebindDialog({ store, onClose }: { store: EditorStore; onClose: () => void }) {
  const { t } = useT('designer');
  const { message } = App.useApp();
  const equipments = useEquipments();
  const s = store.getState();
  // the equipment the selection binds now, with how many references each
  const bound = useMemo(() => {
    const counts = new Map<string, number>();
    for (const u of selectionUnits(s.doc, s.selection)) {
      for (const w of u.members) {
        forEachSignalRef(w, (ref) => {
          if (ref.equipId) counts.set(ref.equipId, (counts.get(ref.equipId) ?? 0) + 1);
        });
      }
    }
    return counts;
  }, [s.doc, s.selection]);
  const [from, setFrom] = useState<string | undefined>(() => [...bound.keys()][0]);
  const [to, setTo] = useState<string | undefined>();
  const fromSignals = useQuery({
    queryKey: signalKeys.signals(from ?? ''),
    queryFn: () => fetchSignals(from!),
    enabled: !!from,
  });
  const toSignals = useQuery({
    queryKey: signalKeys.signals(to ?? ''),
    queryFn: () => fetchSignals(to!),
    enabled: !!to,
  });
  const mapping = fromSignals.data && toSignals.data ? matchSignals(fromSignals.data, toSignals.data) : null;
  const name = (id: string | undefined) =>
    equipments.data?.find((e) => String(e.id) === id)?.name ?? id ?? '';
  const ready = !!from && !!to && from !== to && mapping !== null;
  return (
    <Modal
      open
      title={t('rebind.title')}
      okText={t('rebind.run')}
      okButtonProps={{ disabled: !ready, 'data-testid': 'rebind-run' } as ButtonProps}
      onCancel={onClose}
      onOk={() => {
        if (!ready) return;
        store.getState().run({
          type: 'rebind',
          ids: store.getState().selection,
          target: { fromEquipId: from, toEquipId: to, toEquipTitle: name(to), signals: mapping },
        });
        message.success(t('rebind.done', { to: name(to) }));
        onClose();
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('rebind.from')}>
          <Select
            data-testid="rebind-from"
            value={from}
            onChange={setFrom}
            options={[...bound].map(([id, n]) => ({
              value: id,
              label: `${name(id)} (${t('rebind.refs', { n })})`,
            }))}
            notFoundContent={t('rebind.nothing-bound')}
          />
        </Form.Item>
        <Form.Item label={t('rebind.to')}>
          <Select
            data-testid="rebind-to"
            showSearch
            optionFilterProp="label"
            value={to}
            onChange={setTo}
            options={(equipments.data ?? [])
              .filter((e) => String(e.id) !== from)
              .map((e) => ({ value: String(e.id), label: e.name }))}
          />
        </Form.Item>
      </Form>
      {mapping && fromSignals.data && (
        <Alert
          type={Object.keys(mapping).length === fromSignals.data.length ? 'info' : 'warning'}
          showIcon
          data-testid="rebind-summary"
          message={t('rebind.summary', {
            matched: Object.keys(mapping).length,
            total: fromSignals.data.length,
          })}
        />
      )}
    </Modal>
  );
}
