import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

/** The frame every screen of the console uses: a title row with actions, then the content card. */
export function PageFrame({
  title,
  extra,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="borderless" style={{ minHeight: 'calc(100vh - 104px)' }}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </Card>
  );
}
