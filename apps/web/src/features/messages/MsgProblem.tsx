import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/request';

/** What a message detail shows for a bad address or a failed call: the server's message when it gave one. */
export function MsgProblem({ error }: { error?: unknown }) {
  const { t } = useTranslation('messages');
  return (
    <Result
      status="warning"
      title={t('detail.not-found')}
      subTitle={error instanceof ApiError ? error.message : t('detail.not-found-help')}
      data-testid="msg-problem"
    />
  );
}
