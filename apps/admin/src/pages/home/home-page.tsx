import { formatFen, labelOf, type OperatorRole } from '@antique/shared';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Statistic, Typography, theme } from 'antd';
import { ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { type ConsolePage, canSeePage } from '../../features/access/roles';
import { type Dashboard, useDashboardQuery } from '../../features/dashboard/api';
import { useCurrentOperator } from '../../features/session/current-operator';
import { errorText } from '../../lib/error-text';

type GroupKey = 'today' | 'queues' | 'auctions' | 'money';

const GROUP_TITLES: Record<GroupKey, string> = {
  today: '今日交易',
  queues: '待处理',
  auctions: '拍卖',
  money: '资金',
};

/** Each role's own figures first (PRODUCT.md "Operators"): finance money, support and operators their queues. */
const GROUP_ORDER: Record<OperatorRole, GroupKey[]> = {
  admin: ['queues', 'today', 'auctions', 'money'],
  operator: ['queues', 'auctions', 'today', 'money'],
  finance: ['money', 'queues', 'today', 'auctions'],
  support: ['queues', 'today', 'auctions', 'money'],
};

interface Figure {
  key: string;
  group: GroupKey;
  title: string;
  value: (d: Dashboard) => number;
  money?: boolean;
  unit?: string;
  /** A queue: waiting work is highlighted. */
  queue?: boolean;
  note?: (d: Dashboard) => string;
  link?: { page: ConsolePage; to: string; text: string };
}

const FIGURES: readonly Figure[] = [
  {
    key: 'verifications',
    group: 'queues',
    title: '实名待审核',
    value: (d) => d.verificationsPending,
    unit: '件',
    queue: true,
    link: { page: 'realname', to: '/realname', text: '去审核' },
  },
  {
    key: 'picks',
    group: 'queues',
    title: '提货待发货',
    value: (d) => d.picksToShip,
    unit: '单',
    queue: true,
    link: { page: 'picks', to: '/picks', text: '去发货' },
  },
  {
    key: 'consignments',
    group: 'queues',
    title: '委托待审核',
    value: (d) => d.consignmentsPending,
    unit: '件',
    queue: true,
    link: { page: 'delegations', to: '/delegations', text: '去审核' },
  },
  {
    key: 'withdrawals-pending',
    group: 'queues',
    title: '提现待审核',
    value: (d) => d.withdrawals.pending,
    unit: '笔',
    queue: true,
    link: { page: 'withdrawals', to: '/withdrawals', text: '去审核' },
  },
  {
    key: 'withdrawals-approved',
    group: 'queues',
    title: '提现待打款',
    value: (d) => d.withdrawals.approved,
    unit: '笔',
    queue: true,
    link: { page: 'withdrawals', to: '/withdrawals?status=approved', text: '去打款' },
  },
  {
    key: 'orders-created',
    group: 'today',
    title: '新增订单',
    value: (d) => d.orders.createdToday,
    unit: '笔',
    link: { page: 'orders', to: '/orders', text: '查看订单' },
  },
  {
    key: 'orders-paid',
    group: 'today',
    title: '已支付订单',
    value: (d) => d.orders.paidToday,
    unit: '笔',
  },
  {
    key: 'paid-amount',
    group: 'today',
    title: '成交金额',
    value: (d) => d.orders.paidAmountToday,
    money: true,
    note: () => '今日已支付订单合计',
  },
  {
    key: 'members-new',
    group: 'today',
    title: '新注册会员',
    value: (d) => d.members.newToday,
    unit: '人',
    note: (d) => `会员总数 ${d.members.total.toLocaleString('zh-CN')} 人`,
    link: { page: 'members', to: '/members', text: '查看会员' },
  },
  {
    key: 'lots-live',
    group: 'auctions',
    title: '进行中拍品',
    value: (d) => d.lots.live,
    unit: '件',
    link: { page: 'lots', to: '/lots?status=live', text: '查看拍品' },
  },
  {
    key: 'lots-closing',
    group: 'auctions',
    title: '1 小时内结拍',
    value: (d) => d.lots.closingWithinHour,
    unit: '件',
    link: { page: 'lots', to: '/lots?status=live', text: '查看拍品' },
  },
  {
    key: 'lots-scheduled',
    group: 'auctions',
    title: '待开拍',
    value: (d) => d.lots.scheduled,
    unit: '件',
    link: { page: 'lots', to: '/lots?status=upcoming', text: '查看拍品' },
  },
  {
    key: 'money-in',
    group: 'money',
    title: '今日入账',
    value: (d) => d.money.inToday,
    money: true,
    note: () => '运营登记的线下充值',
    link: { page: 'ledger', to: '/ledger?type=deposit', text: '查看流水' },
  },
  {
    key: 'money-online',
    group: 'money',
    title: '今日在线充值',
    value: (d) => d.money.onlineInToday,
    money: true,
    note: () => '支付宝、微信支付今日到账',
    link: { page: 'recharges', to: '/recharges?status=paid', text: '查看充值' },
  },
  {
    key: 'money-out',
    group: 'money',
    title: '今日出账',
    value: (d) => d.money.outToday,
    money: true,
    note: () => '今日标记已打款的提现',
    link: { page: 'withdrawals', to: '/withdrawals?status=paid', text: '查看提现' },
  },
  {
    key: 'withdrawals-amount',
    group: 'money',
    title: '待处理提现金额',
    value: (d) => d.withdrawals.pendingAmount,
    money: true,
    note: (d) => `待审核 ${d.withdrawals.pending} 笔，待打款 ${d.withdrawals.approved} 笔`,
    link: { page: 'withdrawals', to: '/withdrawals', text: '去处理' },
  },
];

const pad = (n: number) => String(n).padStart(2, '0');
const hourMinute = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** Every role's landing page: today's figures and the queues waiting, its own first. */
export function HomePage() {
  const operator = useCurrentOperator();
  const query = useDashboardQuery();
  const data = query.data;

  return (
    <>
      <PageHeader
        title="工作台"
        subtitle={
          data ? (
            <span data-testid="dashboard-day">
              数据日期 {data.day}，更新于 {hourMinute(data.generatedAt)}（每分钟自动刷新）
            </span>
          ) : (
            `${operator.username}，您好`
          )
        }
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void query.refetch()}
            loading={query.isFetching}
            data-testid="dashboard-refresh"
          >
            刷新
          </Button>
        }
      />
      {query.isError && !data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          {query.isError ? (
            <Alert
              type="warning"
              showIcon
              title={`刷新失败，显示的是 ${data ? hourMinute(data.generatedAt) : ''} 的数据：${errorText(query.error)}`}
              data-testid="dashboard-stale"
            />
          ) : null}
          {GROUP_ORDER[operator.role].map((group) => (
            <Card
              key={group}
              title={GROUP_TITLES[group]}
              size="small"
              extra={
                group === 'queues' ? <Typography.Text type="secondary">点击卡片进入处理页面</Typography.Text> : null
              }
              data-testid={`dashboard-group-${group}`}
            >
              <Row gutter={[16, 16]}>
                {figuresFor(operator.role, group).map((figure) => (
                  <Col key={figure.key} flex="1 1 200px">
                    <FigureCard figure={figure} data={data} role={operator.role} />
                  </Col>
                ))}
              </Row>
            </Card>
          ))}
        </Flex>
      )}
    </>
  );
}

