/** The data binding of one widget: the bound signal, choose or clear it, and where it is used. */
import { Button, Descriptions, Select, Space, Typography } from 'antd';
import { ApiOutlined, DisconnectOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { useStore } from 'zustand';
import { bindTo, isBound, isSystemKey, selectionUnits, unbind, whereUsed, type Binding } from '@fieldhub/hmi';
import type { EditorStore } from '../editor/editorStore';
import type { SignalSource } from '../signals/useSignalSource';
import type { BindingChoice, BindingKind } from '../signals/BindingPicker';
import type { SignalChoice } from '../../../app/signals/useSignals';
import type { WidgetEditor } from './PropertyPanel';
import { scaledToSignal } from '../editor/bindScale';

/** The binding fields a chosen signal writes. */
export function boundTo(binding: Binding, c: SignalChoice): Binding {
  return bindTo(binding, {
    type: 'signal',
    signalId: c.signalId,
    equipId: c.equipId,
    title: c.title,
    subTitle: c.equipTitle,
  });
}

/** The binding a picker's choice writes. */
export function boundToChoice(binding: Binding, c: BindingChoice): Binding {
  if (c.type === 'signal') return boundTo(binding, c.signal);
  // as with a device variable, the unit and decimals stay the widget's own fields
  if (c.type === 'mvar') return bindTo(binding, { type: 'mvar', mvarId: c.mvarId, title: c.title });
  return bindTo(binding, { type: 'system', systemKey: c.systemKey, title: c.title });
}

/** What a binding shows: its source's name and, below it, where the source lives. */
function BoundText({ binding }: { binding: Binding }) {
  const { t } = useT('designer');
  if (!isBound(binding)) return <Typography.Text type="secondary">{t('data.unbound')}</Typography.Text>;
  const [name, where] =
    binding.type === 'system'
      ? [
          isSystemKey(binding.systemKey) ? t(`bind.key-${binding.systemKey}`) : binding.systemKey,
          t('data.type-system'),
        ]
      : binding.type === 'mvar'
        ? [binding.title || binding.mvarId, t('data.type-mvar')]
        : [binding.title || binding.signalId, binding.subTitle || binding.equipId];
  return (
    <>
      <Typography.Text strong>{name}</Typography.Text>
      <Typography.Text type="secondary"> · {where}</Typography.Text>
    </>
  );
}

/**
 * The bound source of a binding with choose and clear buttons: a device variable, an intermediate
 * variable of the project or a system key (`kinds` narrows the choice).
 */
export function BindingField({
  binding,
  signals,
  onChange,
  testId,
  kinds,
}: {
  binding: Binding;
  signals: SignalSource;
  /** the new binding, with the device variable chosen (none for other sources or when cleared) */
  onChange: (next: Binding, choice?: SignalChoice) => void;
  testId: string;
  kinds?: readonly BindingKind[];
}) {
  const { t } = useT('designer');
  const bound = isBound(binding);
  return (
    <div data-testid={testId}>
      <div style={{ marginBottom: 6 }} data-testid={`${testId}-value`}>
        <BoundText binding={binding} />
      </div>
      <Space>
        <Button
          size="small"
          icon={<ApiOutlined />}
          data-testid={`${testId}-choose`}
          onClick={async () => {
            const choice = await signals.pickBinding(
              bound
                ? {
                    type: binding.type === 'mvar' || binding.type === 'system' ? binding.type : 'signal',
                    equipId: binding.equipId,
                    signalId: binding.signalId,
                    mvarId: binding.mvarId,
                    systemKey: binding.systemKey,
                  }
                : undefined,
              kinds ? { kinds } : undefined,
            );
            if (choice)
              onChange(boundToChoice(binding, choice), choice.type === 'signal' ? choice.signal : undefined);
          }}
        >
          {bound ? t('data.change') : t('data.choose')}
        </Button>
        {bound && (
          <Button size="small" icon={<DisconnectOutlined />} onClick={() => onChange(unbind(binding))}>
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
