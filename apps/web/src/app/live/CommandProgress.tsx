import { Alert, Progress } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useT } from '../useT';
import type { CommandState } from './useCommand';

/** The progress of a running command, or how it ended (closable). */
export function CommandProgress({ state, onClose }: { state: CommandState; onClose(): void }) {
  const { t } = useT('monitor');
  if (state.phase === 'idle') return null;
  if (state.phase === 'sending' || state.phase === 'waiting') {
    const progress = state.phase === 'waiting' ? state.progress : null;
    return (
      <Alert
        type="info"
        showIcon
        icon={<SyncOutlined spin />}
        style={{ marginBottom: 16 }}
        data-testid="command-progress"
        title={state.label}
        description={
          <>
            {progress
              ? t('command.waiting', {
                  round: progress.round,
                  rounds: progress.rounds,
                  seconds: progress.waitedS,
                })
              : t('command.sending')}
            <Progress
              percent={progress ? Math.round((progress.round / progress.rounds) * 100) : 0}
              showInfo={false}
              size="small"
              status="active"
            />
          </>
        }
      />
    );
  }
  return (
    <Alert
      type={state.phase === 'done' ? 'success' : 'error'}
      showIcon
      closable={{ onClose }}
      style={{ marginBottom: 16 }}
      data-testid="command-result"
      title={state.label}
      description={state.phase === 'done' ? t('command.done') : state.message}
    />
  );
}
