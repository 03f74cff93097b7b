import { useRef, useState } from 'react';
import { Alert, Col, Form, Input, InputNumber, Modal, Row, Segmented, Space, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import {
  checkMvarFormula,
  MVAR_TITLE_MAX,
  MVAR_TYPES,
  MVAR_UNIT_MAX,
  type MvarFormulaVerdict,
  type MvarRefInfo,
  type MvarType,
  type MvarWithValue,
} from '@fieldhub/shared';
import { currentLang } from '../../app/i18n';
import type { RowDialogProps } from '../../app/useDialog';
import { FormulaEditor } from './FormulaEditor';
import type { PickerEquipment } from './SignalPicker';
import { checkFormulaOnServer, useMvarActions, type MvarFields } from './useMvars';

const newMvar: MvarFields = {
  title: '',
  calcType: 'sum',
  formula: '',
  initialValue: 0,
  unit: '',
  decimals: 2,
};

/** The message of a formula problem in the user's language. */
const inLang = (message: { zh: string; en: string }) => (currentLang() === 'en-US' ? message.en : message.zh);

/**
 * Adds or edits an intermediate variable (seed 001 §3, §5): title, calculation type, formula with
 * the signal picker, initial value, unit and decimals. The formula is checked as it is typed by
 * the shared rules (syntax, length), and by the server (validFormulaVar: each reference a signal
 * of the project's equipment) on "Check" and before saving.
 */
export function MvarModal({
  projectId,
  equipment,
  open,
  row,
  onClose,
}: RowDialogProps<MvarWithValue> & { projectId: number; equipment: PickerEquipment[] }) {
  const { t } = useTranslation(['projects', 'common']);
  const [form] = Form.useForm<MvarFields>();
  const textRef = useRef<TextAreaRef>(null);
  const { save } = useMvarActions(projectId);
  const [checking, setChecking] = useState(false);
  const [refs, setRefs] = useState<MvarRefInfo[] | null>(row?.refs ?? null);
  const calcType = Form.useWatch('calcType', form) ?? row?.calcType ?? newMvar.calcType;

  /** Asks the server; a refusal goes under the field with the caret on it. */
  const serverCheck = async (): Promise<boolean> => {
    const { calcType: type, formula } = form.getFieldsValue(['calcType', 'formula']) as MvarFields;
    setChecking(true);
    try {
      const verdict: MvarFormulaVerdict = await checkFormulaOnServer(projectId, type, formula ?? '');
      if (verdict.valid) {
        setRefs(verdict.refs);
        return true;
      }
      setRefs(null);
      form.setFields([{ name: 'formula', errors: [verdict.message] }]);
      const area = textRef.current?.resizableTextArea?.textArea;
      area?.focus();
      area?.setSelectionRange(verdict.position, verdict.position + 1);
      return false;
    } catch {
      return false; // the request client has shown the error
    } finally {
      setChecking(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !(await serverCheck())) return;
    save.mutate(
      {
        id: row?.id,
        fields: {
          ...values,
          title: values.title.trim(),
          unit: (values.unit ?? '').trim(),
          formula: values.formula.trim(),
        },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open={open}
      width={980}
      title={row ? t('mvar.edit-title', { name: row.title }) : t('mvar.add-title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending || checking}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {equipment.length === 0 && (
        <Alert type="warning" showIcon title={t('mvar.need-equipment')} style={{ marginBottom: 12 }} />
      )}
      <Form<MvarFields>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={row ?? newMvar}
        onValuesChange={(changed: Partial<MvarFields>) => {
          if ('formula' in changed || 'calcType' in changed) setRefs(null);
        }}
        style={{ marginTop: 16 }}
        data-testid="mvar-form"
      >
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item
              name="title"
              label={t('mvar.title')}
              rules={[
                { required: true, whitespace: true, message: t('mvar.title-required') },
                { max: MVAR_TITLE_MAX, message: t('rule.max', { max: MVAR_TITLE_MAX }) },
              ]}
            >
              <Input maxLength={MVAR_TITLE_MAX} data-testid="mvar-title" />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="calcType" label={t('mvar.type')}>
              <Segmented<MvarType>
                options={MVAR_TYPES.map((type) => ({ value: type, label: t(`mvar.types.${type}`) }))}
                data-testid="mvar-type"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="formula"
          label={t('mvar.formula')}
          validateFirst
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const check = checkMvarFormula(form.getFieldValue('calcType') as MvarType, v ?? '');
                return check.ok ? Promise.resolve() : Promise.reject(new Error(inLang(check.error.message)));
              },
            },
          ]}
          dependencies={['calcType']}
          extra={
            <FormulaVerdict
              refs={refs}
              checking={checking}
              onCheck={() => void form.validateFields(['formula']).then(serverCheck, () => undefined)}
            />
          }
        >
          <FormulaEditor calcType={calcType} equipment={equipment} textRef={textRef} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="initialValue"
              label={t('mvar.init')}
              tooltip={t('mvar.init-help')}
              rules={[{ required: true, type: 'number', message: t('mvar.init-rule') }]}
            >
              <InputNumber style={{ width: '100%' }} data-testid="mvar-init" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="unit" label={t('mvar.unit')}>
              <Input maxLength={MVAR_UNIT_MAX} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="decimals" label={t('mvar.decimals')}>
              <InputNumber min={0} max={6} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** The "check" link and, after a check, the signals the formula reads. */
function FormulaVerdict({
  refs,
  checking,
  onCheck,
}: {
  refs: MvarRefInfo[] | null;
  checking: boolean;
  onCheck(): void;
}) {
  const { t } = useTranslation('projects');
  return (
    <Space wrap size={4} style={{ marginTop: 6 }}>
      <Typography.Link onClick={onCheck} disabled={checking} data-testid="mvar-check">
        {t('mvar.check')}
      </Typography.Link>
      {refs && (
        <>
          <Typography.Text type="success" data-testid="mvar-valid">
            {t('mvar.valid')}
          </Typography.Text>
          {refs.map((r) => (
            <Tag key={r.key} bordered={false} color="blue">
              {r.equipmentTitle} / {r.signalName}
            </Tag>
          ))}
        </>
      )}
    </Space>
  );
}
