import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, type ButtonProps } from 'antd';
import { DeleteOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { dataCenterCalls, type SavedQuery } from '@fieldhub/shared';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import { callBody, savedKey, useSavedQueries, type Asked } from './useDataCenter';

/** Save the current query under a name, load, rename or delete a saved one (data-views.md §3.2). */
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
  // the name dialog: saving the current query, or renaming the chosen one
  const [dialog, setDialog] = useState<'save' | 'rename' | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const refresh = () => client.invalidateQueries({ queryKey: savedKey });

  const submit = async () => {
    const { name } = await form.validateFields();
    try {
      if (dialog === 'rename' && chosen !== null) {
        await callApi(dataCenterCalls.savedRename, { id: chosen, name });
      } else if (current) {
        const { id } = await callApi(dataCenterCalls.savedAdd, { name, query: callBody(current) });
        setChosen(id);
      }
      await refresh();
      setDialog(null);
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
      <Button
        icon={<EditOutlined />}
        disabled={chosen === null}
        aria-label={t('saved.rename')}
        onClick={() => {
          form.setFieldsValue({ name: chosenName });
          setDialog('rename');
        }}
        data-testid="datacenter-rename"
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
          form.setFieldsValue({ name: '' });
          setDialog('save');
        }}
        data-testid="datacenter-save"
      >
        {t('saved.save')}
      </Button>
      <Modal
        open={dialog !== null}
        title={dialog === 'rename' ? t('saved.rename') : t('saved.save-title')}
        onCancel={() => setDialog(null)}
        onOk={() => void submit()}
        forceRender
        okButtonProps={{ 'data-testid': 'datacenter-save-ok' } as ButtonProps}
      >
        <Form form={form} layout="vertical">
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
