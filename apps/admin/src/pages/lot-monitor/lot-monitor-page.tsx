import { Alert, Button, Card, Col, Descriptions, Flex, Image, Row, Space, Statistic, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined, SafetyCertificateOutlined, WarningOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { formatFen } from '@antique/shared';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { FullPageSpin } from '../../components/full-page-spin';
import { canSeePage } from '../../features/access/roles';
import { type AdminLotDetail, LIVE_POLL_MS, useAdminLot, useSessionOptions } from '../../features/auctions/api';
import { LotStatusTag } from '../../features/auctions/lot-status-tag';
import { type ChainState, useChainCheck } from '../../features/auctions/use-chain-check';
import { formatCountdown, useNow } from '../../features/auctions/use-now';
import { useCurrentOperator } from '../../features/session/current-operator';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { sanitizeHtml } from '@antique/shared/sanitize-html';
import { SecondChanceCard } from '../../features/protect/second-chance-card';
import { LotBidsTable } from './lot-bids-table';
import { ConditionCard } from '../../features/judge/condition-card';
import { WithdrawLotButton, WithdrawnNotice } from '../../features/integrity/lot-hand-actions';

/** In the last two minutes the countdown turns red: a bid now extends the lot. */
const CLOSING_MS = 120_000;

const PROBLEMS: Record<'missing' | 'duplicate' | 'link' | 'hash', string> = {
  missing: '缺少出价记录',
  duplicate: '序号重复',
  link: '与上一条的哈希不衔接',
  hash: '哈希与内容不符',
};

function ChainBadge({ chain }: { chain: ChainState }) {
  if (chain.state === 'unavailable') return <Typography.Text type="secondary">浏览器不支持哈希校验</Typography.Text>;
  if (chain.state === 'checking') return <Typography.Text type="secondary">正在校验哈希链…</Typography.Text>;
  const { check } = chain;
  return check.ok ? (
    <Typography.Text type="success" data-testid="lot-chain">
      <SafetyCertificateOutlined /> 哈希链校验通过（{check.length} 条）
    </Typography.Text>
  ) : (
    <Typography.Text type="danger" data-testid="lot-chain">
      <WarningOutlined /> 哈希链校验失败：第 {check.seq} 条{PROBLEMS[check.problem]}
    </Typography.Text>
  );
}

/** What the clock card says: until the start, until the end (following soft close), or closed. */
function Clock({ lot, now }: { lot: AdminLotDetail; now: number }) {
  if (lot.status === 'upcoming') {
    return <Statistic title="距开拍" value={formatCountdown(lot.startsAt - now)} />;
  }
  if (lot.status === 'live') {
    const left = lot.endsAt - now;
    return (
      <Statistic
        title="距结束"
        value={left > 0 ? formatCountdown(left) : '截拍中…'}
        styles={{ content: left <= CLOSING_MS ? { color: '#cf1322' } : undefined }}
      />
    );
  }
  return (
    <Statistic
      title="截拍时间"
      value={formatDateTime(lot.closedAt ?? lot.endsAt)}
      styles={{ content: { fontSize: 16, lineHeight: '36px' } }}
    />
  );
}

function Stats({ lot, now }: { lot: AdminLotDetail; now: number }) {
  const extendedBy = lot.endsAt - lot.plannedEnd;
  return (
    <Row gutter={16}>
      <Col span={5}>
        <Card size="small" data-testid="lot-current-price">
          <Statistic title={lot.status === 'sold' ? '落槌价' : '当前价'} value={formatFen(lot.currentPrice)} />
          {lot.status === 'live' || lot.status === 'upcoming' ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              下一口最低 <Money fen={lot.nextMinimum} />
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              已截拍
            </Typography.Text>
          )}
        </Card>
      </Col>
      <Col span={5}>
        <Card size="small" data-testid="lot-leader-max">
          <Statistic title="领先者最高出价" value={lot.leaderMaxBid === null ? '—' : formatFen(lot.leaderMaxBid)} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            仅运营可见，会员端不显示
          </Typography.Text>
        </Card>
      </Col>
      <Col span={4}>
        <Card size="small" data-testid="lot-bid-count">
          <Statistic title="出价次数" value={lot.bidCount} suffix="次" />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            起拍价 <Money fen={lot.startPrice} />
          </Typography.Text>
        </Card>
      </Col>
      <Col span={5}>
        <Card size="small" data-testid="lot-clock">
          <Clock lot={lot} now={now} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            结束 {formatDateTime(lot.endsAt)}
            {extendedBy > 0 ? (
              <Tag color="orange" style={{ marginInlineStart: 4 }} data-testid="lot-extended">
                已延时 {formatCountdown(extendedBy)}
              </Tag>
            ) : null}
          </Typography.Text>
        </Card>
      </Col>
      <Col span={5}>
        <Card size="small" data-testid="lot-reserve">
          <Statistic title="保留价" value={lot.reservePrice === null ? '未设' : formatFen(lot.reservePrice)} />
          {lot.reservePrice === null ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              有出价即可成交
            </Typography.Text>
          ) : (
            <Typography.Text type={lot.reserveMet ? 'success' : 'warning'} style={{ fontSize: 12 }}>
              {lot.reserveMet ? '已达保留价' : '未达保留价'}
            </Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}

function Outcome({ lot, membersLinked }: { lot: AdminLotDetail; membersLinked: boolean }) {
  if (lot.status === 'sold') {
    return (
      <Alert
        type="success"
        showIcon
        data-testid="lot-outcome"
        title={
          <Space wrap>
            <span>
              已成交：落槌价 <Money fen={lot.currentPrice} strong />
            </span>
            <span>
              买受人{' '}
              {lot.winnerId === null ? (
                '—'
              ) : membersLinked ? (
                <Link to={`/members/${lot.winnerId}`}>#{lot.winnerId}</Link>
              ) : (
                `#${lot.winnerId}`
              )}
              {lot.winnerMasked ? `（${lot.winnerMasked}）` : ''}
            </span>
            {lot.orderId !== null ? (
              <Link to={`/orders?open=${lot.orderId}`} data-testid="lot-order-link">
                查看拍卖订单 #{lot.orderId}
              </Link>
            ) : null}
          </Space>
        }
        description="买受人须在支付期限内付款；逾期未付则订单取消、保证金没收，拍品改为流拍。"
        style={{ marginBottom: 16 }}
      />
    );
  }
  if (lot.status === 'unsold') {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="lot-outcome"
        title={
          lot.bidCount === 0 ? '流拍：无人出价' : lot.reserveMet ? '流拍：买受人未在期限内付款' : '流拍：未达保留价'
        }
        description={lot.consigned ? '藏品已退回委托人的托管。' : '藏品仍由平台保管。'}
        style={{ marginBottom: 16 }}
      />
    );
  }
  if (lot.status === 'ended') {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="lot-outcome"
        title="已截拍，系统正在结算（通常在 1 秒内完成）"
        style={{ marginBottom: 16 }}
      />
    );
  }
  return null;
}

