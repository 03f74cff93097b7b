import { useEffect, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { VERIFY_CODE_LENGTH } from '@fieldhub/shared';
import { useT } from '../../app/useT';

const RESEND_SECONDS = 60;

/**
 * A verification code field with its "send code" button, which counts down the minute before the
 * next code may be asked for (docs/requirements/account-security.md §1.5).
 */
export function CodeInput({
  value,
  onChange,
  onSend,
  disabled,
  testId,
}: {
  value?: string;
  onChange?: (v: string) => void;
  /** sends the code; resolves when the server took it */
  onSend: () => Promise<unknown>;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useT('security');
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const send = async () => {
    setSending(true);
    try {
      await onSend();
      setLeft(RESEND_SECONDS);
    } catch {
      // the request client has shown the error
    } finally {
      setSending(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, ''))}
        maxLength={VERIFY_CODE_LENGTH}
        placeholder={t('code.placeholder', { n: VERIFY_CODE_LENGTH })}
        inputMode="numeric"
        autoComplete="one-time-code"
        data-testid={testId ?? 'code-input'}
      />
      <Button
        onClick={() => void send()}
        disabled={disabled || left > 0}
        loading={sending}
        data-testid={`${testId ?? 'code-input'}-send`}
      >
        {left > 0 ? t('code.resend-in', { s: left }) : t('code.send')}
      </Button>
    </Space.Compact>
  );
}

/** The form rule of a code: six digits. */
export const codeRules = (t: (k: 'code.required' | 'code.format') => string) => [
  { required: true, message: t('code.required') },
  { pattern: new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`), message: t('code.format') },
];
