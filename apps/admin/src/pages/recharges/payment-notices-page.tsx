import { rechargeChannels, type PaymentNoticeRefusal, type PaymentNoticeVerdict } from '@antique/shared';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DataTable, RefreshButton } from '../../components/data-table/data-table';
import { parseOneOf, segmentedFilter, selectFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import {
  CHANNEL_LABELS,
  NOTICE_REFUSAL_LABELS,
  NOTICE_VERDICT_LABELS,
  type PaymentNotice,
  paymentQueries,
} from '../../features/payments/api';
import { formatDateTime } from '../../lib/format-datetime';

type Verdict = PaymentNoticeVerdict;

const VERDICT_COLORS: Record<Verdict, string> = { credited: 'success', duplicate: 'default', refused: 'error' };

const filters = {
  verdict: segmentedFilter<Verdict | 'all'>({
    options: [
      ...(['refused', 'credited', 'duplicate'] as const).map((v) => ({ value: v, label: NOTICE_VERDICT_LABELS[v] })),
      { value: 'all', label: '全部' },
    ],
    defaultValue: 'refused',
    testId: 'notice-verdict-filter',
  }),
  channel: selectFilter({
    parse: parseOneOf(rechargeChannels),
    options: rechargeChannels.map((c) => ({ value: c, label: CHANNEL_LABELS[c] })),
    placeholder: '全部渠道',
    width: 140,
    testId: 'notice-channel-filter',
  }),
};

const reasonText = (reason: string | undefined) =>
  reason ? (NOTICE_REFUSAL_LABELS[reason as PaymentNoticeRefusal] ?? reason) : '—';

const columns: ColumnsType<PaymentNotice> = [
  { title: '收到时间', dataIndex: 'receivedAt', width: 170, render: (v: number) => formatDateTime(v) },
  { title: '渠道', dataIndex: 'channel', width: 96, render: (_, n) => CHANNEL_LABELS[n.channel] ?? n.channel },
  {
    title: '处理结果',
    dataIndex: 'verdict',
    width: 100,
    render: (_, n) => (
      <Tag color={VERDICT_COLORS[n.verdict]} data-testid={`notice-verdict-${n.id}`}>
        {NOTICE_VERDICT_LABELS[n.verdict]}
      </Tag>
    ),
  },
  {
    title: '拒收原因',
    dataIndex: 'reason',
    width: 170,
    render: (_, n) =>
      n.verdict === 'refused' ? (
        <Typography.Text type="danger" data-testid={`notice-reason-${n.id}`}>
          {reasonText(n.reason)}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  {
    title: '充值单号',
    dataIndex: 'outTradeNo',
    width: 210,
    render: (_, n) => n.outTradeNo ?? <Typography.Text type="secondary">—</Typography.Text>,
  },
  {
    title: '渠道交易号',
    dataIndex: 'providerTradeNo',
    width: 220,
    render: (_, n) => n.providerTradeNo ?? <Typography.Text type="secondary">—</Typography.Text>,
  },
  {
    title: '通知金额',
    dataIndex: 'amount',
    width: 110,
    align: 'right',
    render: (_, n) => (n.amount !== undefined ? <Money fen={n.amount} /> : '—'),
  },
];

/**
 * What the providers sent, as received: the refused notices first (bad signature, another
 * app or merchant, an unknown order, a wrong amount), each with its body for finance to check.
 */
export function PaymentNoticesPage() {
  const table = useDataTable({
    filters,
    query: ({ verdict, channel }, paging) =>
      paymentQueries.notices({ verdict: verdict === 'all' ? undefined : verdict, channel, ...paging }),
  });
  return (
    <>
      <PageHeader
        title="渠道通知"
        subtitle="支付宝、微信支付发来的每一条付款通知及处理结果；被拒收的通知不会入账，请核对原因与原文"
        extra={<RefreshButton table={table} />}
      />
      <DataTable
        table={table}
        columns={columns}
        testId={(n) => `notice-row-${n.id}`}
        scroll={{ x: 1100 }}
        summary={(total) => `共 ${total} 条`}
        expandable={{
          expandedRowRender: (n) => (
            <Typography.Paragraph
              copyable
              style={{ margin: 0, fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}
              data-testid={`notice-body-${n.id}`}
            >
              {n.body}
            </Typography.Paragraph>
          ),
        }}
        emptyText={table.values.verdict === 'refused' ? '没有被拒收的通知' : '暂无渠道通知'}
      />
    </>
  );
}
