import type { KeyboardEvent } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row, Switch } from 'antd';
import { useT } from '../useT';
import { SCRIPT_STRATEGIES, type ScriptInput, type ScriptRow, scriptSchema } from '@fieldhub/shared';
import type { RowDialogProps } from '../useDialog';
import { ConfigDrawer } from './ConfigDrawer';
import type { ConfigOwner } from './configTypes';
import { compact, parseForm, schemaRule } from './schemaForm';
import { useConfigActions } from './useConfig';

interface Props extends RowDialogProps<ScriptRow> {
  owner: ConfigOwner;
}

const payload = (values: Record<string, unknown>) => compact(values);
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

/** Tab indents in the script editor instead of leaving the field. */
function indentOnTab(e: KeyboardEvent<HTMLTextAreaElement>, set: (text: string) => void) {
  if (e.key !== 'Tab' || e.shiftKey) return;
  e.preventDefault();
  const el = e.currentTarget;
  const { selectionStart: start, selectionEnd: end, value } = el;
  set(`${value.slice(0, start)}  ${value.slice(end)}`);
  requestAnimationFrame(() => el.setSelectionRange(start + 2, start + 2));
}

/** Add or edit one gateway script: when it runs and its body. */
export function ScriptDrawer({ owner, open, row, onClose }: Props) {
  const { t } = useT('deviceConfig');
  const [form] = Form.useForm();
  const { save } = useConfigActions(owner, 'script');
  const strategy = (Form.useWatch('strategy', form) ??
    row?.strategy ??
    'periodic') as ScriptInput['strategy'];
  const rule = (field: string) => [schemaRule(scriptSchema, payload, [field], t)];

  const submit = () => {
    const item = parseForm(form, scriptSchema, payload(form.getFieldsValue(true)), t);
    if (item) save.mutate({ id: row?.id, item }, { onSuccess: onClose });
  };

  return (
    <ConfigDrawer
      open={open}
      size={760}
      title={row ? t('script.edit-title', { name: row.name }) : t('script.add-title')}
      form={form}
      saving={save.isPending}
      onSave={submit}
      saveOnEnter={false}
      testId="script"
      onClose={onClose}
      initialValues={row ?? { strategy: 'periodic', intervalS: 60, enabled: true, body: '' }}
    >
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item name="name" label={t('script.field.name')} rules={rule('name')} required>
            <Input maxLength={50} data-testid="script-name" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="enabled" label={t('script.field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="strategy" label={t('script.field.strategy')}>
        <Radio.Group
          optionType="button"
          options={SCRIPT_STRATEGIES.map((s) => ({ value: s, label: t(`script.strategy.${s}`) }))}
        />
      </Form.Item>
      <Row gutter={16}>
        {(strategy === 'periodic' || strategy === 'conditional') && (
          <Col span={8}>
            <Form.Item
              name="intervalS"
              label={t('script.field.interval')}
              rules={rule('intervalS')}
              dependencies={['strategy']}
              required
            >
              <InputNumber
                min={1}
                max={86_400}
                precision={0}
                suffix={t('report.seconds')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        )}
        {(strategy === 'conditional' || strategy === 'change') && (
          <Col span={16}>
            <Form.Item
              name="condition"
              label={strategy === 'change' ? t('script.field.watched') : t('script.field.condition')}
              rules={rule('condition')}
              dependencies={['strategy']}
              required
              extra={strategy === 'change' ? t('script.watched-help') : t('script.condition-help')}
            >
              <Input style={mono} maxLength={1000} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item
        name="body"
        label={t('script.field.body')}
        rules={rule('body')}
        required
        extra={t('script.body-help')}
      >
        <Input.TextArea
          rows={16}
          spellCheck={false}
          style={{ ...mono, background: '#fafafa' }}
          placeholder={t('script.body-placeholder')}
          onKeyDown={(e) => indentOnTab(e, (text) => form.setFieldValue('body', text))}
          data-testid="script-body"
        />
      </Form.Item>
    </ConfigDrawer>
  );
}
