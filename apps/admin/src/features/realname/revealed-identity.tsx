import { Button, Descriptions, Space, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { errorText } from '../../lib/error-text';
import { useRevealedIdentity } from './api';

/** 18 digits read in their parts: region, birth date, sequence and check digit. */
export function spacedIdNumber(id: string): string {
  return id.length === 18 ? `${id.slice(0, 6)} ${id.slice(6, 14)} ${id.slice(14)}` : id;
}

/** The birth date and sex an 18-digit ID number encodes, as printed on the card's front. */
export function idNumberParticulars(id: string): string | null {
  const m = /^\d{6}(\d{4})(\d{2})(\d{2})\d{2}(\d)[\dX]$/i.exec(id);
  if (!m) return null;
  const [, y, mo, d, seq] = m;
  return `出生 ${y}-${mo}-${d} · ${Number(seq) % 2 === 1 ? '男' : '女'}`;
}

interface Props {
  memberId: number;
  /** As the queue shows them: masked. */
  maskedName: string;
  maskedIdNumber: string;
  /** The role may ask for the full values (the console's action table). */
  mayReveal: boolean;
  /** `panel`: the review dialog's list beside the photos; `inline`: a queue row. */
  layout: 'panel' | 'inline';
}

/**
 * Name and ID number, masked until the reviewer asks to compare them with the photos; the
 * full values come from the server, which audits each reveal.
 */
export function RevealedIdentity({ memberId, maskedName, maskedIdNumber, mayReveal, layout }: Props) {
  const { identity, reveal, pending, error } = useRevealedIdentity(memberId);
  const name = identity?.realName ?? maskedName;
  const idNumber = identity ? spacedIdNumber(identity.idNumber) : maskedIdNumber;
  const particulars = identity ? idNumberParticulars(identity.idNumber) : null;

  const action =
    identity || !mayReveal ? null : (
      <Button
        size="small"
        type={layout === 'panel' ? 'default' : 'link'}
        icon={<EyeOutlined />}
        loading={pending}
        onClick={reveal}
        style={layout === 'inline' ? { padding: 0, height: 'auto' } : undefined}
        data-testid={`realname-reveal-${memberId}`}
      >
        查看完整信息
      </Button>
    );
  const problem = error ? (
    <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`realname-reveal-error-${memberId}`}>
      {errorText(error)}
    </Typography.Text>
  ) : null;

  if (layout === 'inline') {
    return (
      <div data-testid={`realname-identity-${memberId}`}>
        <div>{name || '—'}</div>
        <Typography.Text style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{idNumber || '—'}</Typography.Text>
        {particulars ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {particulars}
          </Typography.Text>
        ) : null}
        {action ? <div>{action}</div> : null}
        {problem}
      </div>
    );
  }

  return (
    <div data-testid={`realname-identity-${memberId}`}>
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="姓名">
          <Typography.Text strong={!!identity} style={{ fontSize: identity ? 16 : undefined }}>
            {name || '—'}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="身份证号">
          <Typography.Text
            strong={!!identity}
            style={{ fontFamily: 'monospace', whiteSpace: 'nowrap', fontSize: identity ? 15 : undefined }}
          >
            {idNumber || '—'}
          </Typography.Text>
          {particulars ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {particulars}
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
      </Descriptions>
      <Space orientation="vertical" size={4} style={{ marginTop: 8 }}>
        {action}
        {identity ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            已显示完整信息（本次查看已记入操作日志）
          </Typography.Text>
        ) : mayReveal ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            查看后与证件照片逐字核对；每次查看都会记入操作日志
          </Typography.Text>
        ) : null}
        {problem}
      </Space>
    </div>
  );
}
