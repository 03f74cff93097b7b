import { useMemo } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useT } from '../../app/useT';
import { SearchForm } from '../../app/components/SearchForm';
import { treeOptions } from '../../app/tree';
import type { AccountView } from './accountViews';
import type { AccountFilters } from './accountTypes';
import { useAccountOptions, useEnterpriseOptions } from './useAccounts';

/** Keyword, status and, by kind, department or enterprise filters of an account list. */
export function AccountSearchBar({
  view,
  onSearch,
}: {
  view: AccountView;
  onSearch(filters: AccountFilters): void;
}) {
  const { t } = useT('accounts');
  const [form] = Form.useForm<AccountFilters>();
  const options = useAccountOptions(view.deptFilter);
  const enterprises = useEnterpriseOptions(view.enterpriseFilter);
  const departmentTree = useMemo(() => treeOptions(options.data?.departments ?? []), [options.data]);

  return (
    <SearchForm<AccountFilters>
      form={form}
      onFinish={onSearch}
      onReset={() => onSearch({})}
      testId="account-search"
    >
      <Form.Item name="keyword" label={t('common:keyword')}>
        <Input allowClear placeholder={t('list.keyword-placeholder')} style={{ width: 220 }} maxLength={50} />
      </Form.Item>
      {view.enterpriseFilter && (
        <Form.Item name="orgId" label={t('field.enterprise')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('common:all')}
            style={{ width: 200 }}
            loading={enterprises.isFetching}
            options={(enterprises.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
          />
        </Form.Item>
      )}
      {view.deptFilter && (
        <Form.Item name="deptId" label={t('field.department')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('common:all')}
            style={{ width: 200 }}
            treeData={departmentTree}
            loading={options.isFetching}
          />
        </Form.Item>
      )}
      <Form.Item name="status" label={t('common:status')}>
        <Select
          allowClear
          placeholder={t('common:all')}
          style={{ width: 120 }}
          options={[
            { value: 'enabled', label: t('common:enabled') },
            { value: 'disabled', label: t('common:disabled') },
          ]}
        />
      </Form.Item>
    </SearchForm>
  );
}
