import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { RealNameStatus } from '@antique/shared';
import { RealNameTag } from '../../features/realname/realname-tag';
import { RevealedIdentity } from '../../features/realname/revealed-identity';
import type { RealNameReviewRow } from '../../features/realname/api';
import { formatDateTime } from '../../lib/format-datetime';
import { IdCardImages } from './id-card-images';

/**
 * The queue's columns; a pending row offers 通过 and 驳回 to a role that may review, and a
 * role that may reveal sees the name and ID number in full on asking.
 */
export function realNameColumns({
  mayReview,
  mayReveal,
  onReview,
}: {
  mayReview: boolean;
  mayReveal: boolean;
  onReview: (row: RealNameReviewRow, approve: boolean) => void;
}): ColumnsType<RealNameReviewRow> {
  return [
    {
      title: '会员',
      key: 'member',
      width: 150,
      render: (_, r) => (
        <div>
          <Link to={`/members/${r.memberId}`}>#{r.memberId}</Link>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {r.phone}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '姓名 / 身份证号',
      key: 'identity',
      width: 220,
      render: (_, r) => (
        <RevealedIdentity
          memberId={r.memberId}
          maskedName={r.realName}
          maskedIdNumber={r.idNumber}
          mayReveal={mayReveal && r.realName !== ''}
          layout="inline"
        />
      ),
    },
    { title: '证件照片', key: 'images', width: 230, render: (_, r) => <IdCardImages row={r} /> },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: RealNameStatus) => <RealNameTag status={v} /> },
    { title: '提交时间', dataIndex: 'submittedAt', width: 170, render: (v: number | null) => formatDateTime(v) },
    { title: '审核时间', dataIndex: 'reviewedAt', width: 170, render: (v: number | null) => formatDateTime(v) },
    { title: '驳回原因', dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' && mayReview ? (
          <Space>
            <Button
              type="primary"
              size="small"
              onClick={() => onReview(r, true)}
              data-testid={`realname-approve-${r.memberId}`}
            >
              通过
            </Button>
            <Button
              danger
              size="small"
              onClick={() => onReview(r, false)}
              data-testid={`realname-reject-${r.memberId}`}
            >
              驳回
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
}
