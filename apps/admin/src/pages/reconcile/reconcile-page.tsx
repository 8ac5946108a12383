import { Button, Card, Result, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { FullPageSpin } from '../../components/full-page-spin';
import { type ReconcileResult, useReconcile } from '../../features/reconcile/api';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';

type Mismatch = ReconcileResult['mismatches'][number];
type RechargeMismatch = ReconcileResult['recharges']['mismatches'][number];

const rechargeColumns: ColumnsType<RechargeMismatch> = [
  {
    title: '充值单号',
    key: 'no',
    render: (_, m) => m.no ?? <Typography.Text type="danger">无对应充值（#{m.rechargeId}）</Typography.Text>,
  },
  {
    title: '会员',
    dataIndex: 'memberId',
    width: 100,
    render: (id: number) => <Link to={`/members/${id}`}>#{id}</Link>,
  },
  { title: '充值金额', dataIndex: 'amount', align: 'right', render: (v: number) => <Money fen={v} /> },
  { title: '流水入账', dataIndex: 'credited', align: 'right', render: (v: number) => <Money fen={v} /> },
  { title: '入账笔数', dataIndex: 'entries', align: 'right', width: 100 },
];

const columns: ColumnsType<Mismatch> = [
  {
    title: '会员',
    dataIndex: 'memberId',
    width: 100,
    render: (id: number) => <Link to={`/members/${id}`}>#{id}</Link>,
  },
  { title: '钱包可用余额', dataIndex: 'balance', align: 'right', render: (v: number) => <Money fen={v} /> },
  { title: '流水合计可用', dataIndex: 'entriesBalance', align: 'right', render: (v: number) => <Money fen={v} /> },
  {
    title: '可用差额',
    key: 'balanceDiff',
    align: 'right',
    render: (_, m) => <Money fen={m.balance - m.entriesBalance} signed strong />,
  },
  { title: '钱包冻结', dataIndex: 'frozen', align: 'right', render: (v: number) => <Money fen={v} /> },
  { title: '流水合计冻结', dataIndex: 'entriesFrozen', align: 'right', render: (v: number) => <Money fen={v} /> },
  {
    title: '冻结差额',
    key: 'frozenDiff',
    align: 'right',
    render: (_, m) => <Money fen={m.frozen - m.entriesFrozen} signed strong />,
  },
];

export function ReconcilePage() {
  const reconcile = useReconcile();
  const rerun = (
    <Button
      icon={<ReloadOutlined />}
      loading={reconcile.isFetching}
      onClick={() => void reconcile.refetch()}
      data-testid="reconcile-run"
    >
      重新对账
    </Button>
  );

  return (
    <>
      <PageHeader
        title="资金对账"
        subtitle="逐个核对会员钱包的可用余额、冻结金额与其全部资金流水之和是否一致，以及每笔已支付的在线充值是否恰好入账一次"
        extra={rerun}
      />
      <Card>
        {reconcile.isPending ? (
          <FullPageSpin />
        ) : reconcile.isError ? (
          <QueryError error={reconcile.error} onRetry={() => void reconcile.refetch()} />
        ) : reconcile.data.ok ? (
          <Result
            status="success"
            title="账实相符"
            subTitle={`共核对 ${reconcile.data.wallets} 个钱包，余额与冻结金额均与流水合计一致；${reconcile.data.recharges.paid} 笔在线充值均已入账一次。`}
            extra={
              <Typography.Text type="secondary">对账时间 {formatDateTime(reconcile.dataUpdatedAt)}</Typography.Text>
            }
            data-testid="reconcile-ok"
          />
        ) : (
          <>
            <Result
              status="error"
              title={[
                reconcile.data.mismatches.length > 0 ? `${reconcile.data.mismatches.length} 个钱包与流水不一致` : '',
                reconcile.data.recharges.mismatches.length > 0
                  ? `${reconcile.data.recharges.mismatches.length} 笔在线充值与入账不符`
                  : '',
              ]
                .filter(Boolean)
                .join('，')}
              subTitle={`共核对 ${reconcile.data.wallets} 个钱包、${reconcile.data.recharges.paid} 笔已支付充值（对账时间 ${formatDateTime(reconcile.dataUpdatedAt)}）。请勿自行调整，立即通知技术负责人排查。`}
              data-testid="reconcile-mismatch"
            />
            {reconcile.data.mismatches.length > 0 && (
              <Table<Mismatch>
                rowKey="memberId"
                size="middle"
                columns={columns}
                dataSource={reconcile.data.mismatches}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                onRow={(m) => rowTestId(`reconcile-row-${m.memberId}`)}
              />
            )}
            {reconcile.data.recharges.mismatches.length > 0 && (
              <Table<RechargeMismatch>
                title={() => '在线充值'}
                rowKey="rechargeId"
                size="middle"
                columns={rechargeColumns}
                dataSource={reconcile.data.recharges.mismatches}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                onRow={(m) => rowTestId(`reconcile-recharge-${m.rechargeId}`)}
              />
            )}
          </>
        )}
      </Card>
    </>
  );
}
