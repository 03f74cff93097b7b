import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, type ButtonProps } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { dataCenterCalls, type SavedQuery } from '@fieldhub/shared';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import { callBody, savedKey, useSavedQueries, type Asked } from './useDataCenter';

/** Save the current query under a name, load a saved one, delete one (data-views.md §3.2). */
export function SavedQueries({
  current,
  onLoad,
}: {
  current: Asked | null;
  onLoad(query: SavedQuery): void;
}) {
  const { t } = useT('dataCenter');
  const { message } = App.useApp();
  const client = useQueryClient();
  const saved = useSavedQueries(true);
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const refresh = () => client.invalidateQueries({ queryKey: savedKey });

  const save = async () => {
    const { name } = await form.validateFields();
    if (!current) return;
    try {
      const { id } = await callApi(dataCenterCalls.savedAdd, { name, query: callBody(current) });
      await refresh();
      setChosen(id);
      setSaving(false);
      message.success(t('saved.done'));
    } catch {
      // the toast said why (a name already used: 90006)
    }
  };
  const remove = async () => {
    if (chosen === null) return;
    try {
      await callApi(dataCenterCalls.savedDelete, { id: chosen });
      setChosen(null);
      await refresh();
      message.success(t('common:deleted'));
    } catch {
      // the toast said why
    }
  };
  const chosenName = saved.data?.find((s) => s.id === chosen)?.name ?? '';

  return (
    <Space.Compact>
      <Select<number>
        style={{ width: 200 }}
        placeholder={t('saved.placeholder')}
        loading={saved.isPending}
        value={chosen ?? undefined}
        onChange={(id) => {
          setChosen(id);
          const query = saved.data?.find((s) => s.id === id);
          if (query) onLoad(query);
        }}
        options={(saved.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        notFoundContent={t('saved.none')}
        data-testid="datacenter-saved"
      />
      <Popconfirm
        title={t('common:delete-confirm', { name: chosenName })}
        disabled={chosen === null}
        onConfirm={() => void remove()}
      >
        <Button icon={<DeleteOutlined />} disabled={chosen === null} aria-label={t('common:delete')} />
      </Popconfirm>
      <Button
        icon={<SaveOutlined />}
        disabled={!current}
        onClick={() => {
          form.resetFields();
          setSaving(true);
        }}
        data-testid="datacenter-save"
      >
        {t('saved.save')}
      </Button>
      <Modal
        open={saving}
        title={t('saved.save-title')}
        onCancel={() => setSaving(false)}
        onOk={() => void save()}
        okButtonProps={{ 'data-testid': 'datacenter-save-ok' } as ButtonProps}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t('saved.name')}
            rules={[{ required: true, whitespace: true, message: t('saved.name-required') }, { max: 50 }]}
          >
            <Input maxLength={50} autoFocus data-testid="datacenter-save-name" />
          </Form.Item>
        </Form>
      </Modal>
    </Space.Compact>
  );
}
