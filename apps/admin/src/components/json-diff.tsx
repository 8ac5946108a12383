import { Col, Row, Typography } from 'antd';

function pretty(value: unknown): string {
  if (value === null || value === undefined) return '—';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Top-level fields whose value differs between two snapshots. */
export function changedKeys(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

export function JsonDiff({ before, after }: { before: unknown; after: unknown }) {
  const changed = changedKeys(before, after);
  return (
    <div data-testid="audit-diff">
      {changed.length > 0 ? (
        <Typography.Paragraph style={{ marginBottom: 8 }}>
          变更字段：<Typography.Text code>{changed.join(', ')}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      <Row gutter={16}>
        <Col span={12}>
          <Typography.Text strong>变更前</Typography.Text>
          <pre className="json-view">{pretty(before)}</pre>
        </Col>
        <Col span={12}>
          <Typography.Text strong>变更后</Typography.Text>
          <pre className="json-view">{pretty(after)}</pre>
        </Col>
      </Row>
    </div>
  );
}
