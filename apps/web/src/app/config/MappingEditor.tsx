import { Button, Flex, Form, Input, theme, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormListProps } from 'antd/es/form/FormList';
import { useT } from '../useT';
import { MAPPING_MAX } from '@fieldhub/shared';

/**
 * The state mapping of a variable: value → text rows (at most 100, values unique, text not
 * blank; docs/requirements/device-configuration.md §3.5). The list's problems come from the variable check
 * through `rules`.
 */
export function MappingEditor({ rules, disabled }: { rules: FormListProps['rules']; disabled: boolean }) {
  const { t } = useT('deviceConfig');
  const { token } = theme.useToken();
  return (
    <Form.List name="mapping" rules={rules}>
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="mapping-editor">
          {fields.length > 0 && (
            <Flex gap={8} style={{ marginBottom: 4 }}>
              <Typography.Text type="secondary" style={{ width: 160 }}>
                {t('variable.mapping-value')}
              </Typography.Text>
              <Typography.Text type="secondary">{t('variable.mapping-text')}</Typography.Text>
            </Flex>
          )}
          {fields.map((field) => (
            <Flex key={field.key} gap={8} style={{ marginBottom: 8 }}>
              <Form.Item name={[field.name, 'value']} noStyle>
                <Input style={{ width: 160 }} maxLength={50} placeholder="0" />
              </Form.Item>
              <Form.Item name={[field.name, 'text']} noStyle>
                <Input maxLength={50} placeholder={t('variable.mapping-text-placeholder')} />
              </Form.Item>
              {!disabled && (
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('variable.mapping-remove')}
                  onClick={() => remove(field.name)}
                />
              )}
            </Flex>
          ))}
          {!disabled && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAPPING_MAX}
              onClick={() => add({ value: '', text: '' })}
            >
              {t('variable.mapping-add', { n: fields.length, max: MAPPING_MAX })}
            </Button>
          )}
          {/* outside a Form.Item the list's errors need the error colour set by hand */}
          <div style={{ color: token.colorError }}>
            <Form.ErrorList errors={errors} />
          </div>
        </div>
      )}
    </Form.List>
  );
}
