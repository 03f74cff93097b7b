import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Flex, Image, Popconfirm, Typography } from 'antd';
import { CameraOutlined, DeleteOutlined, FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import { REPAIR_ATTACHMENTS_MAX, repairsCalls, type RepairAttachment } from '@fieldhub/shared';
import { downloadCall, fetchFileCall } from '../request';
import { useT } from '../useT';
import { useRepairActions } from './useRepairs';

/** A photo read through the download call (a POST, so not an <img src>), shown as a thumbnail. */
function Photo({ att }: { att: RepairAttachment }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const abort = new AbortController();
    let made: string | undefined;
    void fetchFileCall(repairsCalls.attachment, { id: att.id }, 'image/', abort.signal)
      .then((blob) => {
        if (!blob) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [att.id]);
  return (
    <Image
      src={url}
      alt={att.fileName}
      width={88}
      height={88}
      style={{ objectFit: 'cover', borderRadius: 6 }}
      data-testid={`repair-photo-${att.id}`}
    />
  );
}

/**
 * An order's photos and files (docs/requirements/operations.md §2.1): thumbnails of the photos,
 * PDFs as links, an upload button (the phone's camera with `camera`), delete on an open order.
 */
export function RepairAttachments({
  orderId,
  list,
  canAttach,
  camera,
}: {
  orderId: number;
  list: RepairAttachment[];
  canAttach: boolean;
  camera?: boolean;
}) {
  const { t } = useT('repairs');
  const input = useRef<HTMLInputElement>(null);
  const { upload, removeAttachment } = useRepairActions();
  const full = list.length >= REPAIR_ATTACHMENTS_MAX;

  return (
    <Flex vertical gap={8} data-testid="repair-attachments">
      {list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attachment.none')} />}
      <Flex wrap gap={8}>
        {list.map((a) => (
          <Flex key={a.id} vertical align="center" gap={2} style={{ width: 96 }}>
            {a.kind === 'image' ? (
              <Photo att={a} />
            ) : (
              <Button
                type="link"
                icon={<FilePdfOutlined />}
                onClick={() =>
                  void downloadCall(repairsCalls.attachment, { id: a.id }, a.fileName).catch(() => undefined)
                }
              >
                PDF
              </Button>
            )}
            <Typography.Text ellipsis style={{ maxWidth: 96, fontSize: 12 }} title={a.fileName}>
              {a.fileName}
            </Typography.Text>
            {canAttach && (
              <Popconfirm
                title={t('attachment.delete-title', { name: a.fileName })}
                okText={t('common:delete')}
                cancelText={t('common:cancel')}
                onConfirm={() => removeAttachment.mutateAsync(a.id).catch(() => undefined)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common:delete')}
                />
              </Popconfirm>
            )}
          </Flex>
        ))}
      </Flex>
      {canAttach && (
        <div>
          <input
            ref={input}
            type="file"
            hidden
            accept={camera ? 'image/*' : 'image/png,image/jpeg,image/webp,application/pdf'}
            {...(camera ? { capture: 'environment' as const } : {})}
            data-testid="repair-file-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload.mutateAsync({ id: orderId, file }).catch(() => undefined);
            }}
          />
          <Button
            icon={camera ? <CameraOutlined /> : <PaperClipOutlined />}
            loading={upload.isPending}
            disabled={full}
            onClick={() => input.current?.click()}
            data-testid="repair-upload"
          >
            {camera ? t('attachment.photo') : t('attachment.add')}
          </Button>
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
            {full
              ? t('attachment.full')
              : t('attachment.help', { n: list.length, max: REPAIR_ATTACHMENTS_MAX })}
          </Typography.Text>
        </div>
      )}
    </Flex>
  );
}
