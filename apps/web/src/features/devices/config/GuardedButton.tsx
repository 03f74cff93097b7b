import { Button, Tooltip, type ButtonProps } from 'antd';

/**
 * A button that, when `blockedReason` is set, is disabled and says why on hover (a disabled
 * button swallows pointer events, so the tooltip hangs on a wrapper).
 */
export function GuardedButton({ blockedReason, ...props }: ButtonProps & { blockedReason?: string | null }) {
  if (!blockedReason) return <Button {...props} />;
  return (
    <Tooltip title={blockedReason}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>
        <Button {...props} disabled style={{ ...props.style, pointerEvents: 'none' }} />
      </span>
    </Tooltip>
  );
}
