import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Progress, Result, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { bulkCalls } from '@fieldhub/shared';
import { callApi, downloadCall, uploadCall } from '../../../app/request';
import { groupKeys } from '../../../app/groups/useGroups';
import { isSpreadsheetName, jobPercent, jobPhase, type BulkJobError } from './bulkJob';
import { deviceKeys } from './useDevices';

const POLL_MS = 1000;

/** The job being watched, polled every second until it completes or fails. */
function useBulkJob(jobId: string | null) {
  return useQuery({
    queryKey: ['bulk-job', jobId],
    queryFn: () => callApi(bulkCalls.job, { jobId: jobId! }),
    enabled: !!jobId,
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && jobPhase(job) !== 'running' ? false : POLL_MS;
    },
    // a poll that fails once (network blip) is retried by the next round
    retry: 2,
    gcTime: 0,
  });
}

/**
 * Device import (docs/requirements/devices-and-gateways.md §3.5, §10): download the template, upload a filled
 * .xls/.xlsx, watch the job's progress, then see the summary or, when it failed, every bad row with its
 * reason.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useT('deviceList');
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useBulkJob(jobId);
  const phase = job.data ? jobPhase(job.data) : jobId ? 'running' : null;

  const start = async () => {
    if (!file) return;
    setUploading(true);
    try {
      const answer = await uploadCall(bulkCalls.deviceImport, file);
      setJobId(answer.jobId);
    } catch {
      // the toast already said why
    } finally {
      setUploading(false);
    }
  };
  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await downloadCall(bulkCalls.deviceTemplate, undefined, t('import.template-file'));
    } catch {
      // the toast already said why
    } finally {
      setDownloading(false);
    }
  };
  // the list learns about imported devices even when the dialog was hidden meanwhile
  useEffect(() => {
    if (phase !== 'completed') return;
    void client.invalidateQueries({ queryKey: deviceKeys.all });
    void client.invalidateQueries({ queryKey: groupKeys.all });
  }, [phase, client]);

  const restart = () => {
    setJobId(null);
    setFile(null);
    setFileError(null);
  };
  // hiding a running import keeps it watched; a finished one starts over next time
  const close = () => {
    if (phase === 'completed' || phase === 'failed') restart();
    onClose();
  };

  const footer =
    phase === 'running'
      ? [
          <Button key="close" onClick={close}>
            {t('import.background')}
          </Button>,
        ]
      : phase
        ? [
            phase === 'failed' && (
              <Button key="again" onClick={restart} data-testid="import-again">
                {t('import.again')}
              </Button>
            ),
            <Button key="done" type="primary" onClick={close} data-testid="import-done">
              {t('import.done')}
            </Button>,
          ]
        : [
            <Button key="cancel" onClick={close}>
              {t('common:cancel')}
            </Button>,
            <Button
              key="start"
              type="primary"
              disabled={!file}
              loading={uploading}
              onClick={() => void start()}
              data-testid="import-start"
            >
              {t('import.start')}
            </Button>,
          ];

  return (
    <Modal
      open={open}
      width={720}
      title={t('import.title')}
      onCancel={close}
      footer={footer}
      mask={{ closable: false }}
      data-testid="import-dialog"
    >
      {!phase && (
        <Flex vertical gap={12} style={{ marginTop: 12 }}>
          <Alert
            type="info"
            showIcon
            title={t('import.steps')}
            action={
              <Button
                size="small"
                icon={<DownloadOutlined />}
                loading={downloading}
                onClick={() => void downloadTemplate()}
                data-testid="import-template"
              >
                {t('import.template')}
              </Button>
            }
          />
          <Upload.Dragger
            accept=".xls,.xlsx"
            multiple={false}
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done', size: file.size }] : []}
            beforeUpload={(f) => {
              if (!isSpreadsheetName(f.name)) {
                setFileError(t('import.wrong-type'));
                setFile(null);
              } else {
                setFileError(null);
                setFile(f);
              }
              // the file is sent on "Start import", not by the Upload component
              return false;
            }}
            onRemove={() => setFile(null)}
            data-testid="import-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.drop')}</p>
            <p className="ant-upload-hint">{t('import.drop-hint')}</p>
          </Upload.Dragger>
          {fileError && <Alert type="error" showIcon title={fileError} data-testid="import-file-error" />}
        </Flex>
      )}

      {phase === 'running' && (
        <Flex vertical align="center" gap={12} style={{ padding: '32px 0' }} data-testid="import-progress">
          <Progress type="circle" percent={job.data ? jobPercent(job.data) : 0} />
          <Typography.Text>
            {job.data?.total
              ? t('import.progress', { done: job.data.done, total: job.data.total })
              : t('import.preparing')}
          </Typography.Text>
          <Typography.Text type="secondary">{t('import.background-help')}</Typography.Text>
        </Flex>
      )}

      {phase === 'completed' && job.data && (
        <Result
          status="success"
          title={t('import.completed', { count: job.data.result?.created ?? job.data.total })}
          subTitle={t('import.completed-help')}
          data-testid="import-completed"
        />
      )}

      {phase === 'failed' && job.data && (
        <Flex vertical gap={12} style={{ marginTop: 12 }} data-testid="import-failed">
          <Alert
            type="error"
            showIcon
            title={t('import.failed')}
            description={t('import.failed-help', { count: job.data.errors.length })}
          />
          <ImportErrors errors={job.data.errors} />
        </Flex>
      )}
    </Modal>
  );
}

function ImportErrors({ errors }: { errors: BulkJobError[] }) {
  const { t } = useT('deviceList');
  return (
    <Table<BulkJobError & { key: number }>
      size="small"
      bordered
      dataSource={errors.map((e, i) => ({ ...e, key: i }))}
      pagination={errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
      columns={[
        {
          title: t('import.row'),
          dataIndex: 'row',
          width: 80,
          align: 'right',
          render: (v: number | null) => v ?? t('import.whole-file'),
        },
        {
          title: t('import.column'),
          dataIndex: 'column',
          width: 160,
          ellipsis: true,
          render: (v: string | null) => v ?? '—',
        },
        { title: t('import.reason'), dataIndex: 'message' },
      ]}
      data-testid="import-errors"
    />
  );
}
