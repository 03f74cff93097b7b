import type { ReactNode } from 'react';
import { Button, Drawer, Form, Space, type FormInstance, type FormProps } from 'antd';
import { useT } from '../useT';

type Props<V> = Pick<FormProps<V>, 'initialValues' | 'onValuesChange'> & {
  open: boolean;
  /** the drawer's width in pixels */
  size: number;
  title: ReactNode;
  form: FormInstance<V>;
  /** a row the owner may not change here: the form is disabled and has no Save */
  readOnly?: boolean;
  /** the save is running: Save shows a spinner */
  saving: boolean;
  /** checks the form and saves it; Save runs it, and so does Enter in a field unless `saveOnEnter` is false */
  onSave(): void;
  saveOnEnter?: boolean;
  /** prefix of the test ids: `<testId>-form` and `<testId>-save` */
  testId: string;
  onClose(): void;
  children: ReactNode;
};

/**
 * The drawer every configuration form (driver, variable, report, alarm rule, script) sits in:
 * Cancel and Save at the top, a vertical form that starts fresh on every opening.
 */
export function ConfigDrawer<V>({
  open,
  size,
  title,
  form,
  readOnly = false,
  saving,
  onSave,
  saveOnEnter = true,
  testId,
  onClose,
  children,
  ...formProps
}: Props<V>) {
  const { t } = useT('common');
  return (
    <Drawer
      open={open}
      size={size}
      title={title}
      onClose={onClose}
      destroyOnHidden
      extra={
        readOnly ? null : (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={saving} onClick={onSave} data-testid={`${testId}-save`}>
              {t('save')}
            </Button>
          </Space>
        )
      }
    >
      <Form<V>
        form={form}
        layout="vertical"
        disabled={readOnly}
        preserve={false}
        {...formProps}
        onFinish={saveOnEnter ? onSave : undefined}
        data-testid={`${testId}-form`}
      >
        {children}
      </Form>
    </Drawer>
  );
}
