import { type ReactNode, useEffect } from 'react';
import { Flex, Typography } from 'antd';

export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: ReactNode; extra?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · 拾古拍卖运营后台`;
  }, [title]);
  return (
    <Flex justify="space-between" align="flex-start" gap={16} style={{ marginBottom: 16 }}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {subtitle}
          </Typography.Text>
        ) : null}
      </div>
      {extra ? <Flex gap={8}>{extra}</Flex> : null}
    </Flex>
  );
}
