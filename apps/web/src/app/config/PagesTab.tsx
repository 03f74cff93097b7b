import { useState } from 'react';
import { Button, Empty, Flex, Form, Input, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../useT';
import { PAGE_NAME_MAX, PAGES_PER_OWNER_MAX, type PageRow } from '@fieldhub/shared';
import { ActionLink, DeleteAction, formatTime } from '../components/listParts';
import { useDialog } from '../useDialog';
import { movedIds } from './pageOrder';
import { designerPath, usePageActions, usePageList, type PagesOwner } from './usePages';

/**
 * Configuration pages of a device, template or project (docs/requirements/pages-and-designer.md §1.2: the
 * page tab, a project's pages): the list in its order, with add, rename, copy, delete, move up and down, and
 * "design", which opens the page designer in a new browser tab as the original does.
 */
export function PagesTab({ owner }: { owner: PagesOwner }) {
  const { t } = useT('pages');
  const list = usePageList(owner);
  const actions = usePageActions(owner);
  const naming = useDialog<PageRow>();
  const rows = list.data ?? [];
  const ids = rows.map((r) => r.id);
  const full = rows.length >= PAGES_PER_OWNER_MAX;
  const open = (row: PageRow) => window.open(designerPath(owner, row.id), '_blank', 'noopener');
  const move = (index: number, step: -1 | 1) => actions.reorder.mutate(movedIds(ids, index, step));

  const addButton = (
    <Tooltip title={full ? t('full', { max: PAGES_PER_OWNER_MAX }) : undefined}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={full || list.isPending}
        onClick={() => naming.show()}
        data-testid="page-add"
      >
        {t('add')}
      </Button>
    </Tooltip>
  );

  return (
    <div data-testid="pages-tab">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={12}>
        <Typography.Text type="secondary">{t('hint')}</Typography.Text>
        {addButton}
      </Flex>
      <Table<PageRow>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={list.isFetching || actions.reorder.isPending}
        dataSource={rows}
        data-testid="pages-table"
        locale={{
          emptyText: list.isPending ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid="pages-empty" />
          ),
        }}
        columns={[
          { title: t('field.seq'), width: 64, render: (_, __, index) => index + 1 },
          {
            title: t('field.name'),
            dataIndex: 'name',
            render: (name: string, row, index) => (
              <Space size={6}>
                <Typography.Link strong onClick={() => open(row)} data-testid={`page-name-${row.id}`}>
                  {name}
                </Typography.Link>
                {index === 0 && (
                  <Tag color="blue" data-testid="page-home">
                    {t('home')}
                  </Tag>
                )}
                {row.checkpwd && (
                  <Tooltip title={t('protected')}>
                    <LockOutlined />
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: t('field.version'),
            dataIndex: 'version',
            width: 90,
            render: (v: number) => <Tag>{`v${v}`}</Tag>,
          },
          {
            title: t('field.updated'),
            dataIndex: 'updatedAt',
            width: 190,
            render: (v: number, row) => (
              <Tooltip title={row.updatedBy ? t('updated-by', { name: row.updatedBy }) : undefined}>
                <span>{formatTime(new Date(v).toISOString())}</span>
              </Tooltip>
            ),
          },
          {
            title: t('common:actions'),
            width: 330,
            render: (_, row, index) => (
              <Space size={0} wrap={false}>
                <ActionLink onClick={() => open(row)} testId={`page-design-${row.id}`}>
                  {t('design')}
                </ActionLink>
                <ActionLink onClick={() => naming.show(row)} testId={`page-rename-${row.id}`}>
                  {t('rename')}
                </ActionLink>
                <ActionLink
                  blockedReason={full ? t('full', { max: PAGES_PER_OWNER_MAX }) : null}
                  onClick={() => actions.copy.mutate(row.id)}
                  testId={`page-copy-${row.id}`}
                >
                  {t('copy')}
                </ActionLink>
                <Tooltip title={t('up')}>
                  <ActionLink
                    aria-label={t('up')}
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    testId={`page-up-${row.id}`}
                  />
                </Tooltip>
                <Tooltip title={t('down')}>
                  <ActionLink
                    aria-label={t('down')}
                    icon={<ArrowDownOutlined />}
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                    testId={`page-down-${row.id}`}
                  />
                </Tooltip>
                <DeleteAction
                  name={row.name}
                  testId={`page-delete-${row.id}`}
                  onDelete={() => actions.remove.mutateAsync(row.id)}
                />
              </Space>
            ),
          },
        ]}
      />
      <PageNameDialog
        key={naming.key}
        open={naming.open}
        row={naming.target}
        onClose={naming.close}
        onSubmit={(name) =>
          naming.target
            ? actions.rename.mutateAsync({ id: naming.target.id, name })
            : actions.add.mutateAsync(name)
        }
      />
    </div>
  );
}

/** The name of a new page (no row) or of a page being renamed. */
function PageNameDialog({
  open,
  row,
  onClose,
  onSubmit,
}: {
  open: boolean;
  row: PageRow | undefined;
  onClose(): void;
  onSubmit(name: string): Promise<unknown>;
}) {
  const { t } = useT('pages');
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { name } = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch {
      // the request client has shown the server's message; the dialog stays open to correct it
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={row ? t('rename-title', { name: row.name }) : t('add-title')}
      okText={t('common:confirm')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: row?.name ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={[
            { required: true, whitespace: true, message: t('name-required') },
            { max: PAGE_NAME_MAX, message: t('name-max', { max: PAGE_NAME_MAX }) },
          ]}
        >
          <Input autoFocus maxLength={PAGE_NAME_MAX} showCount data-testid="page-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
