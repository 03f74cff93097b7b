import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Col, Divider, Flex, Row, Steps, Typography } from 'antd';
import { useT } from '../../../app/useT';
import { PageFrame } from '../../../app/components/PageFrame';
import { BasicInfoForm } from './BasicInfoForm';
import { DriversTab } from '../../../app/config/DriversTab';
import { GatewayCard } from './GatewayBinding';
import { PagesTab } from '../../../app/config/PagesTab';
import { ReportAndAlarmTab } from '../../../app/config/ReportsTab';
import { ScriptsTab } from '../../../app/config/ScriptsTab';
import { TemplateCard } from '../../../app/config/TemplateBinding';
import { useDeviceInfo } from '../../../app/config/useDevice';
import { VariablesTab } from '../../../app/config/VariablesTab';

/** The setup wizard's steps, in their setup order (docs/requirements/devices-and-gateways.md §4.1, §4.2). */
const STEPS = ['basic', 'gateway', 'variables', 'reports', 'pages', 'scripts'] as const;
const LAST = STEPS.length - 1;

/**
 * /manage/eg/equipment/add: saving the first step creates the device; from then on its id and the
 * step are in the address, so every step can be revisited and leaving keeps what was saved.
 */
export default function DeviceWizardPage() {
  const { t } = useT('deviceConfig');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const idParam = Number(params.get('id'));
  const equipmentId = Number.isInteger(idParam) && idParam > 0 ? idParam : undefined;
  const stepParam = Number(params.get('step') ?? 0);
  const step = equipmentId && Number.isInteger(stepParam) ? Math.min(Math.max(stepParam, 0), LAST) : 0;
  const info = useDeviceInfo(equipmentId);
  const device = info.data;
  const owner = equipmentId ? { equipmentId } : undefined;

  const go = (next: number, id = equipmentId) => {
    if (id) setParams({ id: String(id), step: String(next) });
  };
  const finish = () => navigate(`/manage/eg/equipment/edit/${equipmentId}`);

  let content: ReactNode = null;
  if (step === 0 || !owner) {
    content =
      equipmentId && !device ? null : (
        <BasicInfoForm
          key={device?.id ?? 'new'}
          device={device}
          submitText={device ? t('wizard.save-next') : t('wizard.create-next')}
          onSaved={(id) => go(1, id)}
        />
      );
  } else if (device) {
    content = {
      1: (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <GatewayCard device={device} />
            </Col>
            <Col xs={24} xl={10}>
              <TemplateCard device={device} />
            </Col>
          </Row>
          <Divider titlePlacement="start">{t('wizard.drivers')}</Divider>
          <DriversTab owner={owner} />
        </>
      ),
      2: <VariablesTab owner={owner} />,
      3: <ReportAndAlarmTab owner={owner} />,
      4: <PagesTab owner={owner} />,
      5: <ScriptsTab owner={owner} />,
    }[step];
  }

  return (
    <PageFrame title={device ? t('wizard.title-named', { name: device.name }) : t('wizard.title')}>
      <Steps
        current={step}
        size="small"
        titlePlacement="vertical"
        onChange={equipmentId ? (next) => go(next) : undefined}
        style={{ marginBottom: 24 }}
        items={STEPS.map((key, i) => ({
          title: t(`wizard.step.${key}`),
          content: t(`wizard.step-hint.${key}`),
          disabled: !equipmentId && i > 0,
        }))}
        data-testid="wizard-steps"
      />
      <div data-testid={`wizard-step-${STEPS[step]}`} style={{ minHeight: 240 }}>
        {step > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
            {t(`wizard.intro.${STEPS[step]!}`)}
          </Typography.Paragraph>
        )}
        {content}
      </div>
      {equipmentId && step > 0 && (
        <Flex
          justify="space-between"
          style={{ marginTop: 24, paddingTop: 16, borderTop: '1px solid #f0f0f0' }}
        >
          <Button onClick={() => go(step - 1)} data-testid="wizard-prev">
            {t('wizard.prev')}
          </Button>
          {step < LAST ? (
            <Button type="primary" onClick={() => go(step + 1)} data-testid="wizard-next">
              {t('wizard.next')}
            </Button>
          ) : (
            <Button type="primary" onClick={finish} data-testid="wizard-finish">
              {t('wizard.finish')}
            </Button>
          )}
        </Flex>
      )}
    </PageFrame>
  );
}
