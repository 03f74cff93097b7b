import { useMemo, useState } from 'react';
import { Alert, App, Flex, Input, Space, Table, Typography, type ButtonProps } from 'antd';
import { EditOutlined, SyncOutlined } from '@ant-design/icons';
import { useT, type Translate } from '../../../app/useT';
import {
  Err,
  formatValue,
  linkCalls,
  messageFor,
  type MonitorGatewayInfo,
  type MonitorSignal,
} from '@fieldhub/shared';
import { GuardedButton } from '../../../app/components/GuardedButton';
import { callApi } from '../../../app/request';
import { currentLang } from '../../../app/i18n';
import { toastSuccess } from '../../../app/notify';
import { can, useSession } from '../../../app/session';
import { checkWrite, isWritable, type WriteProblem } from '../../../app/live/writeCheck';
import type { ValueMap } from '../live/liveValues';
import { useCommand } from '../../../app/live/useCommand';
import { CommandProgress } from '../../../app/live/CommandProgress';

function problemText(problem: WriteProblem, t: Translate<'monitor'>): string {
  switch (problem.kind) {
    case 'required':
      return t('command.required');
    case 'number':
      return t('command.number');
    case 'code':
      return messageFor(problem.code, currentLang());
    default: {
      const never: never = problem;
      return never;
    }
  }
}

/**
 * The command tab: write a value to a writable variable (limits checked here first, a
 * confirmation, then the callback poll with its progress) and read variables from the field
 * now. Without the write permission the write controls are disabled and say why.
 */
