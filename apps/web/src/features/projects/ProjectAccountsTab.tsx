import { useState } from 'react';
import { Button, Flex, Form, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import {
  PROJECT_ACCOUNTS_MAX,
  PAGE_PMSN_MAX,
  type PagePmsn,
  type PagePmsnRow,
  type ProjectMember,
} from '@fieldhub/shared';
import { FormModal } from '../../app/components/FormModal';
import { ActionLink, DeleteAction, listEmptyText } from '../../app/components/listParts';
import { useDialog, type RowDialogProps } from '../../app/useDialog';
import { usePageList } from '../../app/config/usePages';
import { holdersByPage, pagesOverLimit } from './pagePmsn';
import { PagePmsnEditor } from './PagePmsnEditor';
import { useMemberCandidates, useMembers, usePmsnActions } from './usePmsn';

/**
 * Accounts with access to the project and the pages each may open (docs/requirements/projects.md §4.1
 * per-page pagePmsn; §2.2, §4.2: at most 50 accounts, at most 10 accounts per page).
 */
export function ProjectAccountsTab({ projectId }: { projectId: number }) {
  const { t } = useT('projects');
  const members = useMembers(projectId);
  const { remove } = usePmsnActions(projectId);
  const dialog = useDialog<ProjectMember>();
  const rows = members.data ?? [];
  const full = rows.length >= PROJECT_ACCOUNTS_MAX;

  return (
    <div data-testid="project-accounts-tab">
      <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {t('pmsn.hint', { accounts: PROJECT_ACCOUNTS_MAX, pages: PAGE_PMSN_MAX })}
        </Typography.Text>
        <Space>
          <Typography.Text type={full ? 'warning' : 'secondary'} data-testid="pmsn-count">
            {rows.length}/{PROJECT_ACCOUNTS_MAX}
          </Typography.Text>
          <Tooltip title={full ? t('pmsn.full', { max: PROJECT_ACCOUNTS_MAX }) : undefined}>
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              disabled={full || members.isPending}
              onClick={() => dialog.show()}
              data-testid="pmsn-add"
            >
              {t('pmsn.add')}
            </Button>
          </Tooltip>
        </Space>
      </Flex>
      <Table<ProjectMember>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={members.isFetching}
        dataSource={rows}
        data-testid="pmsn-table"
        locale={{ emptyText: listEmptyText({ loading: members.isPending, filtered: false }) }}
        columns={[
          {
            title: t('pmsn.account'),
            dataIndex: 'loginname',
            render: (name: string, m) => (
              <Space>
                <Typography.Text strong>{name}</Typography.Text>
                <Tag bordered={false} color={m.kind === 'internal' ? 'blue' : 'purple'}>
                  {t(`pmsn.kind.${m.kind}`)}
                </Tag>
              </Space>
            ),
          },
          { title: t('pmsn.contact'), dataIndex: 'contact', render: (v: string) => v || '—' },
          {
            title: t('pmsn.pages'),
            dataIndex: 'pagePmsn',
            render: (pages: PagePmsnRow[], m) =>
              pages.length === 0 ? (
                <Typography.Text type="secondary">{t('pmsn.no-page')}</Typography.Text>
              ) : (
                <Flex wrap gap={4} data-testid={`pmsn-pages-${m.id}`}>
                  {pages.map((p) => (
                    <Tag key={p.pageId} color={p.pmsn === 'operate' ? 'orange' : 'default'}>
                      {p.pageName}
                      {p.pmsn === 'operate' && ` · ${t('pmsn.levels.operate')}`}
                    </Tag>
                  ))}
                </Flex>
              ),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 160,
            render: (_, m) => (
              <>
                <ActionLink onClick={() => dialog.show(m)} testId={`pmsn-edit-${m.id}`}>
                  {t('pmsn.edit')}
                </ActionLink>
                <DeleteAction
                  title={t('pmsn.remove-confirm', { name: m.loginname })}
                  testId={`pmsn-delete-${m.id}`}
                  onDelete={() => remove.mutateAsync(m.id)}
                />
              </>
            ),
          },
        ]}
      />
      <MemberModal
        key={dialog.key}
        projectId={projectId}
        members={rows}
        open={dialog.open}
        row={dialog.target}
        onClose={dialog.close}
      />
    </div>
  );
}

interface MemberForm {
  accountIds: number[];
  pagePmsn: PagePmsn[];
}

/** Adds accounts with the same page permissions, or changes one member's. */
function MemberModal({
  projectId,
  members,
  open,
  row,
  onClose,
}: RowDialogProps<ProjectMember> & { projectId: number; members: ProjectMember[] }) {
  const { t } = useT('projects');
  const [form] = Form.useForm<MemberForm>();
  const [keyword, setKeyword] = useState('');
  const candidates = useMemberCandidates(projectId, keyword, open && !row);
  const pages = usePageList({ projectId });
  const { add, edit } = usePmsnActions(projectId);
  const holders = holdersByPage(members, row?.id);
  const picked = Form.useWatch('accountIds', form) ?? [];
  const adding = row ? 1 : picked.length;
  const room = PROJECT_ACCOUNTS_MAX - members.length;

  const submit = (v: MemberForm) => {
    const pagePmsn = v.pagePmsn ?? [];
    if (row) edit.mutate({ accountId: row.id, pagePmsn }, { onSuccess: onClose });
    else add.mutate({ accountIds: v.accountIds, pagePmsn }, { onSuccess: onClose });
  };

  return (
    <FormModal<MemberForm>
      open={open}
      title={row ? t('pmsn.edit-title', { name: row.loginname }) : t('pmsn.add-title')}
      form={form}
      saving={add.isPending || edit.isPending}
      onClose={onClose}
      testId="pmsn-form"
      initialValues={{
        accountIds: [],
        pagePmsn: row?.pagePmsn.map(({ pageId, pmsn }) => ({ pageId, pmsn })) ?? [],
      }}
      onFinish={submit}
    >
      {!row && (
        <Form.Item
          name="accountIds"
          label={t('pmsn.account')}
          extra={t('pmsn.room', { n: room })}
          rules={[
            { required: true, type: 'array', min: 1, message: t('pmsn.account-required') },
            { type: 'array', max: room, message: t('pmsn.full', { max: PROJECT_ACCOUNTS_MAX }) },
          ]}
        >
          <Select<number[]>
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={candidates.isFetching}
            placeholder={t('pmsn.account-placeholder')}
            options={(candidates.data ?? []).map((a) => ({
              value: a.id,
              label: a.contact ? `${a.loginname} (${a.contact})` : a.loginname,
            }))}
            data-testid="pmsn-account"
          />
        </Form.Item>
      )}
      <Form.Item
        name="pagePmsn"
        label={t('pmsn.pages')}
        rules={[
          {
            validator: (_, v: PagePmsn[] | undefined) =>
              pagesOverLimit(v ?? [], holders, adding, PAGE_PMSN_MAX).length
                ? Promise.reject(new Error(t('pmsn.page-full', { max: PAGE_PMSN_MAX })))
                : Promise.resolve(),
          },
        ]}
      >
        <PagePmsnEditor pages={pages.data ?? []} holders={holders} adding={adding} />
      </Form.Item>
    </FormModal>
  );
}
