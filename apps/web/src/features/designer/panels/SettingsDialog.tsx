/**
 * Designer settings (docs/requirements/pages-and-designer.md §10.1): autosave and its interval, grid, ruler,
 * adsorb, data text.
 */
import { useEffect } from 'react';
import { Form, InputNumber, Modal, Select, Switch } from 'antd';
import type { ButtonProps } from 'antd';
import { useT } from '../../../app/useT';
import type { DesignerSettings } from '@fieldhub/hmi';

interface SettingsDialogProps {
  open: boolean;
  settings: DesignerSettings;
  onCancel: () => void;
  onSave: (settings: DesignerSettings) => Promise<void>;
}

export function SettingsDialog({ open, settings, onCancel, onSave }: SettingsDialogProps) {
  const { t } = useT('designer');
  const [form] = Form.useForm<DesignerSettings>();
  // filled when the dialog opens, not again while it is open: a refetch of the settings answering
  // after the user's first click would otherwise put the stored values back over it
  useEffect(() => {
    if (open) form.setFieldsValue(settings);
  }, [open, form]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Modal
      open={open}
      title={t('settings.title')}
      onCancel={onCancel}
      okText={t('settings.save')}
      okButtonProps={{ 'data-testid': 'settings-save' } as ButtonProps}
      onOk={async () => {
        const values = await form.validateFields();
        await onSave({ ...settings, ...values });
      }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 9 }}
        initialValues={settings}
        data-testid="settings-form"
      >
        <Form.Item name="autoSave" label={t('settings.auto-save')} valuePropName="checked">
          <Switch data-testid="settings-autosave" />
        </Form.Item>
        <Form.Item
          name="saveInterval"
          label={t('settings.save-interval')}
          rules={[
            { required: true, type: 'integer', min: 1, max: 120, message: t('settings.save-interval-rule') },
          ]}
        >
          <InputNumber min={1} max={120} suffix={t('settings.minutes')} />
        </Form.Item>
        <Form.Item name="grid" label={t('settings.grid')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="ruler" label={t('settings.ruler')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="adsorb"
          label={t('settings.adsorb')}
          valuePropName="checked"
          extra={t('settings.adsorb-help')}
        >
          <Switch data-testid="settings-adsorb" />
        </Form.Item>
        <Form.Item name="dataTextShow" label={t('settings.data-text-show')}>
          <Select
            options={(['signalName', 'signalValue', 'none'] as const).map((v) => ({
              value: v,
              label: t(`settings.data-text-${v}`),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
