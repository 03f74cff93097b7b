import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button, List, Skeleton, Tag, Typography } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { securityCalls } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import { SETUP, writeFlow, type SetupTarget } from './securityFlow';

export const summaryQuery = {
  queryKey: ['security', 'summary'],
  queryFn: () => callApi(securityCalls.getUserMessage),
};

/**
 * /account/security/sms and /nosms (docs/requirements/account-security.md §1.1, §1.2): the login
 * password, phone, e-mail and security questions, each changed through a verify step. The `sms`
 * variant is the one of a platform that sends SMS; the other one leads to the right variant.
 */
export default function SecurityCenterPage() {
  const { t } = useT('security');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const summary = useQuery(summaryQuery);
  const s = summary.data;
  if (s) {
    const variant = s.smsEnabled ? '/account/security/sms' : '/account/security/nosms';
    if (pathname !== variant) return <Navigate to={variant} replace />;
  }
  const change = (target: SetupTarget) => {
    writeFlow({ scene: 'security', target });
    void navigate(`${SETUP}/validate`);
  };
  const unset = <Tag>{t('center.unset')}</Tag>;
  const items: {
    key: SetupTarget;
    icon: React.ReactNode;
    title: string;
    value: React.ReactNode;
    hint: string;
  }[] = s
    ? [
        {
          key: 'password',
          icon: <LockOutlined />,
          title: t('center.password'),
          value: '••••••••',
          hint: t('center.password-hint'),
        },
        {
          key: 'tel',
          icon: <MobileOutlined />,
          title: t('center.tel'),
          value: s.tel || unset,
          hint: t('center.tel-hint'),
        },
        {
          key: 'email',
          icon: <MailOutlined />,
          title: t('center.email'),
          value: s.email || unset,
          hint: t('center.email-hint'),
        },
        {
          key: 'question',
          icon: <QuestionCircleOutlined />,
          title: t('center.question'),
          value: s.hasQuestions ? <Tag color="green">{t('center.set')}</Tag> : unset,
          hint: t('center.question-hint'),
        },
      ]
    : [];
  return (
    <PageFrame title={t('center.title')}>
      {summary.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('center.intro', { name: s?.loginname ?? '' })}
          </Typography.Paragraph>
          <List
            bordered
            style={{ maxWidth: 820 }}
            dataSource={items}
            renderItem={(item) => (
              <List.Item
                actions={[
                  <Button
                    key="change"
                    type="link"
                    onClick={() => change(item.key)}
                    data-testid={`change-${item.key}`}
                  >
                    {t('center.change')}
                  </Button>,
                ]}
              >
                <List.Item.Meta avatar={item.icon} title={item.title} description={item.hint} />
                <div data-testid={`value-${item.key}`}>{item.value}</div>
              </List.Item>
            )}
          />
        </>
      )}
    </PageFrame>
  );
}
