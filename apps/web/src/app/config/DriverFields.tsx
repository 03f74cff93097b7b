import { Button, Col, Form, Input, InputNumber, Row, Select, Switch, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { FormRule } from 'antd';
import { useT } from '../useT';
import {
  BYTE_ORDERS_16,
  BYTE_ORDERS_32,
  BYTE_ORDERS_64,
  OPCUA_POLICIES,
  SERIAL_PARITIES,
  STRING_ENCODINGS,
  type Protocol,
} from '@fieldhub/shared';
import { toastError } from '../notify';
import {
  BAUD_RATES,
  DATA_BITS,
  OPCUA_AUTH_MODES,
  OPCUA_MODES,
  readKeyFile,
  S7_FAMILIES,
  STOP_BITS,
} from './driverForm';

type RuleFor = (field: string) => FormRule[];

const options = (values: readonly (string | number)[]) => values.map((v) => ({ value: v, label: String(v) }));

/**
 * The fields of one protocol (docs/requirements/device-configuration.md §2.1, §2.2), below the common ones.
 */
export function DriverProtocolFields({ protocol, rule }: { protocol: Protocol; rule: RuleFor }) {
  switch (protocol) {
    case 'modbus-tcp':
      return (
        <>
          <NetworkFields rule={rule} />
          <ModbusFields rule={rule} />
          <ByteOrderFields />
        </>
      );
    case 'modbus-rtu':
      return (
        <>
          <SerialFields rule={rule} />
          <ModbusFields rule={rule} />
          <ByteOrderFields />
        </>
      );
    case 's7':
      return (
        <>
          <NetworkFields rule={rule} />
          <S7Fields rule={rule} />
        </>
      );
    case 'opcua':
      return <OpcUaFields rule={rule} />;
  }
}

function NetworkFields({ rule }: { rule: RuleFor }) {
  const { t } = useT('deviceConfig');
  return (
    <Row gutter={16}>
      <Col span={16}>
        <Form.Item name="ip" label={t('driver.field.ip')} rules={rule('ip')} required>
          <Input placeholder="192.168.1.10" data-testid="driver-ip" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="port" label={t('driver.field.port')} rules={rule('port')}>
          <InputNumber
            min={1}
            max={65535}
            precision={0}
            style={{ width: '100%' }}
            data-testid="driver-port"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

function ModbusFields({ rule }: { rule: RuleFor }) {
  const { t } = useT('deviceConfig');
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item name="slaveId" label={t('driver.field.slaveId')} rules={rule('slaveId')}>
          <InputNumber min={0} max={255} precision={0} style={{ width: '100%' }} data-testid="driver-slave" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="blockCollect"
          label={t('driver.field.blockCollect')}
          valuePropName="checked"
          tooltip={t('driver.field.blockCollect-help')}
        >
          <Switch />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item noStyle dependencies={['blockCollect']}>
          {({ getFieldValue }) =>
            getFieldValue('blockCollect') ? (
              <Form.Item name="blockGap" label={t('driver.field.blockGap')} rules={rule('blockGap')}>
                <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            ) : null
          }
        </Form.Item>
      </Col>
    </Row>
  );
}

function ByteOrderFields() {
  const { t } = useT('deviceConfig');
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Form.Item name="byteOrder16" label={t('driver.field.byteOrder16')}>
          <Select options={options(BYTE_ORDERS_16)} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="byteOrder32" label={t('driver.field.byteOrder32')}>
          <Select options={options(BYTE_ORDERS_32)} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="byteOrder64" label={t('driver.field.byteOrder64')}>
          <Select options={options(BYTE_ORDERS_64)} popupMatchSelectWidth={false} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <EncodingField />
      </Col>
    </Row>
  );
}

function EncodingField() {
  const { t } = useT('deviceConfig');
  return (
    <Form.Item name="stringEncoding" label={t('driver.field.stringEncoding')}>
      <Select
        options={STRING_ENCODINGS.map((e) => ({ value: e, label: t(`driver.encoding.${e}`) }))}
        popupMatchSelectWidth={false}
      />
    </Form.Item>
  );
}

function SerialFields({ rule }: { rule: RuleFor }) {
  const { t } = useT('deviceConfig');
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="serialPort" label={t('driver.field.serialPort')} rules={rule('serialPort')} required>
          <Input placeholder="/dev/ttyS1" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="baudRate" label={t('driver.field.baudRate')} rules={rule('baudRate')}>
          <Select options={options(BAUD_RATES)} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="dataBits" label={t('driver.field.dataBits')}>
          <Select options={options(DATA_BITS)} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="parity" label={t('driver.field.parity')}>
          <Select options={SERIAL_PARITIES.map((p) => ({ value: p, label: t(`driver.parity.${p}`) }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="stopBits" label={t('driver.field.stopBits')}>
          <Select options={options(STOP_BITS)} />
        </Form.Item>
      </Col>
    </Row>
  );
}

function S7Fields({ rule }: { rule: RuleFor }) {
  const { t } = useT('deviceConfig');
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Form.Item name="rack" label={t('driver.field.rack')} rules={rule('rack')}>
          <InputNumber min={0} max={7} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="slot" label={t('driver.field.slot')} rules={rule('slot')}>
          <InputNumber min={0} max={31} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="frameType" label={t('driver.field.frameType')}>
          <Select options={options(S7_FAMILIES)} popupMatchSelectWidth={false} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <EncodingField />
      </Col>
    </Row>
  );
}

function OpcUaFields({ rule }: { rule: RuleFor }) {
  const { t } = useT('deviceConfig');
  return (
    <>
      <Form.Item name="endpoint" label={t('driver.field.endpoint')} rules={rule('endpoint')} required>
        <Input placeholder="opc.tcp://192.168.1.20:4840" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="securityPolicy" label={t('driver.field.securityPolicy')}>
            <Select options={options(OPCUA_POLICIES)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="securityMode"
            label={t('driver.field.securityMode')}
            rules={rule('securityMode')}
            dependencies={['securityPolicy']}
          >
            <Select options={OPCUA_MODES.map((m) => ({ value: m, label: t(`driver.mode.${m}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="authMode" label={t('driver.field.authMode')}>
            <Select options={OPCUA_AUTH_MODES.map((m) => ({ value: m, label: t(`driver.auth.${m}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item noStyle dependencies={['authMode']}>
        {({ getFieldValue }) =>
          getFieldValue('authMode') === 'username' ? (
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name="username"
                  label={t('driver.field.username')}
                  rules={rule('username')}
                  dependencies={['authMode']}
                  required
                >
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="password" label={t('driver.field.password')} rules={rule('password')}>
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            </Row>
          ) : null
        }
      </Form.Item>
      <KeyFileField name="certificate" label={t('driver.field.certificate')} pemLabel="CERTIFICATE" />
      <KeyFileField name="privateKey" label={t('driver.field.privateKey')} pemLabel="PRIVATE KEY" />
    </>
  );
}

/** A PEM text area with an upload button that reads a .pem/.der file of at most 1 MB into it. */
function KeyFileField({
  name,
  label,
  pemLabel,
}: {
  name: string;
  label: string;
  pemLabel: 'CERTIFICATE' | 'PRIVATE KEY';
}) {
  const { t } = useT('deviceConfig');
  const form = Form.useFormInstance();
  return (
    <Form.Item label={label} extra={t('driver.field.key-file-help')}>
      <div>
        <Form.Item name={name} noStyle>
          <Input.TextArea
            rows={3}
            placeholder="-----BEGIN …-----"
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }}
          />
        </Form.Item>
        <Upload
          accept=".pem,.der"
          showUploadList={false}
          beforeUpload={async (file) => {
            const read = await readKeyFile(file, pemLabel);
            if (read.ok) form.setFieldValue(name, read.text);
            else toastError(t(`driver.field.key-file-${read.reason}`));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} size="small" style={{ marginTop: 4 }}>
            {t('driver.field.upload')}
          </Button>
        </Upload>
      </div>
    </Form.Item>
  );
}
