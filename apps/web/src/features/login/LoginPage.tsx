import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Checkbox, Form, Input, Space, Tooltip, Typography } from 'antd';
import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { LangSwitch } from '../../app/LangSwitch';
import { ApiError } from '../../app/request';
import { currentLang } from '../../app/i18n';
import { landingPath } from '../../app/menus';
import { useTheme } from '../../app/theme';
import { useCaptcha, useLogin } from './useLogin';
import { isOldBrowser } from './browserCheck';
import './login.css';

const REMEMBER_KEY = 'fieldhub.rememberedLoginname';

interface Fields {
  loginname: string;
  password: string;
  vcode: string;
  remember: boolean;
}

/**
 * Login (docs/requirements/accounts-and-login.md §2.1): name, password, image code when required, remember
 * account, forgot password.
 */
export default function LoginPage() {
  const { t } = useT('login');
  const [form] = Form.useForm<Fields>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const theme = useTheme(currentLang());
  const remembered = localStorage.getItem(REMEMBER_KEY) ?? '';
  // the name typed, and the name last asked whether it needs the image code
  const [typedName, setTypedName] = useState(remembered);
  const [captchaName, setCaptchaName] = useState(remembered);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const captcha = useCaptcha(captchaName);
  const login = useLogin();

  useEffect(() => {
    if (captcha.data?.required) setNeedCaptcha(true);
  }, [captcha.data]);

  // Ask once typing pauses (or the field is left) whether this name needs the image code, so the
  // field is there before the login that needs it (accounts-and-login.md §3.2: after a failure).
  useEffect(() => {
    const asking = setTimeout(() => setCaptchaName(typedName), 400);
    return () => clearTimeout(asking);
  }, [typedName]);

  const onFinish = async (v: Fields) => {
    setError(null);
    try {
      const user = await login.mutateAsync({
        loginname: v.loginname.trim(),
        password: v.password,
        vcode: v.vcode ?? '',
      });
      if (!user || !user.auths) {
        setError(t('common:error.user-info-failed'));
        return;
      }
      if (v.remember) localStorage.setItem(REMEMBER_KEY, v.loginname.trim());
      else localStorage.removeItem(REMEMBER_KEY);
      const wanted = params.get('redirect');
      void navigate(
        wanted && wanted.startsWith('/') && !wanted.startsWith('//') ? wanted : landingPath(user),
        {
          replace: true,
        },
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common:error.unknown', { code: '' }));
      const data = err instanceof ApiError ? (err.data as { vcode?: boolean } | null) : null;
      if (data?.vcode || (err instanceof ApiError && ['1003', '1004'].includes(err.code))) {
        setNeedCaptcha(true);
        form.setFieldValue('vcode', '');
        if (captchaName === v.loginname.trim()) void captcha.refetch();
        else setCaptchaName(v.loginname.trim());
      }
    }
  };

  return (
    <div className="login-page">
      <div className="login-lang">
        <LangSwitch size="middle" />
      </div>
      <div className="login-brand">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <Typography.Title level={1} className="login-title">
          {theme.data?.title ?? 'FieldHub'}
        </Typography.Title>
        <Typography.Paragraph className="login-tagline">{t('tagline')}</Typography.Paragraph>
        <ul className="login-points">
          <li>{t('point-devices')}</li>
          <li>{t('point-live')}</li>
          <li>{t('point-scada')}</li>
        </ul>
      </div>
      <Card className="login-card" title={t('title')} variant="borderless">
        {isOldBrowser() && (
          <Alert type="warning" showIcon message={t('old-browser')} style={{ marginBottom: 16 }} />
        )}
        {error && (
          <Alert
            type="error"
            showIcon
            message={error}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
          />
        )}
        <Form<Fields>
          form={form}
          size="large"
          initialValues={{ loginname: remembered, remember: !!remembered, vcode: '' }}
          onFinish={(v) => void onFinish(v)}
          onValuesChange={(changed: Partial<Fields>) => {
            if (changed.loginname !== undefined) setTypedName(changed.loginname.trim());
          }}
          autoComplete="on"
        >
          <Form.Item
            name="loginname"
            rules={[{ required: true, whitespace: true, message: t('loginname-required') }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('loginname')}
              autoComplete="username"
              onBlur={() => setCaptchaName(typedName)}
              data-testid="loginname"
            />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('password-required') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('password')}
              autoComplete="current-password"
              data-testid="password"
            />
          </Form.Item>
          {needCaptcha && (
            <Form.Item required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="vcode" noStyle rules={[{ required: true, message: t('vcode-required') }]}>
                  <Input
                    prefix={<SafetyOutlined />}
                    placeholder={t('vcode')}
                    maxLength={6}
                    data-testid="vcode"
                  />
                </Form.Item>
                <Tooltip title={t('vcode-refresh')}>
                  <Button
                    className="login-captcha"
                    onClick={() => void captcha.refetch()}
                    aria-label={t('vcode-refresh')}
                    data-testid="vcode-image"
                  >
                    {captcha.data?.image ? (
                      <img src={captcha.data.image} alt={t('vcode')} />
                    ) : (
                      <ReloadOutlined spin={captcha.isFetching} />
                    )}
                  </Button>
                </Tooltip>
              </Space.Compact>
            </Form.Item>
          )}
          <div className="login-row">
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>{t('remember')}</Checkbox>
            </Form.Item>
            <Link to="/findpwd">{t('forgot')}</Link>
          </div>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            {t('submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
