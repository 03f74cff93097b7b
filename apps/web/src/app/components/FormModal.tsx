import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps } from 'antd';
import { useT } from '../useT';

type Props<V> = Pick<FormProps<V>, 'initialValues' | 'onFinish' | 'onValuesChange'> & {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /** the save is running: OK shows a spinner */
  saving: boolean;
  onClose(): void;
  /** OK's label; "Save" unless given */
  okText?: string;
  /** shown above the form (a hint); the form then needs no top margin of its own */
  intro?: ReactNode;
  testId: string;
  children: ReactNode;
};

/**
 * The dialog a create or edit form sits in: 600 px wide, OK submits the form, a click beside it
 * does not close it, and closing drops the form's state. `onFinish` receives the checked values;
 * it saves and closes the dialog on success (the request client shows a failure).
 */
export function FormModal<V>({
  open,
  title,
  form,
  saving,
  onClose,
  okText,
  intro,
  testId,
  children,
  ...formProps
}: Props<V>) {
  const { t } = useT('common');
  return (
    <Modal
      open={open}
      width={600}
      title={title}
      okText={okText ?? t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {intro}
      <Form<V>
        form={form}
        layout="vertical"
        preserve={false}
        {...formProps}
        style={intro ? undefined : { marginTop: 16 }}
        data-testid={testId}
      >
        {children}
      </Form>
    </Modal>
  );
}
