import { useRef, type RefObject } from 'react';
import { Flex, Input, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { FORMULA_MAX_LENGTH, type MvarType } from '@fieldhub/shared';
import { addToRefList, insertAtCaret } from './formulaText';
import { SignalPicker, type PickerEquipment } from './SignalPicker';

/**
 * The formula of an intermediate variable: a text field with the picker of the project's
 * signals beside it. For sum, avg, min and max a pick adds the signal to the list; for a custom
 * expression it is inserted at the caret. A form control (value / onChange).
 */
export function FormulaEditor({
  calcType,
  equipment,
  value = '',
  onChange,
  textRef,
}: {
  calcType: MvarType;
  equipment: PickerEquipment[];
  value?: string;
  onChange?: (next: string) => void;
  /** the text field, so the form can put the caret on a problem */
  textRef?: RefObject<TextAreaRef | null>;
}) {
  const { t } = useTranslation('projects');
  const own = useRef<TextAreaRef>(null);
  const ref = textRef ?? own;
  const custom = calcType === 'custom';

  const pick = (signalRef: string) => {
    const area = ref.current?.resizableTextArea?.textArea;
    if (!custom) return onChange?.(addToRefList(value, signalRef));
    const next = insertAtCaret(
      { text: value, start: area?.selectionStart ?? -1, end: area?.selectionEnd ?? -1 },
      signalRef,
    );
    onChange?.(next.text);
    // put the caret after the insert once React has written the new text
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.start, next.end);
    });
  };

  return (
    <Flex gap={12} align="stretch">
      <Flex vertical gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Input.TextArea
          ref={ref}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={FORMULA_MAX_LENGTH}
          showCount
          rows={9}
          style={{ resize: 'none' }}
          spellCheck={false}
          placeholder={custom ? t('mvar.formula-placeholder') : t('mvar.refs-placeholder')}
          className="project-formula"
          data-testid="mvar-formula"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {custom ? t('mvar.formula-help') : t('mvar.refs-help')}
        </Typography.Text>
      </Flex>
      <div className="project-picker-box">
        <SignalPicker equipment={equipment} onPick={(s) => pick(s.ref)} />
      </div>
    </Flex>
  );
}
