import type { RefObject } from 'react';
import { Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useT } from '../../app/useT';
import { FORMULA_MAX_LENGTH, type MvarType } from '@fieldhub/shared';
import { insertRef } from './formulaText';

/** The formula text of an intermediate variable, in code type; a form control (value / onChange). */
export function FormulaEditor({
  calcType,
  value = '',
  onChange,
  textRef,
}: {
  calcType: MvarType;
  value?: string;
  onChange?: (next: string) => void;
  /** the text field, for the caret of an insert or a problem */
  textRef: RefObject<TextAreaRef | null>;
}) {
  const { t } = useT('projects');
  return (
    <Input.TextArea
      ref={textRef}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      maxLength={FORMULA_MAX_LENGTH}
      showCount
      rows={9}
      style={{ resize: 'none' }}
      spellCheck={false}
      placeholder={calcType === 'custom' ? t('mvar.formula-placeholder') : t('mvar.refs-placeholder')}
      className="project-formula"
      data-testid="mvar-formula"
    />
  );
}

/**
 * Puts a picked signal into the formula field: added to the list of an aggregate, inserted at the
 * caret of a custom expression, and leaves the caret after it. Answers the new text.
 */
export function pickIntoFormula(
  textRef: RefObject<TextAreaRef | null>,
  calcType: MvarType,
  text: string,
  ref: string,
): string {
  const area = textRef.current?.resizableTextArea?.textArea;
  const next = insertRef(
    calcType,
    { text, start: area?.selectionStart ?? -1, end: area?.selectionEnd ?? -1 },
    ref,
  );
  // the caret goes after the insert once React has written the new text
  requestAnimationFrame(() => {
    area?.focus();
    area?.setSelectionRange(next.start, next.end);
  });
  return next.text;
}
