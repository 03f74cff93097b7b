/**
 * Property inputs that commit once per edit (on Enter or when focus leaves), so typing "120"
 * makes one undo entry, not three.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { ColorPicker, Input, InputNumber } from 'antd';
import { normalizeHex, PRESET_COLOURS, recentColours, rememberColour } from './colours';
import { useT } from '../../../app/useT';

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fh-prop-row">
      <label>{label}</label>
      <div>{children}</div>
    </div>
  );
}

export function CommitNumber({
  value,
  onCommit,
  min,
  max,
  step,
  disabled,
  testId,
  addonBefore,
}: {
  value: number;
  onCommit: (v: number) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  testId?: string;
  addonBefore?: string;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft === null || !Number.isFinite(draft)) {
      setDraft(value);
      return;
    }
    if (draft !== value) onCommit(draft);
  };
  return (
    <InputNumber
      size="small"
      style={{ width: '100%' }}
      value={draft}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      data-testid={testId}
      prefix={addonBefore}
      onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

export function CommitText({
  value,
  onCommit,
  placeholder,
  testId,
  multiline,
  disabled,
}: {
  value: string;
  onCommit: (v: string) => void;
  placeholder?: string;
  testId?: string;
  multiline?: boolean;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  if (multiline) {
    return (
      <Input.TextArea
        size="small"
        rows={4}
        value={draft}
        placeholder={placeholder}
        data-testid={testId}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
      />
    );
  }
  return (
    <Input
      size="small"
      value={draft}
      placeholder={placeholder}
      data-testid={testId}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

/** A colour chooser committing the hex value when the choice is complete. */
export function ColorField({
  value,
  onCommit,
  testId,
}: {
  value: string;
  onCommit: (v: string) => void;
  testId?: string;
}) {
  const { t } = useT('designer');
  return (
    <ColorPicker
      size="small"
      showText
      disabledAlpha
      value={value}
      data-testid={testId}
      presets={[
        { label: t('props.colour-recent'), colors: [...recentColours()], defaultOpen: true },
        { label: t('props.colour-presets'), colors: [...PRESET_COLOURS], defaultOpen: true },
      ]}
      onChangeComplete={(c) => {
        const hex = normalizeHex(c.toHexString());
        rememberColour(hex);
        if (hex !== value.toUpperCase()) onCommit(hex);
      }}
    />
  );
}
