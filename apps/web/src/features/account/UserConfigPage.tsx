import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Form, Radio, Switch } from 'antd';
import { useT } from '../../app/useT';
import { PROMPT_TYPES, userCalls, type UserInfo } from '@fieldhub/shared';
import { LangSwitch } from '../../app/LangSwitch';
import { toastSuccess } from '../../app/notify';
import { callApi } from '../../app/request';
import { useSession } from '../../app/session';
import { PageFrame } from '../../app/components/PageFrame';

type Settings = Pick<UserInfo, 'equipDisplay' | 'scadaAdaption' | 'prompType'>;

/** /account/config: language, device list display, page fitting and alarm prompts. */
export default function UserConfigPage() {
  const { t } = useT('account');
  const { user, setUser } = useSession();
  const save = useMutation({
    mutationFn: (v: Settings) => callApi(userCalls.settingsSave, v),
    onSuccess: (info) => {
      setUser(info);
      toastSuccess(t('common:saved'));
    },
  });
  if (!user) return null;
  return (
    <PageFrame title={t('config.title')}>
      <Form<Settings>
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        style={{ maxWidth: 640 }}
        initialValues={{
          equipDisplay: user.equipDisplay,
          scadaAdaption: user.scadaAdaption,
          prompType: user.prompType,
        }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item label={t('config.language')}>
          <LangSwitch size="middle" />
        </Form.Item>
        <Form.Item name="equipDisplay" label={t('config.equip-display')}>
          <Radio.Group
            options={[
              { label: t('config.display-card'), value: 'card' },
              { label: t('config.display-list'), value: 'list' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="scadaAdaption"
          label={t('config.scada-adaption')}
          valuePropName="checked"
          extra={t('config.scada-adaption-help')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="prompType" label={t('config.prompt')}>
          <Checkbox.Group options={PROMPT_TYPES.map((p) => ({ label: t(`config.prompt-${p}`), value: p }))} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common:save')}
          </Button>
        </Form.Item>
      </Form>
    </PageFrame>
  );
}
