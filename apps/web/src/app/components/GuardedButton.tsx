import type { Ref } from 'react';
import { Button, Tooltip, type ButtonProps } from 'antd';

/**
 * A button that, when `blockedReason` is set, is disabled and says why on hover (a disabled
 * button swallows pointer events, so the tooltip hangs on a wrapper). The ref reaches the button
 * only while it is enabled: a blocked button anchors nothing.
 */
export function GuardedButton({
  blockedReason,
  ref,
  ...props
}: ButtonProps & { blockedReason?: string | null | undefined; ref?: Ref<HTMLButtonElement> }) {
  if (!blockedReason) return <Button {...props} ref={ref} />;
  return (
    <Tooltip title={blockedReason}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>
        <Button {...props} disabled style={{ ...props.style, pointerEvents: 'none' }} />
      </span>
    </Tooltip>
  );
}
