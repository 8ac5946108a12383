import { Link } from 'react-router';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { reviewStatuses } from '@antique/shared';
import { DataTable, RefreshButton } from '../../components/data-table/data-table';
import { segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { LotStatusTag } from '../../features/auctions/lot-status-tag';
import {
  REVIEW_COLORS,
  REVIEW_LABELS,
  type ReviewStatus,
  type SignalQueueItem,
  integrityQueries,
} from '../../features/integrity/api';
import { formatDateTime } from '../../lib/format-datetime';
import { ReasonTag, ScoreBar } from './signal-tags';

const filters = {
  status: segmentedFilter<ReviewStatus | 'all'>({
    options: [{ value: 'all', label: '全部' }, ...reviewStatuses.map((s) => ({ value: s, label: REVIEW_LABELS[s] }))],
    defaultValue: 'all',
    testId: 'signal-status-filter',
  }),
};

const columns: ColumnsType<SignalQueueItem> = [
  {
    title: '风险分',
    dataIndex: 'score',
    width: 150,
    render: (score: number, s) => <ScoreBar score={score} testId={`signal-score-${s.lotId}`} />,
  },
  {
    title: '拍品',
    key: 'lot',
    render: (_, s) => (
      <div>
        <Link to={`/signals/${s.lotId}`} data-testid={`signal-open-${s.lotId}`}>
          #{s.lotId} {s.title}
        </Link>
        <div style={{ marginTop: 4 }}>
          <LotStatusTag status={s.lotStatus} /> <Money fen={s.currentPrice} />
          {s.consignorId !== null ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              委托人 #{s.consignorId}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              平台自有
            </Typography.Text>
          )}
        </div>
      </div>
    ),
  },
  {
    title: '主要原因',
    key: 'reasons',
    render: (_, s) =>
      s.topBidder === null && s.reasons.length === 0 ? (
        <Typography.Text type="secondary">未发现异常</Typography.Text>
      ) : (
        <div>
          {[...s.reasons, ...(s.topBidder?.reasons ?? [])].slice(0, 4).map((r) => (
            <ReasonTag key={r.code} reason={r} />
          ))}
          {s.topBidder && s.topBidder.score > 0 ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              最高风险出价人 #{s.topBidder.memberId}（{s.topBidder.memberPhone}）{s.topBidder.score.toFixed(2)}，
              {s.topBidder.bids} 次出价
            </Typography.Text>
          ) : null}
        </div>
      ),
  },
  {
    title: '复核',
    dataIndex: 'reviewStatus',
    width: 96,
    render: (status: ReviewStatus) => <Tag color={REVIEW_COLORS[status]}>{REVIEW_LABELS[status]}</Tag>,
  },
  { title: '计算时间', dataIndex: 'computedAt', width: 170, render: (v: number) => formatDateTime(v) },
];

/** 竞拍风控: every scored lot, open reviews first and the highest score first. */
export function SignalsPage() {
  const table = useDataTable({
    filters,
    query: ({ status }, paging) => integrityQueries.queue({ ...(status === 'all' ? {} : { status }), ...paging }),
  });
  return (
    <>
      <PageHeader
        title="竞拍风控"
        subtitle="每件拍品截拍后计算出价信号（与委托人的关联、抬价模式、价格偏离同类成交）；待复核的排在前面，分数高者优先"
        extra={<RefreshButton table={table} />}
      />
      <DataTable
        table={table}
        columns={columns}
        testId={(s) => `signal-row-${s.lotId}`}
        summary={(total) => `共 ${total} 件`}
        emptyText="暂无已计算的拍品"
      />
    </>
  );
}
