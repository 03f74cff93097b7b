/**
 * What a binding can point at besides a device variable (docs/requirements/pages-and-designer.md §6.2):
 * the intermediate variables of the page's project and the system keys. The picker shows them as
 * tabs beside the signal browser.
 */
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tabs, Typography } from 'antd';
import { mvarsCalls } from '@fieldhub/shared';
import { SYSTEM_KEYS, isNumericSystemKey, type SystemKey } from '@fieldhub/hmi';
import { callApi } from '../../../app/request';
import { useT } from '../../../app/useT';
import type { SignalChoice } from '../../../app/signals/useSignals';
import { SignalBrowser } from './SignalBrowser';

/** The binding kinds a picker may offer. */
export type BindingKind = 'signal' | 'mvar' | 'system';
export const ALL_BINDING_KINDS: readonly BindingKind[] = ['signal', 'mvar', 'system'];

/** What the picker answers: a device variable, an intermediate variable or a system key. */
export type BindingChoice =
  | { type: 'signal'; signal: SignalChoice }
  | { type: 'mvar'; mvarId: string; title: string; unit: string }
  | { type: 'system'; systemKey: SystemKey; title: string };

/** What is bound now, marked in the lists. */
export interface BoundNow {
  type: BindingKind;
  equipId?: string;
  signalId?: string;
  mvarId?: string;
  systemKey?: string;
}

const rowStyle = (active: boolean) => ({
  padding: '4px 12px',
  background: active ? '#e6f0fb' : undefined,
});

function MvarList({
  projectId,
  current,
  onChoose,
}: {
  projectId: string;
  current: string | undefined;
  onChoose(c: BindingChoice): void;
}) {
  const { t } = useT('designer');
  const mvars = useQuery({
    queryKey: ['designer', 'mvars', projectId],
    queryFn: () => callApi(mvarsCalls.queryAll, { projectId: Number(projectId) }, { silent: true }),
    staleTime: 60_000,
  });
  if (mvars.isLoading) return <Spin style={{ margin: 16 }} />;
  if (mvars.isError) return <Typography.Text type="danger">{t('bind.mvar-load-failed')}</Typography.Text>;
  if (!mvars.data?.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bind.no-mvars')} />;
  return (
    <div data-testid="bind-mvar-list">
      {mvars.data.map((m) => (
        <div
          key={m.id}
          className="fh-signal-row"
          style={rowStyle(current === String(m.id))}
          data-testid={`bind-mvar-${m.title}`}
          onClick={() => onChoose({ type: 'mvar', mvarId: String(m.id), title: m.title, unit: m.unit })}
        >
          <span>{m.title}</span>
          {m.unit && <Typography.Text type="secondary"> {m.unit}</Typography.Text>}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {m.formula}
            </Typography.Text>
          </div>
        </div>
      ))}
    </div>
  );
}

function SystemKeyList({
  current,
  numericOnly,
  onChoose,
}: {
  current: string | undefined;
  numericOnly: boolean;
  onChoose(c: BindingChoice): void;
}) {
  const { t } = useT('designer');
  const keys = SYSTEM_KEYS.filter((k) => !numericOnly || isNumericSystemKey(k));
  return (
    <div data-testid="bind-system-list">
      {keys.map((key) => (
        <div
          key={key}
          className="fh-signal-row"
          style={rowStyle(current === key)}
          data-testid={`bind-key-${key}`}
          onClick={() => onChoose({ type: 'system', systemKey: key, title: t(`bind.key-${key}`) })}
        >
          <span>{t(`bind.key-${key}`)}</span>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {t(`bind.help-${key}`)}
            </Typography.Text>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The picker's body: one tab per kind offered (intermediate variables on project pages only). */
export function BindingPicker({
  kinds,
  projectId,
  pageEquipId,
  current,
  numericOnly,
  onChoose,
}: {
  kinds: readonly BindingKind[];
  projectId: string | undefined;
  pageEquipId: string | undefined;
  current: BoundNow | undefined;
  /** only sources with numeric values (chart series) */
  numericOnly: boolean;
  onChoose(c: BindingChoice): void;
}) {
  const { t } = useT('designer');
  const offered = kinds.filter((k) => k !== 'mvar' || projectId);
  const tabs = offered.map((kind) => ({
    key: kind,
    label: <span data-testid={`bind-tab-${kind}`}>{t(`bind.tab-${kind}`)}</span>,
    children:
      kind === 'signal' ? (
        <SignalBrowser
          initialEquipId={current?.equipId || pageEquipId}
          current={
            current?.type === 'signal' && current.equipId && current.signalId
              ? { equipId: current.equipId, signalId: current.signalId }
              : undefined
          }
          height={380}
          onChoose={(signal) => onChoose({ type: 'signal', signal })}
        />
      ) : kind === 'mvar' ? (
        <MvarList projectId={projectId!} current={current?.mvarId} onChoose={onChoose} />
      ) : (
        <SystemKeyList current={current?.systemKey} numericOnly={numericOnly} onChoose={onChoose} />
      ),
  }));
  if (tabs.length === 1) return <>{tabs[0]!.children}</>;
  return (
    <Tabs
      size="small"
      defaultActiveKey={current && offered.includes(current.type) ? current.type : offered[0]}
      items={tabs}
    />
  );
}
