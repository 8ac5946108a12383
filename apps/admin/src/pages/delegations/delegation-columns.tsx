import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { Money } from '../../components/money';
import type { AdminDelegation } from '../../features/custody/api';
import { DelegationStatusTag, PieceCell } from '../../features/custody/custody-tags';
import { MemberCell } from '../../features/custody/member-cell';
import { formatDateTime } from '../../lib/format-datetime';

const small = { display: 'block', fontSize: 12 } as const;

/** What became of a consignment: the reason it was refused, its lot and, once sold, the money. */
function Result({ d }: { d: AdminDelegation }) {
  if (d.status === 'rejected')
    return (
      <Typography.Text type="danger" style={small}>
        驳回：{d.rejectReason ?? '—'}
      </Typography.Text>
    );
  if (d.lotId === undefined) return null;
  return (
    <div>
      <Link to={`/lots/${d.lotId}`} data-testid={`delegation-lot-${d.id}`} style={{ fontSize: 12 }}>
        拍品 #{d.lotId}
      </Link>
      {d.hammerPrice !== undefined ? (
        <Typography.Text type="secondary" style={{ ...small, whiteSpace: 'nowrap' }}>
          落槌 <Money fen={d.hammerPrice} />
        </Typography.Text>
      ) : null}
      {d.commission !== undefined ? (
        <Typography.Text type="secondary" style={{ ...small, whiteSpace: 'nowrap' }}>
          佣金 <Money fen={d.commission} />
        </Typography.Text>
      ) : null}
      {d.proceeds !== undefined ? (
        <Typography.Text type="secondary" style={{ ...small, whiteSpace: 'nowrap' }}>
          到账 <Money fen={d.proceeds} />
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The consignments' columns; a pending one offers 通过 and 驳回. */
export function delegationColumns({
  membersLinked,
  onReview,
}: {
  membersLinked: boolean;
  onReview: (row: AdminDelegation, approve: boolean) => void;
}): ColumnsType<AdminDelegation> {
  return [
    { title: 'ID', dataIndex: 'id', width: 56 },
    {
      title: '藏品',
      key: 'piece',
      minWidth: 220,
      render: (_, d) => (
        <div>
          <PieceCell piece={d.holding} />
          <Typography.Text type="secondary" style={{ ...small, marginTop: 2 }}>
            购入价 <Money fen={d.holding.acquiredPrice} />
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '委托人',
      key: 'member',
      width: 120,
      render: (_, d) => <MemberCell id={d.memberId} phone={d.memberPhone} linked={membersLinked} />,
    },
    {
      title: '保留价',
      dataIndex: 'reservePrice',
      align: 'right',
      width: 120,
      render: (v: number | undefined) =>
        v === undefined ? <Typography.Text type="secondary">不设</Typography.Text> : <Money fen={v} strong />,
    },
    {
      title: '状态与结果',
      key: 'status',
      width: 180,
      render: (_, d) => (
        <div>
          <DelegationStatusTag status={d.status} />
          <Result d={d} />
        </div>
      ),
    },
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      width: 110,
      render: (v: number) => {
        const [date, time] = formatDateTime(v).split(' ');
        return (
          <div>
            {date}
            <Typography.Text type="secondary" style={small}>
              {time}
            </Typography.Text>
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
