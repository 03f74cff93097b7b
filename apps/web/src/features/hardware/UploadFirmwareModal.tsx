import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { FIRMWARE_MAX_BYTES, FIRMWARE_VERSION_PATTERN } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import { useGatewaySeries, useUploadFirmware } from './useFirmware';

interface UploadValues {
  series: string;
  version: string;
  note: string;
}

/** Uploads one firmware package for a gateway series and version (at most 50 MB). */
export function UploadFirmwareModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useT('hardware');
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState('');
  const series = useGatewaySeries();
  const uploading = useUploadFirmware();
  const defaultSeries = series.data?.find((s) => s.isDefault)?.name ?? series.data?.[0]?.name;

  const pick = (f: File) => {
    if (f.size === 0) setFileProblem(t('firmware.file-empty'));
    else if (f.size > FIRMWARE_MAX_BYTES)
      setFileProblem(t('firmware.file-too-large', { mb: FIRMWARE_MAX_BYTES / 1048576 }));
    else setFileProblem('');
    setFile(f);
    return false; // kept here, sent with the form
  };

  return (
    <Modal
      open={open}
      title={t('firmware.upload-title')}
      onCancel={onClose}
      destroyOnHidden
      width={600}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common:cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={uploading.isPending}
          onClick={() => form.submit()}
          data-testid="firmware-upload-ok"
        >
          {t('firmware.upload')}
        </Button>,
      ]}
    >
      <Form<UploadValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ series: defaultSeries, version: '', note: '' }}
        onFinish={(v) => {
          if (!file) return setFileProblem(t('firmware.file-required'));
          if (fileProblem) return;
          uploading.mutate(
            { file, series: v.series, version: v.version.trim(), note: (v.note ?? '').trim() },
            {
              onSuccess: () => {
                toastSuccess(t('firmware.uploaded', { version: v.version.trim() }));
                onClose();
              },
            },
          );
        }}
        style={{ marginTop: 12 }}
        data-testid="firmware-form"
      >
        <Form.Item
          name="series"
          label={t('col.series')}
          rules={[{ required: true, message: t('register.series-required') }]}
        >
          <Select
            loading={series.isPending}
            options={(series.data ?? []).map((s) => ({ value: s.name, label: s.name }))}
            data-testid="firmware-series"
          />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('firmware.version')}
          extra={t('firmware.version-help')}
          rules={[
            { required: true, whitespace: true, message: t('firmware.version-required') },
            { pattern: FIRMWARE_VERSION_PATTERN, message: t('firmware.version-invalid') },
          ]}
        >
          <Input maxLength={30} placeholder="1.2.0" data-testid="firmware-version" />
        </Form.Item>
        <Form.Item name="note" label={t('firmware.note')}>
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="firmware-note" />
        </Form.Item>
        <Form.Item label={t('firmware.file')} required>
          <Upload beforeUpload={pick} showUploadList={false} maxCount={1}>
            <Button icon={<UploadOutlined />} data-testid="firmware-file">
              {t('firmware.choose')}
            </Button>
          </Upload>
          {file && (
            <Typography.Text style={{ marginLeft: 12 }} data-testid="firmware-file-name">
              {file.name} ({(file.size / 1024).toFixed(0)} KB)
            </Typography.Text>
          )}
          {fileProblem && (
            <Alert
              type="error"
              showIcon
              title={fileProblem}
              style={{ marginTop: 8 }}
              data-testid="firmware-file-problem"
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
