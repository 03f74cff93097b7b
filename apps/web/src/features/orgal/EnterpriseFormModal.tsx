import { Col, Divider, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useT } from '../../app/useT';
import {
  type EnterpriseRow,
  HISTORY_RETENTION_MONTHS,
  loginnameSchema,
  REMARK_MAX,
  telSchema,
} from '@fieldhub/shared';
import type { RowDialogProps } from '../../app/useDialog';
import { FormModal } from '../../app/components/FormModal';
import { confirmRule, passwordRule, schemaRule } from '../../app/formRules';
import type { EnterpriseFormValues } from './orgalTypes';
import { useEnterpriseActions } from './useOrgal';

/** Create an enterprise with its first admin account, or edit an enterprise's details. */
export function EnterpriseFormModal({ open, row, onClose }: RowDialogProps<EnterpriseRow>) {
  const { t } = useT('orgal');
  const [form] = Form.useForm<EnterpriseFormValues>();
  const { save } = useEnterpriseActions();
  const initialValues: Partial<EnterpriseFormValues> = row
    ? {
        name: row.name,
        contact: row.contact,
        tel: row.tel,
        address: row.address,
        remark: row.remark,
        maxInternal: row.maxInternal,
        maxExternal: row.maxExternal,
        notifyDelayedAlarms: row.notifyDelayedAlarms,
        dataCenterEnabled: row.dataCenterEnabled,
        historyRetentionMonths: row.historyRetentionMonths,
      }
    : {
        notifyDelayedAlarms: true,
        dataCenterEnabled: true,
        historyRetentionMonths: HISTORY_RETENTION_MONTHS.default,
      };

  return (
    <FormModal<EnterpriseFormValues>
      open={open}
      title={row ? t('enterprise.edit-title', { name: row.name }) : t('enterprise.add')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      initialValues={initialValues}
      onFinish={(values) => save.mutate({ values, row }, { onSuccess: onClose })}
      testId="enterprise-form"
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item
            name="name"
            label={t('enterprise.name')}
            rules={[{ required: true, whitespace: true, message: t('enterprise.name-required') }]}
          >
            <Input maxLength={50} data-testid="enterprise-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="contact" label={t('accounts:field.contact')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="tel"
            label={t('enterprise.tel')}
            rules={[schemaRule(telSchema, t('accounts:form.tel-rule'))]}
          >
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="maxInternal"
            label={t('enterprise.max-internal')}
            tooltip={t('enterprise.limit-help')}
          >
            <InputNumber
              min={1}
              precision={0}
              style={{ width: '100%' }}
              placeholder={t('enterprise.unlimited')}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="maxExternal"
            label={t('enterprise.max-external')}
            tooltip={t('enterprise.limit-help')}
          >
            <InputNumber
              min={1}
              precision={0}
              style={{ width: '100%' }}
              placeholder={t('enterprise.unlimited')}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="notifyDelayedAlarms"
            label={t('enterprise.notify-delayed')}
            tooltip={t('enterprise.notify-delayed-help')}
            valuePropName="checked"
          >
            <Switch data-testid="enterprise-notify-delayed" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="dataCenterEnabled"
            label={t('enterprise.data-center')}
            tooltip={t('enterprise.data-center-help')}
            valuePropName="checked"
          >
            <Switch data-testid="enterprise-data-center" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="historyRetentionMonths"
            label={t('enterprise.retention')}
            tooltip={t('enterprise.retention-help')}
          >
            <InputNumber
              min={HISTORY_RETENTION_MONTHS.min}
              max={HISTORY_RETENTION_MONTHS.max}
              precision={0}
              style={{ width: '100%' }}
              data-testid="enterprise-retention"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('accounts:field.address')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('common:remark')}>
            <Input maxLength={REMARK_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
      {!row && (
        <>
          <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
            {t('enterprise.admin-section')}
          </Divider>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="adminLoginname"
                label={t('enterprise.admin-loginname')}
                rules={[
                  { required: true, message: t('accounts:form.loginname-required') },
                  schemaRule(loginnameSchema, t('accounts:form.loginname-rule')),
                ]}
              >
                <Input maxLength={30} autoComplete="off" data-testid="enterprise-admin-loginname" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="adminTel"
                label={t('accounts:field.tel')}
                rules={[schemaRule(telSchema, t('accounts:form.tel-rule'))]}
              >
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="adminPassword"
                label={t('accounts:field.password')}
                rules={[{ required: true, message: t('accounts:form.password-required') }, passwordRule()]}
              >
                <Input.Password
                  maxLength={15}
                  autoComplete="new-password"
                  data-testid="enterprise-admin-password"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="adminConfirm"
                label={t('accounts:field.confirm')}
                dependencies={['adminPassword']}
                rules={[
                  { required: true, message: t('accounts:form.confirm-required') },
                  confirmRule('adminPassword'),
                ]}
              >
                <Input.Password
                  maxLength={15}
                  autoComplete="new-password"
                  data-testid="enterprise-admin-confirm"
                />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </FormModal>
  );
}
