import { Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, FileProtectOutlined, UploadOutlined } from '@ant-design/icons';
import { useT, type Translate } from '../../app/useT';
import { toastError } from '../../app/notify';
import { base64OfDataUrl, certificateBytes, certificateProblem } from './gatewayRules';
import type { CertificateFile } from './gatewayTypes';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(base64OfDataUrl(String(reader.result)));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function fileSize(bytes: number, t: Translate<'gateways'>): string {
  return bytes < 1024 ? t('cert.bytes', { bytes }) : t('cert.size', { kb: Math.round(bytes / 1024) });
}

/**
 * A form control for a certificate or key file (.pem/.der, at most 1 MB), read in the browser
 * as base64. A stored private key comes back without content: it shows as kept and cannot be
 * removed, only replaced.
 */
export function CertificateInput({
  value,
  onChange,
  testId,
}: {
  value?: CertificateFile | undefined;
  onChange?: (value: CertificateFile | undefined) => void;
  testId: string;
}) {
  const { t } = useT('gateways');
  const stored = !!value && !value.content;
  return (
    <Flex align="center" gap={8} wrap>
      {value ? (
        <Flex align="center" gap={6} style={{ minWidth: 0 }}>
          <FileProtectOutlined style={{ color: '#52c41a' }} />
          <Typography.Text ellipsis style={{ maxWidth: 220 }} data-testid={`${testId}-name`}>
            {value.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {stored ? t('cert.stored') : fileSize(certificateBytes(value.content), t)}
          </Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('cert.none')}</Typography.Text>
      )}
      <Upload
        accept=".pem,.der"
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = certificateProblem(file.name, file.size);
          if (problem) toastError(t(problem === 'type' ? 'cert.type' : 'cert.size-limit'));
          else
            readBase64(file).then(
              (content) => onChange?.({ name: file.name, content }),
              () => toastError(t('cert.read-failed')),
            );
          return false;
        }}
      >
        <Button size="small" icon={<UploadOutlined />} data-testid={testId}>
          {value ? t('cert.replace') : t('cert.choose')}
        </Button>
      </Upload>
      {value && !stored && (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={() => onChange?.(undefined)}
          aria-label={t('cert.remove')}
        />
      )}
    </Flex>
  );
}
