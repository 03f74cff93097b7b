import { useRef, useState } from 'react';
import {
  Alert,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Segmented,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useT } from '../../app/useT';
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
import { FormulaEditor, pickIntoFormula } from './FormulaEditor';
import { SignalPicker, type PickerEquipment } from './SignalPicker';
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
 * Adds or edits an intermediate variable (docs/requirements/projects.md §5.1, §5.2, §5.5): title, calculation
 * type, formula with the signal picker, initial value, unit and decimals. The formula is checked as it is
 * typed by the shared rules (syntax, length), and by the server (validFormulaVar: each reference a signal
 * of the project's equipment) on "Check" and before saving.
 */
export function MvarModal({
  projectId,
  equipment,
  open,
  row,
  onClose,
}: RowDialogProps<MvarWithValue> & { projectId: number; equipment: PickerEquipment[] }) {
  const { t } = useT('projects');
  const [form] = Form.useForm<MvarFields>();
  const textRef = useRef<TextAreaRef>(null);
  const { save } = useMvarActions(projectId);
  const [checking, setChecking] = useState(false);
  const [refs, setRefs] = useState<MvarRefInfo[] | null>(row?.refs ?? null);
  const calcType = Form.useWatch('calcType', form) ?? row?.calcType ?? newMvar.calcType;

  // the server's last refusal: shown under the field for as long as the formula is the same
  const refused = useRef<{ calcType: MvarType; formula: string; message: string } | null>(null);

  /** Asks the server; a refusal goes under the field with the caret on it. */
  const serverCheck = async (): Promise<boolean> => {
    const { calcType: type, formula = '' } = form.getFieldsValue(['calcType', 'formula']) as MvarFields;
    setChecking(true);
    try {
      const verdict: MvarFormulaVerdict = await checkFormulaOnServer(projectId, type, formula);
      if (verdict.valid) {
        setRefs(verdict.refs);
        return true;
      }
      setRefs(null);
      refused.current = { calcType: type, formula, message: verdict.message };
      await form.validateFields(['formula']).catch(() => undefined);
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

  const pick = ({ ref }: { ref: string }) => {
    const text = pickIntoFormula(textRef, calcType, (form.getFieldValue('formula') as string) ?? '', ref);
    form.setFieldValue('formula', text);
    setRefs(null);
    void form.validateFields(['formula']).catch(() => undefined);
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
        <Flex gap={12} align="start">
          <Form.Item
            name="formula"
            label={t('mvar.formula')}
            style={{ flex: 1, minWidth: 0 }}
            rules={[
              {
                validator: (_, v: string | undefined) => {
                  const type = form.getFieldValue('calcType') as MvarType;
                  const check = checkMvarFormula(type, v ?? '');
                  if (!check.ok) return Promise.reject(new Error(inLang(check.error.message)));
                  const r = refused.current;
                  if (r && r.calcType === type && r.formula === v)
                    return Promise.reject(new Error(r.message));
                  return Promise.resolve();
                },
              },
            ]}
            dependencies={['calcType']}
            extra={
              <FormulaVerdict
                help={calcType === 'custom' ? t('mvar.formula-help') : t('mvar.refs-help')}
                refs={refs}
                checking={checking}
                onCheck={() => void form.validateFields(['formula']).then(serverCheck, () => undefined)}
              />
            }
          >
            <FormulaEditor calcType={calcType} textRef={textRef} />
          </Form.Item>
          {/* beside the field, not in it: the field's error colour must not reach the picker */}
          <div className="project-picker-box">
            <SignalPicker equipment={equipment} onPick={pick} />
          </div>
        </Flex>
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

/** How to write the formula, the "check" link and, after a check, the signals the formula reads. */
function FormulaVerdict({
  help,
  refs,
  checking,
  onCheck,
}: {
  help: string;
  refs: MvarRefInfo[] | null;
  checking: boolean;
  onCheck(): void;
}) {
  const { t } = useT('projects');
  return (
    <Space wrap size={4} style={{ marginTop: 6 }}>
      <span style={{ display: 'block', width: '100%', paddingRight: 64 }}>{help}</span>
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
