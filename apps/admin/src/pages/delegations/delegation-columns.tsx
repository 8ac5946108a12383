import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { Money } from '../../components/money';
import type { AdminDelegation } from '../../features/custody/api';
import { DelegationStatusTag, PieceCell } from '../../features/custody/custody-tags';
import { MemberCell } from '../../features/custody/member-cell';
import { formatDateTime } from '../../lib/format-datetime';

/** The consignments' columns; a pending one offers 通过 and 驳回. */
export function delegationColumns({
  membersLinked,
  onReview,
}: {
  membersLinked: boolean;
  onReview: (row: AdminDelegation, approve: boolean) => void;
}): ColumnsType<AdminDelegation> {
  return [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: '藏品', key: 'piece', minWidth: 240, render: (_, d) => <PieceCell piece={d.holding} /> },
    {
      title: '委托人',
      key: 'member',
      width: 130,
      render: (_, d) => <MemberCell id={d.memberId} phone={d.memberPhone} linked={membersLinked} />,
    },
    {
      title: '购入价',
      key: 'acquired',
      align: 'right',
      width: 120,
      render: (_, d) => <Money fen={d.holding.acquiredPrice} />,
    },
    {
      title: '保留价',
      dataIndex: 'reservePrice',
      align: 'right',
      width: 120,
      render: (v: number | undefined) =>
        v === undefined ? <Typography.Text type="secondary">不设</Typography.Text> : <Money fen={v} strong />,
    },
    { title: '状态', dataIndex: 'status', width: 110, render: (_, d) => <DelegationStatusTag status={d.status} /> },
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: '结果',
      key: 'result',
      minWidth: 200,
      render: (_, d) => {
        if (d.status === 'rejected')
          return <Typography.Text type="danger">驳回：{d.rejectReason ?? '—'}</Typography.Text>;
        if (d.lotId === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
        return (
          <div>
            <Link to={`/lots/${d.lotId}`} data-testid={`delegation-lot-${d.id}`}>
              拍品 #{d.lotId}
            </Link>
            {d.hammerPrice !== undefined ? (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}>
                落槌 <Money fen={d.hammerPrice} />
                {d.commission !== undefined ? (
                  <>
                    {' '}
                    − 佣金 <Money fen={d.commission} />
                  </>
                ) : null}
                {d.proceeds !== undefined ? (
                  <>
                    {' '}
                    = 到账 <Money fen={d.proceeds} />
                  </>
                ) : null}
              </Typography.Text>
            ) : null}
          </div>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, d) =>
        d.status === 'pending' ? (
          <Space>
            <Button
              type="primary"
              size="small"
              onClick={() => onReview(d, true)}
              data-testid={`delegation-approve-${d.id}`}
            >
              通过
            </Button>
            <Button danger size="small" onClick={() => onReview(d, false)} data-testid={`delegation-reject-${d.id}`}>
              驳回
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
}
