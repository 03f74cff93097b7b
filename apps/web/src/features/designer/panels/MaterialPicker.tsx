/**
 * The material library in the designer (docs/requirements/pages-and-designer.md §12.1): the enterprise's
 * images as a grid to pick from for a page background, an image widget or an animation frame; images
 * are uploaded here (at most 10 at a time, each at most 2 MB; the server checks the type and stores
 * an SVG sanitised, which is told here) and deleted here.
 */
import { useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Popconfirm, Space, Spin, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MATERIAL_MAX_BYTES,
  MATERIALS_PER_UPLOAD,
  materialsCalls,
  type UploadedMaterial,
} from '@fieldhub/shared';
import { callApi, uploadFilesCall } from '../../../app/request';
import { toastError, toastSuccess } from '../../../app/notify';
import { useT } from '../../../app/useT';
import { CommitText } from './fields';

const KEY = ['designer', 'materials'];

function MaterialDialog({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose(): void;
  onPick(url: string): void;
}) {
  const { t } = useT('designer');
  const client = useQueryClient();
  const [filter, setFilter] = useState('');
  /** names of the last upload's SVGs stored with unsafe parts left out */
  const [cleaned, setCleaned] = useState<string[]>([]);
  const list = useQuery({
    queryKey: [...KEY, filter],
    queryFn: () => callApi(materialsCalls.list, { name: filter || undefined }),
    enabled: open,
  });
  const upload = useMutation({
    mutationFn: (files: File[]) => uploadFilesCall(materialsCalls.upload, files),
    onSuccess: (rows: UploadedMaterial[]) => {
      toastSuccess(t('material.uploaded', { n: rows.length }));
      setCleaned(rows.filter((r) => r.cleaned).map((r) => r.name));
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(materialsCalls.remove, { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  const send = (files: File[]) => {
    if (files.length > MATERIALS_PER_UPLOAD)
      return toastError(t('material.too-many', { max: MATERIALS_PER_UPLOAD }));
    const big = files.find((f) => f.size > MATERIAL_MAX_BYTES);
    if (big)
      return toastError(t('material.too-large', { name: big.name, max: MATERIAL_MAX_BYTES / 1024 / 1024 }));
    upload.mutate(files);
  };
  return (
    <Modal
      open={open}
      title={t('material.title')}
      width={720}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="material-dialog"
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Upload
          multiple
          accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          showUploadList={false}
          beforeUpload={(file, files) => {
            // antd calls this once per file with the whole selection: send the selection once
            if (file === files[0]) send(files);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="material-upload">
            {t('material.upload')}
          </Button>
        </Upload>
        <Input.Search
          allowClear
          placeholder={t('material.search')}
          onSearch={(v) => setFilter(v.trim())}
          style={{ width: 220 }}
          data-testid="material-search"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('material.rules', { max: MATERIALS_PER_UPLOAD, size: MATERIAL_MAX_BYTES / 1024 / 1024 })}
        </Typography.Text>
      </Space>
      {cleaned.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('material.cleaned', { names: cleaned.join(', ') })}
          data-testid="material-cleaned"
        />
      )}
      {list.isLoading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin data-testid="material-loading" />
        </div>
      ) : !list.data?.length ? (
        <Empty
          description={t(filter ? 'material.none-found' : 'material.empty')}
          data-testid="material-empty"
        />
      ) : (
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 10 }}
          data-testid="material-grid"
        >
          {list.data.map((m) => (
            <div
              key={m.id}
              style={{ border: '1px solid #e5e7eb', borderRadius: 6, padding: 6, background: '#fafafa' }}
              data-testid={`material-${m.name}`}
            >
              <button
                type="button"
                onClick={() => {
                  onPick(m.url);
                  onClose();
                }}
                title={t('material.pick')}
                style={{
                  width: '100%',
                  height: 90,
                  border: 0,
                  padding: 0,
                  background: '#fff',
                  cursor: 'pointer',
                }}
              >
                <img
                  src={m.url}
                  alt={m.name}
                  style={{ maxWidth: '100%', maxHeight: 90, objectFit: 'contain' }}
                />
              </button>
              <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginTop: 4 }}>
                <Typography.Text ellipsis style={{ flex: 1, fontSize: 12 }} title={m.name}>
                  {m.name}
                </Typography.Text>
                <Popconfirm
                  title={t('material.delete-confirm', { name: m.name })}
                  onConfirm={() => remove.mutate(m.id)}
                >
                  <Button
                    size="small"
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('material.delete')}
                  />
                </Popconfirm>
              </div>
            </div>
          ))}
        </div>
      )}
    </Modal>
  );
}

/** An image address field with a button that picks it from the material library. */
export function MaterialField({
  value,
  onCommit,
  testId,
  placeholder,
}: {
  value: string;
  onCommit(url: string): void;
  testId?: string;
  placeholder?: string;
}) {
  const { t } = useT('designer');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <CommitText testId={testId} value={value} placeholder={placeholder} onCommit={onCommit} />
        <Button
          size="small"
          icon={<PictureOutlined />}
          onClick={() => setOpen(true)}
          aria-label={t('material.open')}
          title={t('material.open')}
          data-testid={testId ? `${testId}-library` : 'material-open'}
        />
      </Space.Compact>
      {open && <MaterialDialog open onClose={() => setOpen(false)} onPick={onCommit} />}
    </>
  );
}
