import { Form, Input, InputNumber, Select, Space } from 'antd';
import { INSPECTION_RESULT_KINDS, type InspectionItemRow, type InspectionResultKind } from '@fieldhub/shared';
import { FormModal } from '../../../app/components/FormModal';
import { useInspectionActions } from '../../../app/inspections/useInspections';
import { useT } from '../../../app/useT';

interface ItemValues {
  name: string;
  method?: string;
  standard?: string;
  resultKind: InspectionResultKind;
  min?: number | null;
  max?: number | null;
}

/** Adds or edits an inspection item (operations.md §3.1): name, method, standard, result kind, range. */
export function ItemFormModal({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: InspectionItemRow | undefined;
  onClose(): void;
}) {
  const { t } = useT('inspections');
  const [form] = Form.useForm<ItemValues>();
  const { saveItem } = useInspectionActions();
  const kind = Form.useWatch('resultKind', form);
  return (
    <FormModal<ItemValues>
      open={open}
      title={row ? t('items.edit-title', { name: row.name }) : t('items.add-title')}
      form={form}
      saving={saveItem.isPending}
      onClose={onClose}
      initialValues={
        row
          ? { ...row, min: row.min, max: row.max }
          : { resultKind: 'check' as const, name: '', method: '', standard: '' }
      }
      onFinish={(v) =>
        saveItem.mutate(
          {
            id: row?.id,
            values: {
              name: v.name.trim(),
              method: v.method?.trim() ?? '',
              standard: v.standard?.trim() ?? '',
              resultKind: v.resultKind,
              min: v.resultKind === 'number' ? (v.min ?? null) : null,
              max: v.resultKind === 'number' ? (v.max ?? null) : null,
            },
          },
          { onSuccess: onClose },
        )
      }
      testId="inspection-item-form"
    >
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[{ required: true, whitespace: true, message: t('items.name-required') }]}
      >
        <Input maxLength={50} showCount autoFocus data-testid="item-name" />
      </Form.Item>
      <Form.Item name="method" label={t('field.method')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 1 }} data-testid="item-method" />
      </Form.Item>
      <Form.Item name="standard" label={t('field.standard')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 1 }} data-testid="item-standard" />
      </Form.Item>
      <Form.Item
        name="resultKind"
        label={t('field.kind')}
        rules={[{ required: true, message: t('items.kind-required') }]}
      >
        <Select
          data-testid="item-kind"
          options={INSPECTION_RESULT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
      </Form.Item>
      {kind === 'number' && (
        <Form.Item label={t('items.range')} extra={t('items.range-help')} required={false}>
          <Space.Compact>
            <Form.Item name="min" noStyle>
              <InputNumber placeholder={t('items.min')} style={{ width: 140 }} data-testid="item-min" />
            </Form.Item>
            <Form.Item
              name="max"
              noStyle
              dependencies={['min']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, max: number | null | undefined) => {
                    const min = getFieldValue('min') as number | null | undefined;
                    return min === null ||
                      min === undefined ||
                      max === null ||
                      max === undefined ||
                      min <= max
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('items.range-order')));
                  },
                }),
              ]}
            >
              <InputNumber placeholder={t('items.max')} style={{ width: 140 }} data-testid="item-max" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      )}
    </FormModal>
  );
}
