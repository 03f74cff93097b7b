import type { ReactNode } from 'react';
import { Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useT, type Translate } from '../useT';
import { GuardedButton } from '../components/GuardedButton';
import { ActionLink, DeleteAction, listEmptyText } from '../components/listParts';
import type { ConfigArea, ConfigOwner } from './configTypes';
import { useConfigActions, useConfigList, type RowOf } from './useConfig';

/**
 * A row's actions in a configuration table: edit (view when read-only), then, unless read-only,
 * `children` and delete after a confirmation.
 */
export function ConfigRowActions({
  readOnly = false,
  onEdit,
  editTestId,
  children,
  ...remove
}: {
  readOnly?: boolean;
  onEdit(): void;
  editTestId?: string;
  children?: ReactNode;
  name?: string;
  title?: string;
  description?: ReactNode;
  onDelete(): Promise<unknown>;
}) {
  const { t } = useT('deviceConfig');
  return (
    <Space size={0}>
      <ActionLink onClick={onEdit} testId={editTestId}>
        {readOnly ? t('view') : t('common:edit')}
      </ActionLink>
      {!readOnly && (
        <>
          {children}
          <DeleteAction {...remove} />
        </>
      )}
    </Space>
  );
}

interface AddButton {
  label: string;
  testId: string;
  onClick(): void;
  /** why adding is not possible yet (shown on hover of the disabled button) */
  blockedReason?: string | null;
  disabled?: boolean;
}

/** Alarm rules and reports read variables: adding one waits for the list and needs a variable. */
export function variablesFirst(
  variables: { data?: unknown[] | undefined; isPending: boolean },
  t: Translate,
): Pick<AddButton, 'blockedReason' | 'disabled'> {
  return {
    blockedReason: variables.data && !variables.data.length ? t('deviceConfig:variables-first') : null,
    disabled: variables.isPending,
  };
}

interface Props<A extends ConfigArea> {
  owner: ConfigOwner;
  area: A;
  /** rows that come from the device's template: viewed, not added, edited or deleted */
  readOnly?: boolean;
  /** the left of the toolbar: the area's title, or else a hint */
  title?: string;
  hint?: string;
  /** the add button at the right of the toolbar, left out when read-only */
  add: AddButton;
  columns: TableColumnsType<RowOf[A]>;
  /** rows that can be switched off (alarm rules, reports, scripts): a status column before the actions */
  withStatus?: boolean;
  /** a wide table scrolls sideways with its actions pinned right; a narrow one gives them 140 px */
  wide?: boolean;
  testId?: string;
  onEdit(row: RowOf[A]): void;
  editTestId?(row: RowOf[A]): string;
  /** the delete confirmation; "Delete <name>?" unless given */
  deleteTitle?(row: RowOf[A]): string;
  deleteDescription?(row: RowOf[A]): ReactNode;
}

/** The toolbar and table of one configuration area, all rows on one page, with their actions. */
export function ConfigTable<A extends ConfigArea>({
  owner,
  area,
  readOnly = false,
  title,
  hint,
  add,
  columns,
  withStatus = false,
  wide = false,
  testId,
  onEdit,
  editTestId,
  deleteTitle,
  deleteDescription,
}: Props<A>) {
  const { t } = useT('common');
  const list = useConfigList(owner, area);
  const { remove } = useConfigActions(owner, area);
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        {title ? (
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        ) : (
          <Typography.Text type="secondary">{hint}</Typography.Text>
        )}
        {!readOnly && (
          <GuardedButton
            type="primary"
            icon={<PlusOutlined />}
            blockedReason={add.blockedReason}
            disabled={add.disabled}
            onClick={add.onClick}
            data-testid={add.testId}
          >
            {add.label}
          </GuardedButton>
        )}
      </Flex>
      <Table<RowOf[A]>
        rowKey="id"
        size="middle"
        pagination={false}
        scroll={wide ? { x: 'max-content' } : undefined}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered: false }) }}
        data-testid={testId}
        columns={[
          ...columns,
          ...(withStatus
            ? [
                {
                  title: t('status'),
                  dataIndex: 'enabled',
                  render: (v: boolean) =>
                    v ? <Tag color="success">{t('enabled')}</Tag> : <Tag>{t('disabled')}</Tag>,
                },
              ]
            : []),
          {
            title: t('actions'),
            key: 'actions',
            ...(wide ? { fixed: 'right' as const } : { width: 140 }),
            render: (_, row) => (
              <ConfigRowActions
                readOnly={readOnly}
                onEdit={() => onEdit(row)}
                editTestId={editTestId?.(row)}
                name={'name' in row ? row.name : undefined}
                title={deleteTitle?.(row)}
                description={deleteDescription?.(row)}
                onDelete={() => remove.mutateAsync([row.id])}
              />
            ),
          },
        ]}
      />
    </>
  );
}