/** A group's figures; in the queues, those the role may work first. */
function figuresFor(role: OperatorRole, group: GroupKey): Figure[] {
  const figures = FIGURES.filter((f) => f.group === group);
  if (group !== 'queues') return figures;
  const mine = (f: Figure) => (f.link && canSeePage(role, f.link.page) ? 0 : 1);
  return [...figures].sort((a, b) => mine(a) - mine(b));
}

function FigureCard({ figure, data, role }: { figure: Figure; data: Dashboard | undefined; role: OperatorRole }) {
  const { token } = theme.useToken();
  const link = figure.link && canSeePage(role, figure.link.page) ? figure.link : null;
  const value = data ? figure.value(data) : 0;
  const waiting = figure.queue && value > 0;
  const body = (
    <Card
      size="small"
      hoverable={link !== null}
      style={{ height: '100%', background: waiting ? '#fff7e6' : undefined }}
      data-testid={`dashboard-${figure.key}`}
    >
      {data ? (
        <>
          <Statistic
            title={figure.title}
            value={figure.money ? formatFen(value) : value}
            suffix={figure.money ? undefined : figure.unit}
            styles={{
              content: {
                fontVariantNumeric: 'tabular-nums',
                color: waiting ? '#d46b08' : undefined,
              },
            }}
          />
          <Flex justify="space-between" align="center" style={{ marginTop: 4, minHeight: 22 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {figure.note?.(data) ?? (figure.queue && !link ? `由${queueOwner(figure)}处理` : '')}
            </Typography.Text>
            {link ? (
              // Not a link of its own: the whole card is one.
              <Typography.Text style={{ fontSize: 12, whiteSpace: 'nowrap', color: token.colorLink }}>
                {link.text} <RightOutlined />
              </Typography.Text>
            ) : null}
          </Flex>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} title={{ width: '50%' }} />
      )}
    </Card>
  );
  return link ? (
    <Link to={link.to} data-testid={`dashboard-${figure.key}-link`} style={{ display: 'block', height: '100%' }}>
      {body}
    </Link>
  ) : (
    body
  );
}

/** Who works a queue the current role may not open, by the roles of its page other than the administrator. */
function queueOwner(figure: Figure): string {
  const page = figure.link?.page;
  if (!page) return '其他角色';
  const owners = (['operator', 'finance', 'support'] as const).filter((r) => canSeePage(r, page));
  return owners.map((r) => labelOf('operatorRole', r)).join('、') || labelOf('operatorRole', 'admin');
}
