import { useState } from 'react';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Space,
  Table,
  Typography,
} from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { LIMITS } from '@fieldhub/shared';
import { toastError, toastSuccess } from '../../app/notify';
import { saveBlob } from '../../app/request';
import { copyText } from '../../app/clipboard';
import { csvBlob, toCsv } from './csv';
import { checkSnList, snRange } from './snList';
import { useRegisterGateways, type IssuedGateway } from './useHardware';

/**
 * Gateway series offered for choice. They mirror the series seeded by migration 0002; the
 * server has no call listing series yet, so another name can still be typed (the server refuses
 * an unknown one).
 */
const KNOWN_SERIES = ['EG', 'EG-Pro', 'EG-Lite'];

interface RegisterValues {
  series: string;
  model?: string;
  snText: string;
}

/** Registers up to 100 gateways of one series, then shows their codes and MQTT passwords once. */
export function RegisterGatewaysModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useT('hardware');
  const { modal } = App.useApp();
  const [form] = Form.useForm<RegisterValues>();
  const register = useRegisterGateways();
  const [issued, setIssued] = useState<IssuedGateway[] | null>(null);
  const [saved, setSaved] = useState(false);
  const snText = Form.useWatch('snText', form) ?? '';
  const check = checkSnList(snText);
  const [rangeStart, setRangeStart] = useState('');
  const [rangeCount, setRangeCount] = useState<number | null>(10);

  const header = [t('col.sn'), t('issued.code'), t('issued.password')];
  const rows = (issued ?? []).map((g) => [g.sn, g.verifyCode, g.mqttPassword]);
  const copyAll = async () => {
    const text = [header, ...rows].map((r) => r.join('\t')).join('\n');
    if (await copyText(text)) {
      setSaved(true);
      toastSuccess(t('issued.copied'));
    } else toastError(t('issued.copy-failed'));
  };
  const download = () => {
    saveBlob(csvBlob(toCsv(header, rows)), `gateways-${issued?.[0]?.sn ?? 'batch'}.csv`);
    setSaved(true);
  };
  const close = () => {
    if (issued && !saved)
      modal.confirm({
        title: t('issued.close-title'),
        content: t('issued.close-warning'),
        okText: t('issued.close-anyway'),
        okButtonProps: { danger: true },
        cancelText: t('common:cancel'),
        onOk: onClose,
      });
    else onClose();
  };
  const fillRange = () => {
    const sns = snRange(rangeStart.trim(), rangeCount ?? 0);
    if (!sns.length) return;
    const current = (form.getFieldValue('snText') as string | undefined)?.trim();
    form.setFieldValue('snText', [current, ...sns].filter(Boolean).join('\n'));
    void form.validateFields(['snText']);
  };

  // the server names the SNs that are registered already (1024): list them by the box
  const takenSns = (register.error as { data?: { sns?: unknown } } | null)?.data?.sns;
  const taken = Array.isArray(takenSns) ? takenSns.map(String) : [];

  const snProblem = () => {
    if (!check.sns.length && !check.invalid.length) return t('register.sn-required');
    if (check.invalid.length)
      return t('register.sn-invalid', {
        list: check.invalid.slice(0, 5).join(', '),
        count: check.invalid.length,
      });
    if (check.duplicates.length)
      return t('register.sn-duplicate', { list: check.duplicates.slice(0, 5).join(', ') });
    if (check.tooMany) return t('register.sn-too-many', { max: LIMITS.batchModules });
    return null;
  };

  return (
    <Modal
      open={open}
      width={issued ? 720 : 600}
      title={issued ? t('issued.title', { count: issued.length }) : t('register.title')}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        issued
          ? [
              <Button
                key="copy"
                icon={<CopyOutlined />}
                onClick={() => void copyAll()}
                data-testid="issued-copy"
              >
                {t('issued.copy')}
              </Button>,
              <Button key="csv" icon={<DownloadOutlined />} onClick={download} data-testid="issued-csv">
                {t('issued.csv')}
              </Button>,
              <Button key="done" type="primary" onClick={close} data-testid="issued-done">
                {t('issued.done')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('common:cancel')}
              </Button>,
              <Button
                key="ok"
                type="primary"
                loading={register.isPending}
                onClick={() => form.submit()}
                data-testid="register-submit"
              >
                {check.sns.length
                  ? t('register.submit-count', { count: check.sns.length })
                  : t('register.submit')}
              </Button>,
            ]
      }
    >
      {issued ? (
        <Flex vertical gap={12} style={{ marginTop: 12 }}>
          <Alert type="warning" showIcon title={t('issued.once')} />
          <Table<IssuedGateway>
            rowKey="sn"
            size="small"
            bordered
            dataSource={issued}
            pagination={issued.length > 10 ? { pageSize: 10, size: 'small' } : false}
            columns={[
              { title: t('col.sn'), dataIndex: 'sn' },
              { title: t('issued.code'), dataIndex: 'verifyCode' },
              { title: t('issued.password'), dataIndex: 'mqttPassword' },
            ].map((c) => ({
              ...c,
              render: (v: string) => (
                <Typography.Text style={{ fontFamily: 'monospace' }}>{v}</Typography.Text>
              ),
            }))}
            data-testid="issued-table"
          />
        </Flex>
      ) : (
        <Form<RegisterValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ series: KNOWN_SERIES[0], model: '', snText: '' }}
          onFinish={(v) =>
            register.mutate(
              { series: v.series.trim(), model: (v.model ?? '').trim(), sns: check.sns },
              { onSuccess: (result) => setIssued(result) },
            )
          }
          style={{ marginTop: 12 }}
          data-testid="register-form"
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="series"
                label={t('col.series')}
                rules={[{ required: true, whitespace: true, message: t('register.series-required') }]}
              >
                <AutoComplete
                  options={KNOWN_SERIES.map((s) => ({ value: s }))}
                  maxLength={50}
                  data-testid="register-series"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="model" label={t('col.model')}>
                <Input maxLength={50} placeholder="EG-4G" data-testid="register-model" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="snText"
            label={t('register.sns')}
            extra={t('register.sns-help', { max: LIMITS.batchModules })}
            rules={[
              {
                validator: () => {
                  const problem = snProblem();
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea
              rows={8}
              placeholder={'200000000001\n200000000002'}
              style={{ fontFamily: 'monospace' }}
              data-testid="register-sns"
            />
          </Form.Item>
          {taken.length > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('register.taken', { list: taken.slice(0, 10).join(', '), count: taken.length })}
              data-testid="register-taken"
            />
          )}
          <Space.Compact>
            <Input
              value={rangeStart}
              onChange={(e) => setRangeStart(e.target.value)}
              placeholder={t('register.range-first')}
              maxLength={12}
              style={{ width: 180 }}
              data-testid="register-range-first"
            />
            <InputNumber
              value={rangeCount}
              onChange={setRangeCount}
              min={1}
              max={LIMITS.batchModules}
              precision={0}
              style={{ width: 90 }}
              data-testid="register-range-count"
            />
            <Button
              onClick={fillRange}
              disabled={!/^\d{12}$/.test(rangeStart.trim())}
              data-testid="register-range-fill"
            >
              {t('register.range-fill')}
            </Button>
          </Space.Compact>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 4, marginBottom: 0 }}>
            {t('register.range-help')}
          </Typography.Paragraph>
        </Form>
      )}
    </Modal>
  );
}