function Facts({ lot, membersLinked }: { lot: AdminLotDetail; membersLinked: boolean }) {
  const sessions = useSessionOptions().data?.list;
  const session = sessions?.find((s) => s.id === lot.sessionId);
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'status', label: '状态', children: <LotStatusTag status={lot.status} /> },
        {
          key: 'source',
          label: '来源',
          children: lot.consigned ? (
            <span>
              会员委托 #{lot.delegationId ?? '—'}，委托人{' '}
              {lot.consignorId === null ? (
                '—'
              ) : membersLinked ? (
                <Link to={`/members/${lot.consignorId}`}>#{lot.consignorId}</Link>
              ) : (
                `#${lot.consignorId}`
              )}
            </span>
          ) : (
            '平台自有'
          ),
        },
        { key: 'holding', label: '藏品编号', children: `#${lot.holdingId}` },
        {
          key: 'session',
          label: '场次',
          children:
            lot.sessionId === null ? (
              '不属于场次'
            ) : (
              <Link to={`/lots?sessionId=${lot.sessionId}`}>{session ? session.title : `#${lot.sessionId}`}</Link>
            ),
        },
        { key: 'starts', label: '开拍时间', children: formatDateTime(lot.startsAt) },
        { key: 'planned', label: '原定结束', children: formatDateTime(lot.plannedEnd) },
        { key: 'ends', label: '当前结束', children: formatDateTime(lot.endsAt) },
        ...(lot.closedAt !== null
          ? [{ key: 'closed', label: '结算时间', children: formatDateTime(lot.closedAt) }]
          : []),
        { key: 'era', label: '年代', children: lot.era || '—' },
        { key: 'material', label: '材质', children: lot.material || '—' },
        { key: 'dimensions', label: '尺寸', children: lot.dimensions || '—' },
        { key: 'provenance', label: '传承来源', children: lot.provenance || '—' },
      ]}
    />
  );
}

