import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, List, Modal, Progress, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { linkCalls } from '@fieldhub/shared';
import { useT } from '../useT';
import { callApi } from '../request';
import { currentLang } from '../i18n';
import { syncDevices, syncSummary, type SyncState, type SyncTarget } from './deviceSync';

/** One device's state as a tag: queued, sending, waiting with the time waited, synced, or why not. */
function SyncStateView({ state }: { state: SyncState }) {
  const { t } = useT('common');
  switch (state.phase) {
    case 'queued':
      return <Tag>{t('sync.queued')}</Tag>;
    case 'sending':
      return (
        <Tag icon={<SyncOutlined spin />} color="processing">
          {t('sync.sending')}
        </Tag>
      );
    case 'waiting':
      return (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Tag icon={<SyncOutlined spin />} color="processing">
            {t('sync.waiting', { seconds: Math.round(state.progress.waitedS) })}
          </Tag>
          <Progress
            style={{ width: 80, margin: 0 }}
            size="small"
            status="active"
            showInfo={false}
            percent={Math.round((state.progress.round / state.progress.rounds) * 100)}
          />
        </span>
      );
    case 'done':
      return (
        <Tag icon={<CheckCircleOutlined />} color="success">
          {t('sync.done')}
        </Tag>
      );
    case 'failed':
      return (
        <span>
          <Tag icon={<CloseCircleOutlined />} color="error">
            {t('sync.failed')}
          </Tag>
          <Typography.Text type="danger">{state.message}</Typography.Text>
        </span>
      );
  }
}

/**
 * Syncs devices' configuration to their gateways with every device's progress and outcome in a
 * dialog (docs/requirements/devices-and-gateways.md §3.4). `start` opens it for the devices given;
 * `onEnded` runs once all have ended (the caller refreshes its "sync needed" flags). Closing the
 * dialog stops following the tasks; those sent still run on the gateways.
 */
export function useDeviceSync(onEnded: () => void): {
  start(targets: readonly SyncTarget[]): void;
  dialog: ReactNode;
} {
  const { t } = useT('common');
  const [targets, setTargets] = useState<readonly SyncTarget[]>([]);
  const [states, setStates] = useState<ReadonlyMap<number, SyncState>>(new Map());
  const abort = useRef<AbortController | null>(null);
  const ended = useRef(onEnded);
  ended.current = onEnded;
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback((list: readonly SyncTarget[]) => {
    if (!list.length) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setTargets(list);
    setStates(new Map());
    void syncDevices(list, {
      send: (equipmentId) => callApi(linkCalls.sync, { equipmentId }, { silent: true }),
      poll: (uuid) => callApi(linkCalls.callback, { uuid }, { silent: true }),
      onChange: (id, state) => {
        if (!controller.signal.aborted) setStates((s) => new Map(s).set(id, state));
      },
      lang: currentLang(),
      signal: controller.signal,
    }).then(() => {
      if (!controller.signal.aborted) ended.current();
    });
  }, []);

  const close = () => {
    abort.current?.abort();
    setTargets([]);
    ended.current();
  };
  const summary = syncSummary(targets.map((d) => states.get(d.equipmentId) ?? { phase: 'queued' }));
  const dialog = (
    <Modal
      open={targets.length > 0}
      title={t('sync.title', { count: targets.length })}
      onCancel={close}
      footer={
        <Button type={summary.ended ? 'primary' : 'default'} onClick={close} data-testid="sync-close">
          {summary.ended ? t('sync.close') : t('sync.stop-following')}
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph data-testid="sync-summary" data-ended={summary.ended ? 'yes' : 'no'}>
        {t('sync.summary', {
          done: summary.done,
          failed: summary.failed,
          left: targets.length - summary.done - summary.failed,
        })}
      </Typography.Paragraph>
      <List
        size="small"
        bordered
        style={{ maxHeight: 360, overflow: 'auto' }}
        dataSource={[...targets]}
        renderItem={(d) => {
          const state = states.get(d.equipmentId) ?? { phase: 'queued' };
          return (
            <List.Item data-testid={`sync-row-${d.equipmentId}`} data-phase={state.phase}>
              <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
                {d.name}
              </Typography.Text>
              <SyncStateView state={state} />
            </List.Item>
          );
        }}
      />
    </Modal>
  );
  return { start, dialog };
}
