import { Result } from 'antd';
import { useT } from '../../app/useT';
import { ApiError } from '../../app/request';

/** What a message detail shows for a bad address or a failed call: the server's message when it gave one. */
export function MsgProblem({ error }: { error?: unknown }) {
  const { t } = useT('messages');
  return (
    <Result
      status="warning"
      title={t('detail.not-found')}
      subTitle={error instanceof ApiError ? error.message : t('detail.not-found-help')}
      data-testid="msg-problem"
    />
  );
}