export function CommandTab({
  equipmentId,
  signals,
  values,
  gateway,
}: {
  equipmentId: number;
  signals: MonitorSignal[] | undefined;
  values: ValueMap;
  gateway: MonitorGatewayInfo | null;
}) {
  const { t } = useT('monitor');
  const { modal } = App.useApp();
  const user = useSession((s) => s.user);
  const command = useCommand();
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [readValues, setReadValues] = useState<Record<string, unknown>>({});
  const lang = currentLang();

  const writable = useMemo(() => (signals ?? []).filter(isWritable), [signals]);
  const noPermission = can(user, 'monitor_write') ? null : messageFor(Err.noWritePermission, lang);
  const unreachable =
    !gateway || gateway.status === 'offline'
      ? messageFor(Err.gatewayOffline, lang)
      : gateway.status === 'sleeping'
        ? messageFor(Err.gatewaySleeping, lang)
        : null;
  const writeBlocked = noPermission ?? unreachable ?? (command.busy ? t('command.busy') : null);

  const write = (signal: MonitorSignal) => {
    const raw = drafts[signal.id] ?? '';
    const checked = checkWrite(signal, raw);
    if (!checked.ok) {
      setProblems((p) => ({ ...p, [signal.id]: problemText(checked.problem, t) }));
      return;
    }
    setProblems((p) => ({ ...p, [signal.id]: '' }));
    const shown = `${String(checked.value)}${signal.unit ? ` ${signal.unit}` : ''}`;
    modal.confirm({
      title: t('command.confirm-title'),
      content: t('command.confirm', { name: signal.name, value: shown }),
      okText: t('command.write'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'write-confirm' } as ButtonProps,
      onOk: () => {
        void command
          .run(
            {
              running: t('command.writing', { name: signal.name, value: shown }),
              done: t('command.wrote', { name: signal.name, value: shown }),
              failed: t('command.write-failed', { name: signal.name, value: shown }),
            },
            () => callApi(linkCalls.writeValue, { equipmentId, signalId: signal.id, value: checked.value }),
          )
          .then(() => toastSuccess(t('command.written', { name: signal.name })))
          .catch(() => undefined);
      },
    });
  };

  const read = () => {
    const ids = selected.length ? selected : (signals ?? []).filter((s) => s.rw !== 'w').map((s) => s.id);
    if (!ids.length) return;
    void command
      .run(
        {
          running: t('command.reading', { count: ids.length }),
          done: t('command.read-done', { count: ids.length }),
          failed: t('command.read-failed'),
        },
        () => callApi(linkCalls.readValues, { equipmentId, signalIds: ids }),
      )
      .then((data) => {
        const got = (data as { values?: Record<string, unknown> } | null)?.values ?? {};
        setReadValues(got);
      })
      .catch(() => undefined);
  };

  return (
    <>
      <CommandProgress state={command.state} onClose={command.reset} />
      {noPermission && (
        <Alert
          type="warning"
          showIcon
          title={noPermission}
          style={{ marginBottom: 16 }}
          data-testid="no-write"
        />
      )}
      <Typography.Title level={5}>{t('command.write-title')}</Typography.Title>
      <Table<MonitorSignal>
        rowKey="id"
        size="middle"
        dataSource={writable}
        pagination={false}
        locale={{ emptyText: t('command.none-writable') }}
        data-testid="write-table"
        columns={[
          {
            title: t('realtime.name'),
            dataIndex: 'name',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          {
            title: t('command.current'),
            key: 'current',
            width: 150,
            render: (_, s) => {
              const held = values.get(s.id);
              return held ? `${formatValue(s, held.value)}${s.unit ? ` ${s.unit}` : ''}` : '—';
            },
          },
          {
            title: t('command.limits'),
            key: 'limits',
            width: 150,
            render: (_, s) =>
              s.writeLower === null && s.writeUpper === null
                ? '—'
                : `${s.writeLower ?? '−∞'} ~ ${s.writeUpper ?? '+∞'}`,
          },
          {
            title: t('command.new-value'),
            key: 'input',
            width: 320,
            render: (_, s) => (
              <Flex vertical gap={2}>
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    value={drafts[s.id] ?? ''}
                    disabled={!!noPermission}
                    status={problems[s.id] ? 'error' : undefined}
                    placeholder={
                      s.mapping.length ? s.mapping.map((m) => `${m.value}=${m.text}`).join(', ') : undefined
                    }
                    onChange={(e) => {
                      const v = e.target.value;
                      setDrafts((d) => ({ ...d, [s.id]: v }));
                      if (problems[s.id]) setProblems((p) => ({ ...p, [s.id]: '' }));
                    }}
                    onPressEnter={() => !writeBlocked && write(s)}
                    data-testid={`write-input-${s.name}`}
                  />
                  <GuardedButton
                    type="primary"
                    icon={<EditOutlined />}
                    blockedReason={writeBlocked}
                    onClick={() => write(s)}
                    data-testid={`write-button-${s.name}`}
                  >
                    {t('command.write')}
                  </GuardedButton>
                </Space.Compact>
                {problems[s.id] && (
                  <Typography.Text
                    type="danger"
                    style={{ fontSize: 12 }}
                    data-testid={`write-problem-${s.name}`}
                  >
                    {problems[s.id]}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 24, marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('command.read-title')}
        </Typography.Title>
        <GuardedButton
          icon={<SyncOutlined />}
          blockedReason={unreachable ?? (command.busy ? t('command.busy') : null)}
          onClick={read}
          data-testid="read-button"
        >
          {selected.length ? t('command.read-selected', { count: selected.length }) : t('command.read-all')}
        </GuardedButton>
      </Flex>
      <Table<MonitorSignal>
        rowKey="id"
        size="small"
        dataSource={(signals ?? []).filter((s) => s.rw !== 'w')}
        pagination={false}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        data-testid="read-table"
        columns={[
          { title: t('realtime.name'), dataIndex: 'name' },
          {
            title: t('command.read-value'),
            key: 'read',
            render: (_, s) =>
              s.id in readValues || String(s.id) in readValues
                ? `${formatValue(s, readValues[String(s.id)] as number | string | null)}${s.unit ? ` ${s.unit}` : ''}`
                : '—',
          },
        ]}
      />
    </>
  );
}
