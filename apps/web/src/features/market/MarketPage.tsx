import { useState } from 'react';
import {
  App,
  Button,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import type { ButtonProps } from 'antd';
import { PictureOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { parsePage } from '@fieldhub/hmi';
import { marketCalls, TEMPLATE_COVER_MAX_BYTES, type PageTemplateRow } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { dataUrlOf, readJsonFile } from '../../app/pages/pageFiles';
import { callApi } from '../../app/request';
import { useLang, useT } from '../../app/useT';

const marketKey = ['market', 'templates'] as const;

/**
 * /manage/system/market (docs/requirements/back-office.md §6): the platform operator publishes page
 * templates (name unique, 2133; description; cover picture; a page file exported by the designer),
 * edits and deletes them. Every enterprise's designers import them ("Import from market").
 */
export default function MarketPage() {
  const { t } = useT('market');
  const client = useQueryClient();
  const [editing, setEditing] = useState<PageTemplateRow | 'new' | null>(null);
  const list = useQuery({ queryKey: marketKey, queryFn: () => callApi(marketCalls.templates, {}) });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(marketCalls.templateRemove, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: marketKey }),
  });

  const columns: TableColumnsType<PageTemplateRow> = [
    {
      title: t('col.cover'),
      dataIndex: 'cover',
      width: 110,
      render: (v: string) =>
        v ? <Image src={v} width={88} height={56} style={{ objectFit: 'cover' }} /> : <PictureOutlined />,
    },
    { title: t('col.name'), dataIndex: 'name' },
    { title: t('col.description'), dataIndex: 'description', render: (v: string) => v || '—' },
    { title: t('col.widgets'), dataIndex: 'widgetCount', width: 100 },
    {
      title: t('col.updated'),
      dataIndex: 'updatedAt',
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 160,
      render: (_, row) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            {t('edit')}
          </Button>
          <Popconfirm
            title={t('delete-confirm', { name: row.name })}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button type="link" size="small" danger>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="market-add"
        >
          {t('add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Table
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        data-testid="market-table"
      />
      {editing && (
        <TemplateDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => client.invalidateQueries({ queryKey: marketKey })}
        />
      )}
    </PageFrame>
  );
}

/** Publishes a template, or edits one (a new page file is optional then). */
function TemplateDialog({
  row,
  onClose,
  onSaved,
}: {
  row: PageTemplateRow | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useT('market');
  const { message } = App.useApp();
  const lang = useLang();
  const [name, setName] = useState(row?.name ?? '');
  const [description, setDescription] = useState(row?.description ?? '');
  const [cover, setCover] = useState(row?.cover ?? '');
  const [document, setDocument] = useState<{ file: string; value: unknown; widgets: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = !!name.trim() && (!!row || !!document);

  const readPage = async (file: File) => {
    const read = await readJsonFile(file);
    if (!read.ok) return void message.error(t(`file-${read.reason}`));
    const parsed = parsePage(read.value);
    if (!parsed.ok) {
      const first = parsed.issues[0]!;
      return void message.error(t('file-invalid', { detail: lang === 'zh-CN' ? first.zh : first.en }));
    }
    setDocument({ file: file.name, value: read.value, widgets: parsed.page.widgets.length });
    if (!name.trim()) setName(parsed.page.options.title || file.name.replace(/\.json$/i, ''));
  };

  const readCover = async (file: File) => {
    if (file.size > TEMPLATE_COVER_MAX_BYTES) return void message.error(t('cover-too-large'));
    setCover(await dataUrlOf(file));
  };

  return (
    <Modal
      open
      title={row ? t('edit-title', { name: row.name }) : t('add')}
      okText={row ? t('save') : t('publish')}
      okButtonProps={{ disabled: !ready, loading: busy, 'data-testid': 'market-save' } as ButtonProps}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          const fields = { name: name.trim(), description, cover };
          if (row) {
            await callApi(marketCalls.templateEdit, {
              id: row.id,
              ...fields,
              ...(document && { document: document.value }),
            });
          } else {
            await callApi(marketCalls.templateAdd, { ...fields, document: document!.value });
          }
          await onSaved();
          message.success(t('saved', { name: fields.name }));
          onClose();
        } catch {
          // the request client has shown the failure (2133 for a name taken)
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('col.name')} required>
          <Input
            maxLength={50}
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="market-name"
          />
        </Form.Item>
        <Form.Item label={t('col.description')}>
          <Input.TextArea
            maxLength={500}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            data-testid="market-description"
          />
        </Form.Item>
        <Form.Item label={t('col.cover')} extra={t('cover-hint')}>
          <Space align="start">
            {cover && <Image src={cover} width={120} height={76} style={{ objectFit: 'cover' }} />}
            <Upload
              accept="image/png,image/jpeg,image/gif,image/webp"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void readCover(file);
                return false;
              }}
            >
              <Button icon={<PictureOutlined />} data-testid="market-cover">
                {t('cover-choose')}
              </Button>
            </Upload>
            {cover && (
              <Button type="link" onClick={() => setCover('')}>
                {t('cover-remove')}
              </Button>
            )}
          </Space>
        </Form.Item>
        <Form.Item label={t('page-file')} required={!row} extra={t('page-file-hint')}>
          <Space>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void readPage(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="market-page-file">
                {t('page-file-choose')}
              </Button>
            </Upload>
            {document && (
              <Typography.Text data-testid="market-page-chosen">
                {t('page-file-chosen', { file: document.file, n: document.widgets })}
              </Typography.Text>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
