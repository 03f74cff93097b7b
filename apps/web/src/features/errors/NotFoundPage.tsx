import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../app/useT';

export default function NotFoundPage() {
  const { t } = useT('common');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('error.page-not-found')}
      extra={
        <Button type="primary" onClick={() => navigate('/login')}>
          {t('back-home')}
        </Button>
      }
      style={{ paddingTop: '12vh' }}
    />
  );
}
