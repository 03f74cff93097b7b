import { Link, useNavigate } from 'react-router-dom';
import { Button, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { PageFrame } from '../../app/components/PageFrame';
import { TemplateForm } from './TemplateForm';

/** /manage/eg/template/add: name, series, type and remark; the configuration follows on the edit screen. */
export default function TemplateAddPage() {
  const { t } = useT('templates');
  const navigate = useNavigate();
  return (
    <PageFrame
      title={t('add-title')}
      extra={
        <Link to="/manage/eg/template/list">
          <Button icon={<ArrowLeftOutlined />}>{t('back')}</Button>
        </Link>
      }
    >
      <Typography.Paragraph type="secondary">{t('add-hint')}</Typography.Paragraph>
      <TemplateForm
        row={undefined}
        submitText={t('create-next')}
        onSaved={(id) => navigate(`/manage/eg/template/edit/${id}?tab=driver`)}
      />
    </PageFrame>
  );
}
