/** The data binding of one widget: the bound signal, choose or clear it, and where it is used. */
import { Button, Descriptions, Select, Space, Typography } from 'antd';
import { ApiOutlined, DisconnectOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { useStore } from 'zustand';
import { selectionUnits, whereUsed, type Binding } from '@fieldhub/hmi';
import type { EditorStore } from '../editor/editorStore';
import type { SignalSource } from '../signals/useSignalSource';
import type { SignalChoice } from '../../../app/signals/useSignals';
import type { WidgetEditor } from './PropertyPanel';
import { scaledToSignal } from '../editor/bindScale';

/** The binding fields a chosen signal writes. */
export function boundTo(binding: Binding, c: SignalChoice): Binding {
  return {
    ...binding,
    type: 'signal',
    signalId: c.signalId,
    equipId: c.equipId,
    title: c.title,
    subTitle: c.equipTitle,
  };
}

export function unbound(binding: Binding): Binding {
  return { ...binding, signalId: '', equipId: '', title: '', subTitle: '' };
}

/** The bound signal of a binding with choose and clear buttons. */
export function BindingField({
  binding,
  signals,
  onChange,
  testId,
}: {
  binding: Binding;
  signals: SignalSource;
  /** the new binding, with the variable chosen (none when cleared) */
  onChange: (next: Binding, choice?: SignalChoice) => void;
  testId: string;
}) {
  const { t } = useT('designer');
  const bound = binding.signalId !== '';
  return (
    <div data-testid={testId}>
      <div style={{ marginBottom: 6 }} data-testid={`${testId}-value`}>
        {bound ? (
          <>
            <Typography.Text strong>{binding.title || binding.signalId}</Typography.Text>
            <Typography.Text type="secondary"> · {binding.subTitle || binding.equipId}</Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">{t('data.unbound')}</Typography.Text>
        )}
      </div>
      <Space>
        <Button
          size="small"
          icon={<ApiOutlined />}
          data-testid={`${testId}-choose`}
          onClick={async () => {
            const choice = await signals.pick(
              bound ? { equipId: binding.equipId, signalId: binding.signalId } : undefined,
            );
            if (choice) onChange(boundTo(binding, choice), choice);
          }}
        >
          {bound ? t('data.change') : t('data.choose')}
        </Button>
        {bound && (
          <Button size="small" icon={<DisconnectOutlined />} onClick={() => onChange(unbound(binding))}>
            {t('data.clear')}
          </Button>
        )}
      </Space>
    </div>
  );
}

export function DataSection({
  editor,
  signals,
  store,
}: {
  editor: WidgetEditor;
  signals: SignalSource;
  store: EditorStore;
}) {
  const { t } = useT('designer');
  const doc = useStore(store, (s) => s.doc);
  const data = editor.widget.data;
  const uses = data.signalId ? whereUsed(doc, data.signalId, data.equipId || undefined) : [];
  const usedBy = [...new Set(uses.map((u) => u.widgetId))];
  return (
    <div data-testid="prop-data">
      <div className="fh-prop-section">{t('data.type')}</div>
      <Select
        size="small"
        style={{ width: '100%', marginBottom: 8 }}
        value={data.type}
        disabled
        options={[{ value: data.type, label: t(`data.type-${data.type}`) }]}
      />
      <div className="fh-prop-section">{t('data.signal')}</div>
      <BindingField
        binding={data}
        signals={signals}
        testId="data-binding"
        onChange={(next, choice) =>
          editor.patch({ data: choice ? scaledToSignal(editor.widget, next, choice.scale) : next })
        }
      />
      {data.signalId && (
        <>
          <div className="fh-prop-section">{t('data.where-used')}</div>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('data.used-count')}>
              <span data-testid="where-used-count">{usedBy.length}</span>
            </Descriptions.Item>
          </Descriptions>
          <Button
            size="small"
            data-testid="where-used-select"
            onClick={() => store.getState().select(selectionUnits(doc, usedBy).map((u) => u.id))}
          >
            {t('data.select-users')}
          </Button>
        </>
      )}
    </div>
  );
}
