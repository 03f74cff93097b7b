import type { ReactNode } from 'react';
import { Button, Form, Space, type FormInstance } from 'antd';
import { useT } from '../useT';

/**
 * The inline filter form above a list: its fields, then Search (submits) and Reset (clears the
 * fields, then `onReset` shows the unfiltered list).
 */
export function SearchForm<V>({
  form,
  onFinish,
  onReset,
  testId,
  children,
}: {
  form: FormInstance<V>;
  onFinish(values: V): void;
  onReset(): void;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useT('common');
  return (
    <Form<V>
      form={form}
      layout="inline"
      style={{ marginBottom: 16, rowGap: 8 }}
      onFinish={onFinish}
      data-testid={testId}
    >
      {children}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          {t('reset')}
        </Button>
      </Space>
    </Form>
  );
}
