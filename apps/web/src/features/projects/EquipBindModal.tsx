import { useRef, useState } from 'react';
import { Alert, Form, Input, Select, Table, Typography } from 'antd';
import { useT } from '../../app/useT';
import {
  PROJECT_EQUIP_ADD_MAX,
  PROJECT_EQUIP_KEY_MAX,
  PROJECT_EQUIP_TITLE_MAX,
  projectEquipKeySchema,
  type ProjectBindableEquip,
} from '@fieldhub/shared';
import { FormModal } from '../../app/components/FormModal';
import { schemaRule } from '../../app/formRules';
import { GatewayStatusBadge } from '../../app/components/GatewayStatusBadge';
import { useEquipActions, useUnboundEquipment } from './useProjectEquip';

interface BindForm {
  /** the chosen device ids */
  pick: number[];
  /** per chosen device id: its key and title in the project (empty = the server's default) */
  equips: Record<string, { key?: string; title?: string }>;
}

/**
 * Binds devices the project does not hold yet: pick them (search by name or SN), then give each
 * a key and a title, or leave them empty for the server's `E<n>` key and the device's name.
 */
export function EquipBindModal({
  projectId,
  open,
  onClose,
}: {
  projectId: number;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useT('projects');
  const [form] = Form.useForm<BindForm>();
  const [keyword, setKeyword] = useState('');
  const candidates = useUnboundEquipment(projectId, keyword, open);
  const { add } = useEquipActions(projectId);
  const options = candidates.data?.list ?? [];
  const noneLeft = !keyword && candidates.isSuccess && options.length === 0;
  // a chosen device stays described after a new search no longer lists it
  const known = useRef(new Map<number, ProjectBindableEquip>());
  for (const e of options) known.current.set(e.id, e);
  const picked = Form.useWatch('pick', form) ?? [];
  const chosen = picked.flatMap((id) => known.current.get(id) ?? []);

  const submit = (v: BindForm) =>
    add.mutate(
      chosen.map((e) => ({
        equipmentId: e.id,
        key: v.equips?.[e.id]?.key?.trim() || undefined,
        title: v.equips?.[e.id]?.title?.trim() || undefined,
      })),
      { onSuccess: onClose },
    );

  return (
    <FormModal<BindForm>
      open={open}
      title={t('equip.add-title')}
      form={form}
      saving={add.isPending}
      onClose={onClose}
      okText={t('equip.add')}
      testId="equip-bind-form"
      onFinish={submit}
    >
      {noneLeft && <Alert type="info" showIcon title={t('equip.none-left')} style={{ marginBottom: 16 }} />}
      <Form.Item
        label={t('equip.pick')}
        name="pick"
        rules={[{ required: true, type: 'array', min: 1, message: t('equip.pick-required') }]}
      >
        <Select<number[]>
          mode="multiple"
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          maxCount={PROJECT_EQUIP_ADD_MAX}
          placeholder={t('equip.pick-placeholder')}
          loading={candidates.isFetching}
          onChange={() => setKeyword('')}
          options={options.map((e) => ({
            value: e.id,
            label: e.sn ? `${e.name} (${e.sn})` : e.name,
          }))}
          data-testid="equip-pick"
        />
      </Form.Item>
      {chosen.length > 0 && (
        <Table<ProjectBindableEquip>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={chosen}
          columns={[
            {
              title: t('equip.device'),
              dataIndex: 'name',
              render: (name: string, e) => (
                <>
                  <Typography.Text strong>{name}</Typography.Text>
                  <div>
                    <GatewayStatusBadge status={e.gatewayStatus} />
                  </div>
                </>
              ),
            },
            {
              title: t('equip.key'),
              width: 180,
              render: (_, e) => (
                <Form.Item
                  name={['equips', String(e.id), 'key']}
                  style={{ margin: 0 }}
                  rules={[schemaRule(projectEquipKeySchema, t('equip.key-rule'))]}
                >
                  <Input
                    size="small"
                    maxLength={PROJECT_EQUIP_KEY_MAX}
                    placeholder={t('equip.key-auto')}
                    data-testid={`equip-bind-key-${e.id}`}
                  />
                </Form.Item>
              ),
            },
            {
              title: t('equip.title'),
              width: 200,
              render: (_, e) => (
                <Form.Item name={['equips', String(e.id), 'title']} style={{ margin: 0 }}>
                  <Input size="small" maxLength={PROJECT_EQUIP_TITLE_MAX} placeholder={e.name} />
                </Form.Item>
              ),
            },
          ]}
        />
      )}
    </FormModal>
  );
}
