import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
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
