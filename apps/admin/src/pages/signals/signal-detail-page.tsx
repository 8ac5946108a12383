import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined, CheckOutlined, MonitorOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { signalReviewInput, type BidderSignals } from '@antique/shared';
import { FormModal, useFormModal } from '../../components/form-modal/form-modal';
import { FullPageSpin } from '../../components/full-page-spin';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { fieldLimits, fieldProblem } from '../../components/schema-rules';
import { canSeePage } from '../../features/access/roles';
import { LotStatusTag } from '../../features/auctions/lot-status-tag';
import { REVIEW_COLORS, REVIEW_LABELS, useLotSignals, useReviewSignals } from '../../features/integrity/api';
import { useCurrentOperator } from '../../features/session/current-operator';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';
import { ReasonTag, ScoreBar } from './signal-tags';

const NOTE = signalReviewInput.shape.note;
const noteProblem = (note: string | undefined) =>
  fieldProblem(NOTE, note, { label: '复核说明', required: '请填写复核说明' });

function NoteField() {
  const { attempted, values } = useFormModal<{ note?: string }>();
  const problem = attempted ? noteProblem(values.note) : null;
  return (
    <Form.Item
      label="复核说明"
      name="note"
      required
      validateStatus={problem ? 'error' : undefined}
      help={problem ?? '写明核查了什么、结论依据；写入操作日志'}
    >
      <Input.TextArea rows={3} maxLength={fieldLimits(NOTE).max} showCount autoFocus data-testid="signal-review-note" />
    </Form.Item>
  );
}

/** One lot's signals, computed afresh: reasons per bidder with links to the member and the lot monitor, and the review. */
export function SignalDetailPage() {
  const { message } = AntApp.useApp();
  const operator = useCurrentOperator();
  const id = Number(useParams().lotId);
  const query = useLotSignals(id);
  const review = useReviewSignals();
  const [reviewing, setReviewing] = useState<'cleared' | 'escalated' | null>(null);
  const membersLinked = canSeePage(operator.role, 'members');

  if (!Number.isInteger(id) || id <= 0) return <QueryError error={new Error('拍品编号不正确')} />;
  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const s = query.data;
  if (!s) return <FullPageSpin />;

  const columns: ColumnsType<BidderSignals> = [
    {
      title: '出价人',
      key: 'member',
      width: 180,
      render: (_, b) => (
        <div>
          {membersLinked ? <Link to={`/members/${b.memberId}`}>#{b.memberId}</Link> : `#${b.memberId}`} {b.nickname}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {b.memberPhone} · {b.bids} 次出价
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '风险分',
      dataIndex: 'score',
      width: 150,
      render: (score: number, b) => <ScoreBar score={score} testId={`bidder-score-${b.memberId}`} />,
    },
    {
      title: '原因',
      key: 'reasons',
      render: (_, b) =>
        b.reasons.length === 0 ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid={`bidder-reasons-${b.memberId}`}>
            {b.reasons.map((r) => (
              <li key={r.code}>
                <ReasonTag reason={r} /> <Typography.Text>{r.detail}</Typography.Text>
              </li>
            ))}
          </ul>
        ),
    },
  ];

  const submit = async ({ note }: { note?: string }) => {
    if (!reviewing || noteProblem(note)) return;
    await review.mutateAsync({ id: s.lotId, status: reviewing, note: (note ?? '').trim() });
    void message.success(reviewing === 'cleared' ? '已标记为排除' : '已上报');
    setReviewing(null);
  };

  return (
    <>
      <PageHeader
        title={`竞拍风控 · 拍品 #${s.lotId} ${s.title}`}
        subtitle={`每次打开重新计算 · 计算于 ${formatDateTime(s.computedAt)}`}
        extra={
          <>
            <Link to="/signals">
              <Button icon={<ArrowLeftOutlined />}>返回队列</Button>
            </Link>
            <Link to={`/lots/${s.lotId}`} data-testid="signal-lot-monitor">
              <Button icon={<MonitorOutlined />}>拍品监控</Button>
            </Link>
            <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
              重新计算
            </Button>
          </>
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={3}
          items={[
            { key: 'score', label: '拍品风险分', children: <ScoreBar score={s.score} testId="lot-signal-score" /> },
            { key: 'status', label: '拍品状态', children: <LotStatusTag status={s.lotStatus} /> },
            { key: 'price', label: '当前价 / 落槌价', children: <Money fen={s.currentPrice} strong /> },
            {
              key: 'consignor',
              label: '委托人',
              children:
                s.consignorId === null ? (
                  '平台自有'
                ) : membersLinked ? (
                  <Link to={`/members/${s.consignorId}`}>#{s.consignorId}</Link>
                ) : (
                  `#${s.consignorId}`
                ),
            },
            {
              key: 'review',
              label: '复核',
              children: (
                <Space>
                  <Tag color={REVIEW_COLORS[s.reviewStatus]} data-testid="signal-review-status">
                    {REVIEW_LABELS[s.reviewStatus]}
                  </Tag>
                  {s.reviewNote ? <Typography.Text type="secondary">{s.reviewNote}</Typography.Text> : null}
                </Space>
              ),
            },
            {
              key: 'lot-reasons',
              label: '拍品信号',
              children:
                s.reasons.length === 0 ? (
                  '无'
                ) : (
                  <div>
                    {s.reasons.map((r) => (
                      <div key={r.code}>
                        <ReasonTag reason={r} /> {r.detail}
                      </div>
                    ))}
                  </div>
                ),
            },
          ]}
        />
        <Space style={{ marginTop: 12 }}>
          <Button
            icon={<CheckOutlined />}
            onClick={() => setReviewing('cleared')}
            data-testid="signal-clear"
            disabled={s.reviewStatus === 'cleared'}
          >
            排除（正常竞价）
          </Button>
          <Button
            danger
            icon={<WarningOutlined />}
            onClick={() => setReviewing('escalated')}
            data-testid="signal-escalate"
            disabled={s.reviewStatus === 'escalated'}
          >
            上报（疑似操纵）
          </Button>
        </Space>
      </Card>
      <Card size="small" title={`出价人（${s.bidders.length}，风险高者在前）`}>
        {s.bidders.length === 0 ? (
          <Empty description="无人出价" />
        ) : (
          <Table<BidderSignals>
            rowKey="memberId"
            size="small"
            columns={columns}
            dataSource={s.bidders}
            pagination={false}
            onRow={(b) => rowTestId(`bidder-row-${b.memberId}`)}
          />
        )}
      </Card>
      <FormModal<{ note?: string }>
        open={reviewing !== null}
        title={reviewing === 'cleared' ? '排除：确认为正常竞价' : '上报：疑似操纵竞价'}
        width={520}
        initialValues={{ note: '' }}
        onSubmit={submit}
        onClose={() => setReviewing(null)}
        okText={reviewing === 'cleared' ? '确认排除' : '确认上报'}
        okDanger={reviewing === 'escalated'}
        okTestId="signal-review-submit"
      >
        {reviewing === 'escalated' ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title="上报后可在拍品监控中作废相关出价或撤拍，并在会员页冻结账号。"
          />
        ) : null}
        <NoteField />
      </FormModal>
    </>
  );
}
