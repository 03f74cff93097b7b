import { useState } from 'react';
import { Alert, type AlertProps } from 'antd';

/**
 * A banner over a work area that the user may close, after which it stays hidden while the
 * component stays mounted (its kind or text changing in place keeps it closed).
 */
export function ClosableBanner(props: Omit<AlertProps, 'banner' | 'closable' | 'onClose'>) {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  return <Alert banner closable onClose={() => setClosed(true)} {...props} />;
}
