import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Progress, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { dataCenterCalls } from '@fieldhub/shared';
import { callApi, downloadCall } from '../../app/request';
import { useT } from '../../app/useT';
import { callBody, type Asked } from './useDataCenter';

/**
 * Export of the asked query (data-views.md §3.2): starts a background job, shows its progress as
 * it is polled, and offers the file once written.
 */
export function ExportButton({ asked }: { asked: Asked | null }) {
  const { t } = useT('dataCenter');
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const job = useQuery({
    queryKey: ['datacenter', 'export', jobId],
    queryFn: () => callApi(dataCenterCalls.exportJob, { jobId: jobId! }),
    enabled: !!jobId,
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'running' ? false : 1000),
  });
  const start = async () => {
    if (!asked) return;
    setStarting(true);
    try {
      setJobId((await callApi(dataCenterCalls.exportStart, callBody(asked))).jobId);
    } catch {
      // the toast said why
    } finally {
      setStarting(false);
    }
  };
  const j = job.data;
  const running = !!jobId && (!j || j.state === 'running');
  const percent = j?.total ? Math.floor((j.done / j.total) * 100) : 0;
  return (
    <Flex align="center" gap={12} wrap>
      <Button
        icon={<ExportOutlined />}
        loading={starting || running}
        disabled={!asked}
        onClick={() => void start()}
        data-testid="datacenter-export"
      >
        {t('export.start')}
      </Button>
      {jobId && j && (
        <Flex align="center" gap={8} data-testid="datacenter-export-job" data-state={j.state}>
          <Progress
            percent={j.state === 'completed' ? 100 : percent}
            status={j.state === 'failed' ? 'exception' : j.state === 'completed' ? 'success' : 'active'}
            size="small"
            style={{ width: 160, margin: 0 }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {j.state === 'failed'
              ? (j.error ?? t('export.failed'))
              : t('export.rows', { done: j.done, total: j.total })}
          </Typography.Text>
          {j.state === 'completed' && (
            <Button
              type="link"
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadCall(dataCenterCalls.exportDownload, { jobId }, j.filename).catch(() => {})
              }
              data-testid="datacenter-download"
            >
              {j.filename}
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}