/** One lot, live: price, leader's max, bids and the clock, read again every 2 s while it runs. */
export function LotMonitorPage() {
  const operator = useCurrentOperator();
  const id = Number(useParams().id);
  const query = useAdminLot(id);
  const lot = query.data;
  const running = lot?.status === 'live' || lot?.status === 'upcoming';
  const now = useNow(1_000, running);
  const chain = useChainCheck(lot);
  const membersLinked = canSeePage(operator.role, 'members');

  if (!Number.isInteger(id) || id <= 0) return <QueryError error={new Error('拍品编号不正确')} />;
  if (query.isError && !lot) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!lot) return <FullPageSpin />;
  const polling = lot.status === 'live' || lot.status === 'ended';

  return (
    <>
      <PageHeader
        title={`拍品 #${lot.id} · ${lot.title}`}
        subtitle={
          <Space size={8}>
            <LotStatusTag status={lot.status} />
            {polling ? (
              <span data-testid="lot-polling">
                每 {LIVE_POLL_MS / 1000} 秒自动刷新 · 上次 {formatDateTime(query.dataUpdatedAt)}
              </span>
            ) : (
              <span>更新于 {formatDateTime(query.dataUpdatedAt)}</span>
            )}
          </Space>
        }
        extra={
          <>
            <Link to="/lots">
              <Button icon={<ArrowLeftOutlined />}>返回拍品列表</Button>
            </Link>
            <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
              刷新
            </Button>
            <WithdrawLotButton lot={lot} />
          </>
        }
      />
      {query.isError ? (
        <Alert type="warning" showIcon title={`刷新失败：${errorText(query.error)}`} style={{ marginBottom: 12 }} />
      ) : null}
      <Outcome lot={lot} membersLinked={membersLinked} />
      <SecondChanceCard lot={lot} />
      <WithdrawnNotice lot={lot} />
      <Stats lot={lot} now={now} />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={18}>
          <Card size="small" title={`出价记录（${lot.bids.length} 条，最新在前）`} extra={<ChainBadge chain={chain} />}>
            <LotBidsTable lot={lot} memberLinked={membersLinked} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" title="拍品信息">
            <Flex gap={6} wrap style={{ marginBottom: 12 }}>
              <Image.PreviewGroup>
                {lot.images.map((src, i) => (
                  <Image
                    key={`${src}-${i}`}
                    src={src}
                    width={64}
                    height={64}
                    style={{ objectFit: 'cover', borderRadius: 4 }}
                    fallback={IMAGE_FALLBACK}
                  />
                ))}
              </Image.PreviewGroup>
            </Flex>
            <Facts lot={lot} membersLinked={membersLinked} />
            {lot.description.trim() ? (
              <div
                className="rich-preview"
                style={{ marginTop: 8, minHeight: 0, maxHeight: 240 }}
                data-testid="lot-description"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(lot.description) }}
              />
            ) : null}
          </Card>
        </Col>
      </Row>
      <ConditionCard subject="lot" id={lot.id} />
    </>
  );
}
