import { Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { Money } from '../../components/money';
import type { AdminLotDetail } from '../../features/auctions/api';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';
import { VoidBidButton, VoidedAmount } from '../../features/integrity/lot-hand-actions';

type Bid = AdminLotDetail['bids'][number];

const mono = { fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 } as const;
const msOf = (at: number) => `.${String(at % 1000).padStart(3, '0')}`;

/** Every accepted bid, newest first as the server lists them, with the member behind each. */
export function LotBidsTable({ lot, memberLinked }: { lot: AdminLotDetail; memberLinked: boolean }) {
  const newest = lot.bids.reduce((max, b) => Math.max(max, b.seq), 0);
  const columns: ColumnsType<Bid> = [
    {
      title: '序号',
      dataIndex: 'seq',
      width: 90,
      render: (seq: number) => (
        <span>
          #{seq}
          {seq === newest && (lot.status === 'live' || lot.status === 'ended') ? (
            <Tag color="red" style={{ marginInlineStart: 6 }}>
              最新
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: '会员',
      key: 'member',
      width: 130,
      render: (_, b) => (
        <div>
          {memberLinked ? <Link to={`/members/${b.memberId}`}>#{b.memberId}</Link> : `#${b.memberId}`}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {b.memberPhone}
          </Typography.Text>
          {b.bidder !== b.memberPhone ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              公开为 {b.bidder}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: '出价',
      dataIndex: 'amount',
      align: 'right',
      width: 130,
      render: (v: number, b) => (
        <VoidedAmount bid={b}>
          <Money fen={v} strong />
        </VoidedAmount>
      ),
    },
    {
      title: '时间',
      dataIndex: 'at',
      width: 190,
      render: (at: number) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(at)}
          <Typography.Text type="secondary">{msOf(at)}</Typography.Text>
        </span>
      ),
    },
    {
      title: '哈希（链接上一条）',
      key: 'hash',
      render: (_, b) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text copyable={{ text: b.hash }} style={mono}>
            {b.hash.slice(0, 12)}…
          </Typography.Text>
          <Tooltip title={`上一条：${b.prevHash}`}>
            <Typography.Text type="secondary" style={{ ...mono, display: 'block' }}>
              ← {b.prevHash.slice(0, 12)}…
            </Typography.Text>
          </Tooltip>
        </div>
      ),
    },
    { title: '操作', key: 'void', width: 72, render: (_, b) => <VoidBidButton lot={lot} bid={b} /> },
  ];
  return (
    <Table<Bid>
      rowKey="seq"
      size="small"
      columns={columns}
      dataSource={lot.bids}
      onRow={(b) => rowTestId(`bid-row-${b.seq}`)}
      pagination={lot.bids.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: '暂无出价' }}
      scroll={{ x: 700 }}
    />
  );
}
