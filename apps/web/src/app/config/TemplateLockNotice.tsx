import { Alert, Button, Space } from 'antd';
import { useT } from '../useT';
import { UnbindTemplateButton } from './TemplateBinding';
import { useDeviceActions, type ConfigScope } from './useDevice';

/**
 * Shown above drivers, variables and reports of a device bound to a template: they come from the
 * template and are read-only here (the server answers 1122-1124); unbinding keeps them as the
 * device's own, syncing brings them up to the template.
 */
export function TemplateLockNotice({ scope }: { scope: ConfigScope }) {
  const { t } = useT('deviceConfig');
  const { syncTemplate } = useDeviceActions();
  const device = scope.device;
  if (!scope.templateLocked || !device) return null;
  return (
    <Alert
      type={device.templateMismatch ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="template-lock"
      title={t('template.locked', { name: device.templateName })}
      description={device.templateMismatch ? t('template.differs-hint') : t('template.locked-hint')}
      action={
        <Space orientation="vertical" size={4}>
          {device.templateMismatch && (
            <Button
              size="small"
              type="primary"
              loading={syncTemplate.isPending}
              onClick={() => syncTemplate.mutate(device.id)}
            >
              {t('template.sync')}
            </Button>
          )}
          <UnbindTemplateButton deviceId={device.id} size="small" />
        </Space>
      }
    />
  );
}
