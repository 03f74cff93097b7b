import { useState } from 'react';
import { Badge, Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { DownOutlined, FilterOutlined, UpOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { advancedFilterCount } from './deviceFilters';
import { DEVICE_STATUS_FILTERS, type AdvancedFilters, type DeviceFilters } from './deviceTypes';
import { useManufacturers, useTemplateOptions } from './useDevices';

/**
 * The device list's search: a keyword over name, device number and gateway SN, and an advanced
 * panel (gateway state, template, manufacturer, SN) that opens below it.
 */
export function DeviceSearchBar({
  filters,
  onKeyword,
  onAdvanced,
}: {
  filters: DeviceFilters;
  onKeyword(keyword: string): void;
  onAdvanced(advanced: AdvancedFilters): void;
}) {
  const { t } = useT('deviceList');
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const [form] = Form.useForm<AdvancedFilters>();
  const manufacturers = useManufacturers(open);
  const templates = useTemplateOptions(open);
  const active = advancedFilterCount(filters);

  return (
    <div style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            if (!e.target.value) onKeyword('');
          }}
          onSearch={(v) => onKeyword(v.trim())}
          placeholder={t('search.keyword')}
          enterButton={t('common:search')}
          maxLength={50}
          style={{ width: 340 }}
          data-testid="device-keyword"
        />
        <Badge count={active} size="small" offset={[-4, 2]}>
          <Button
            icon={<FilterOutlined />}
            onClick={() => setOpen((o) => !o)}
            data-testid="device-advanced-toggle"
            aria-expanded={open}
          >
            {t('search.advanced')} {open ? <UpOutlined /> : <DownOutlined />}
          </Button>
        </Badge>
      </Flex>
      {open && (
        <Form<AdvancedFilters>
          form={form}
          layout="vertical"
          initialValues={{
            status: filters.status,
            templateId: filters.templateId,
            manufacturer: filters.manufacturer,
            sn: filters.sn,
          }}
          onFinish={(v) => onAdvanced(v)}
          style={{ marginTop: 12, padding: '12px 16px 0', background: '#fafafa', borderRadius: 8 }}
          data-testid="device-advanced"
        >
          <Row gutter={16}>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="status" label={t('search.status')}>
                <Select
                  allowClear
                  placeholder={t('common:all')}
                  options={DEVICE_STATUS_FILTERS.map((s) => ({ value: s, label: t(`gateways:status.${s}`) }))}
                  data-testid="device-filter-status"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="templateId" label={t('search.template')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={templates.isFetching}
                  placeholder={t('common:all')}
                  options={(templates.data ?? []).map((tpl) => ({
                    value: tpl.id,
                    label: `${tpl.name} (${tpl.series})`,
                  }))}
                  data-testid="device-filter-template"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="manufacturer" label={t('search.manufacturer')}>
                <Select
                  allowClear
                  showSearch
                  loading={manufacturers.isFetching}
                  placeholder={t('common:all')}
                  options={(manufacturers.data ?? []).map((m) => ({ value: m, label: m }))}
                  data-testid="device-filter-manufacturer"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item
                name="sn"
                label={t('search.sn')}
                rules={[{ pattern: /^\d*$/, message: t('search.sn-digits') }]}
              >
                <Input
                  allowClear
                  maxLength={12}
                  placeholder={t('search.sn-placeholder')}
                  data-testid="device-filter-sn"
                />
              </Form.Item>
            </Col>
          </Row>
          <Flex justify="flex-end" gap={8} style={{ paddingBottom: 12 }}>
            <Button
              onClick={() => {
                form.setFieldsValue({
                  status: undefined,
                  templateId: undefined,
                  manufacturer: undefined,
                  sn: undefined,
                });
                onAdvanced({});
              }}
            >
              {t('common:reset')}
            </Button>
            <Button type="primary" htmlType="submit" data-testid="device-advanced-search">
              {t('common:search')}
            </Button>
          </Flex>
        </Form>
      )}
    </div>
  );
}
