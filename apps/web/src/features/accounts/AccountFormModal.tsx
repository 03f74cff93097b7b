import { useMemo } from 'react';
import { AutoComplete, Col, Form, Input, Row, Select, Tag, TreeSelect } from 'antd';
import { useT } from '../../app/useT';
import {
  type AccountRow,
  type AccountSegment,
  emailSchema,
  loginnameSchema,
  REMARK_MAX,
  telSchema,
} from '@fieldhub/shared';
import { mainMenus, manageMenus } from '../../app/menus';
import { FormModal } from '../../app/components/FormModal';
import { treeOptions } from '../../app/tree';
import type { RowDialogProps } from '../../app/useDialog';
import { confirmRule, passwordRule, schemaRule } from '../../app/formRules';
import type { AccountField } from './accountViews';
import { ACCOUNT_VIEWS } from './accountViews';
import type { AccountFormValues } from './accountTypes';
import {
  useAccountActions,
  useAccountOptions,
  useEnterpriseOptions,
  useExternalCompanies,
} from './useAccounts';

interface Props extends RowDialogProps<AccountRow> {
  segment: AccountSegment;
}

/**
 * Create or edit one account of the segment's kind, in a 600 px dialog
 * (docs/requirements/client-rules.md §8).
 */
export function AccountFormModal({ segment, open, row, onClose }: Props) {
  const { t } = useT('accounts');
  const [form] = Form.useForm<AccountFormValues>();
  const view = ACCOUNT_VIEWS[segment];
  const has = (f: AccountField) => view.fields.includes(f);
  const subAccount = has('role');
  const options = useAccountOptions(open && subAccount);
  const enterprises = useEnterpriseOptions(open && has('enterprise') && !row);
  const companies = useExternalCompanies(open && has('company'));
  const { save } = useAccountActions(segment);

  const departmentTree = useMemo(() => treeOptions(options.data?.departments ?? []), [options.data]);
  const landingOptions = useMemo(
    () => [
      {
        label: t('form.landing-main'),
        options: mainMenus
          .filter((m) => m.to !== '/manage' && m.key !== 'help')
          .map((m) => ({ value: m.to, label: t(`menu:${m.key}`) })),
      },
      ...manageMenus.map((group) => ({
        label: t(`menu:${group.key}`),
        options: (group.children ?? []).map((m) => ({ value: m.to, label: t(`menu:${m.key}`) })),
      })),
    ],
    [t],
  );

  const initialValues: AccountFormValues = row
    ? {
        loginname: row.loginname,
        tel: row.tel,
        email: row.email,
        contact: row.contact,
        address: row.address,
        company: row.company,
        customerLevel: row.customerLevel,
        securityZone: row.securityZone,
        remark: row.remark,
        landingPage: row.landingPage,
        ...(row.deptId ? { deptId: row.deptId } : {}),
        ...(row.roleId ? { roleId: row.roleId } : {}),
      }
    : {};

  // a plain text field labelled by its `field.` key (the remark has the common label)
  const text = (name: Exclude<AccountField & keyof AccountFormValues, 'remark'>, max: number) =>
    has(name) && (
      <Col span={12} key={name}>
        <Form.Item name={name} label={t(`field.${name}`)}>
          <Input maxLength={max} />
        </Form.Item>
      </Col>
    );

  return (
    <FormModal<AccountFormValues>
      open={open}
      title={row ? t('form.edit-title', { name: row.loginname }) : t(`form.add-title.${segment}`)}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      initialValues={initialValues}
      onFinish={(values) => save.mutate({ values, row }, { onSuccess: onClose })}
      testId="account-form"
    >
      <Row gutter={16}>
        {has('enterprise') && (
          <Col span={24}>
            {row ? (
              <Form.Item label={t('field.enterprise')}>
                <Input value={row.orgName} disabled />
              </Form.Item>
            ) : (
              <Form.Item
                name="orgId"
                label={t('field.enterprise')}
                rules={[{ required: true, message: t('form.enterprise-required') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={enterprises.isFetching}
                  placeholder={t('form.enterprise-placeholder')}
                  options={(enterprises.data ?? []).map((e) => ({
                    value: e.id,
                    label: e.name,
                    disabled: e.disabled,
                  }))}
                  data-testid="account-enterprise"
                />
              </Form.Item>
            )}
          </Col>
        )}
        <Col span={12}>
          <Form.Item
            name="loginname"
            label={t('field.loginname')}
            rules={
              row
                ? []
                : [
                    { required: true, message: t('form.loginname-required') },
                    schemaRule(loginnameSchema, t('form.loginname-rule')),
                  ]
            }
            extra={row ? undefined : t('form.loginname-help')}
          >
            <Input maxLength={30} disabled={!!row} autoComplete="off" data-testid="account-loginname" />
          </Form.Item>
        </Col>
        {has('tel') && (
          <Col span={12}>
            <Form.Item name="tel" label={t('field.tel')} rules={[schemaRule(telSchema, t('form.tel-rule'))]}>
              <Input maxLength={20} data-testid="account-tel" />
            </Form.Item>
          </Col>
        )}
        {!row && (
          <>
            <Col span={12}>
              <Form.Item
                name="password"
                label={t('field.password')}
                rules={[{ required: true, message: t('form.password-required') }, passwordRule()]}
              >
                <Input.Password maxLength={15} autoComplete="new-password" data-testid="account-password" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="confirm"
                label={t('field.confirm')}
                dependencies={['password']}
                rules={[{ required: true, message: t('form.confirm-required') }, confirmRule('password')]}
              >
                <Input.Password maxLength={15} autoComplete="new-password" data-testid="account-confirm" />
              </Form.Item>
            </Col>
          </>
        )}
        {has('role') && (
          <Col span={12}>
            <Form.Item
              name="roleId"
              label={t('field.role')}
              rules={[{ required: true, message: t('form.role-required') }]}
            >
              <Select
                loading={options.isFetching}
                placeholder={t('form.role-placeholder')}
                options={(options.data?.roles ?? []).map((r) => ({
                  value: r.id,
                  label: r.name,
                  roleType: r.roleType,
                }))}
                optionRender={(o) => (
                  <span>
                    {o.label}{' '}
                    <Tag style={{ marginInlineStart: 6 }}>{t(`orgal:role.type.${o.data.roleType}`)}</Tag>
                  </span>
                )}
                data-testid="account-role"
              />
            </Form.Item>
          </Col>
        )}
        {has('department') && (
          <Col span={12}>
            <Form.Item name="deptId" label={t('field.department')}>
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                loading={options.isFetching}
                placeholder={t('form.department-placeholder')}
                treeData={departmentTree}
                data-testid="account-department"
              />
            </Form.Item>
          </Col>
        )}
        {has('email') && (
          <Col span={12}>
            <Form.Item
              name="email"
              label={t('field.email')}
              rules={[schemaRule(emailSchema, t('form.email-rule'))]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        )}
        {text('contact', 50)}
        {has('company') && (
          <Col span={12}>
            <Form.Item name="company" label={t('field.company')}>
              <AutoComplete
                options={(companies.data ?? []).map((c) => ({ value: c }))}
                showSearch={{
                  filterOption: (input, option) =>
                    String(option?.value ?? '')
                      .toLowerCase()
                      .includes(input.toLowerCase()),
                }}
                maxLength={100}
              />
            </Form.Item>
          </Col>
        )}
        {text('customerLevel', 30)}
        {text('securityZone', 30)}
        {has('landingPage') && (
          <Col span={12}>
            <Form.Item name="landingPage" label={t('field.landingPage')} tooltip={t('form.landing-help')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('form.landing-default')}
                options={landingOptions}
              />
            </Form.Item>
          </Col>
        )}
        {has('address') && (
          <Col span={24}>
            <Form.Item name="address" label={t('field.address')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        )}
        {has('remark') && (
          <Col span={24}>
            <Form.Item name="remark" label={t('common:remark')}>
              <Input maxLength={REMARK_MAX} showCount />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormModal>
  );
}
