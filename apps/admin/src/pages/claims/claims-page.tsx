import { claimStatuses, type ClaimStatus } from '@antique/shared';
import {
  App as AntApp,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Image,
  Input,
  Modal,
  Space,
  Spin,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, RefreshButton } from '../../components/data-table/data-table';
import { segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { canDo } from '../../features/access/roles';
import {
  CLAIM_REASON_LABELS,
  CLAIM_STATUS_COLORS,
  CLAIM_STATUS_LABELS,
  HOLDING_EVENT_LABELS,
  claimQueries,
  useClaimDetail,
  useDecideClaim,
  type AdminClaim,
  type AdminClaimDetail,
} from '../../features/protect/api';
import { useCurrentOperator } from '../../features/session/current-operator';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';

const filters = {
  status: segmentedFilter<ClaimStatus | 'all'>({
    options: [
      ...claimStatuses.map((s) => ({ value: s, label: CLAIM_STATUS_LABELS[s] })),
      { value: 'all', label: '全部' },
    ],
    defaultValue: 'pending',
    alsoAccept: claimStatuses,
    testId: 'claims-status-filter',
  }),
};

const statusTag = (s: ClaimStatus) => <Tag color={CLAIM_STATUS_COLORS[s]}>{CLAIM_STATUS_LABELS[s]}</Tag>;

function columns(onOpen: (row: AdminClaim) => void): ColumnsType<AdminClaim> {
  return [
    { title: '编号', dataIndex: 'id', width: 80 },
    {
      title: '藏品',
      key: 'piece',
      width: 320,
      render: (_, r) => (
        <Space>
          <Image src={r.cover} width={44} height={44} style={{ objectFit: 'cover', borderRadius: 6 }} preview={false} />
          <span>{r.title}</span>
        </Space>
      ),
    },
    {
      title: '会员',
      key: 'member',
      width: 150,
      render: (_, r) => (
        <div>
          <Link to={`/members/${r.memberId}`}>#{r.memberId}</Link>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {r.memberPhone}
          </Typography.Text>
        </div>
      ),
    },
    { title: '原因', dataIndex: 'reason', width: 110, render: (v: AdminClaim['reason']) => CLAIM_REASON_LABELS[v] },
    { title: '退款金额', dataIndex: 'amount', width: 130, render: (v: number) => <Money fen={v} /> },
    { title: '状态', dataIndex: 'status', width: 140, render: statusTag },
    { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, r) => (
        <Button size="small" type="link" onClick={() => onOpen(r)} data-testid={`claim-open-${r.id}`}>
          {r.status === 'pending' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];
}

function ClaimDetail({ claim, mayDecide }: { claim: AdminClaimDetail; mayDecide: boolean }) {
  const { message } = AntApp.useApp();
  const decide = useDecideClaim();
  const [deciding, setDeciding] = useState<boolean | null>(null);
  const [reason, setReason] = useState('');

  const submit = () => {
    if (deciding === null || !reason.trim()) return;
    decide.mutate(
      { id: claim.id, accept: deciding, reason: reason.trim() },
      {
        onSuccess: (done) => {
          void message.success(
            done.status === 'accepted' ? `已通过，¥${(done.amount / 100).toFixed(2)} 已退回会员余额` : '已驳回',
          );
          setDeciding(null);
          setReason('');
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <div data-testid="claim-detail">
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="藏品" span={2}>
          {claim.title}（#{claim.holdingId}）
        </Descriptions.Item>
        <Descriptions.Item label="状态">{statusTag(claim.status)}</Descriptions.Item>
        <Descriptions.Item label="退款金额">
          <Money fen={claim.amount} strong />
        </Descriptions.Item>
        <Descriptions.Item label="原因">{CLAIM_REASON_LABELS[claim.reason]}</Descriptions.Item>
        <Descriptions.Item label="签收时间">{formatDateTime(claim.receivedAt)}</Descriptions.Item>
        <Descriptions.Item label="会员说明" span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{claim.text}</Typography.Paragraph>
        </Descriptions.Item>
        {claim.decisionReason && (
          <Descriptions.Item label="处理意见" span={2}>
            {claim.decisionReason}（{claim.decidedBy ?? '—'}，{formatDateTime(claim.decidedAt)}）
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        会员照片
      </Typography.Title>
      <Image.PreviewGroup>
        <Space wrap data-testid="claim-photos">
          {claim.photos.map((url) => (
            <Image key={url} src={url} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} />
          ))}
        </Space>
      </Image.PreviewGroup>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        订单
      </Typography.Title>
      {claim.order ? (
        <Descriptions column={2} size="small" bordered data-testid="claim-order">
          <Descriptions.Item label="订单号">
            <Link to={`/orders?keyword=${claim.order.orderNo}`}>{claim.order.orderNo}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="来源">{claim.order.source === 'auction' ? '拍卖' : '商城'}</Descriptions.Item>
          <Descriptions.Item label="货款">
            <Money fen={claim.order.goodsAmount} />
          </Descriptions.Item>
          <Descriptions.Item label="买方佣金">
            <Money fen={claim.order.premium} />
          </Descriptions.Item>
          <Descriptions.Item label="支付时间" span={2}>
            {formatDateTime(claim.order.paidAt)}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无订单" />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        藏品履历
      </Typography.Title>
      <Timeline
        data-testid="claim-history"
        items={claim.history.map((e) => ({
          children: (
            <span>
              {HOLDING_EVENT_LABELS[e.event] ?? e.event}
              {e.price !== undefined && (
                <>
                  {' '}
                  <Money fen={e.price} />
                </>
              )}
              <Typography.Text type="secondary">
                {' '}
                · {formatDateTime(e.at)}
                {e.ref ? ` · ${e.ref}` : ''}
              </Typography.Text>
            </span>
          ),
        }))}
      />
      {claim.status === 'pending' && mayDecide && (
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" onClick={() => setDeciding(true)} data-testid="claim-accept">
            通过并退款
          </Button>
          <Button danger onClick={() => setDeciding(false)} data-testid="claim-reject">
            驳回
          </Button>
        </Space>
      )}
      {claim.status === 'pending' && !mayDecide && (
        <Typography.Text type="secondary">由财务审核；客服可查看申请并答复会员。</Typography.Text>
      )}
      <Modal
        open={deciding !== null}
        title={deciding ? '通过保障申请' : '驳回保障申请'}
        okText={deciding ? '确认通过并退款' : '确认驳回'}
        okButtonProps={{ danger: deciding === false, disabled: !reason.trim(), loading: decide.isPending }}
        onOk={submit}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
      >
        {deciding && (
          <Typography.Paragraph>
            通过后，
            <Money fen={claim.amount} strong /> 将退回会员余额（记入资金流水），藏品退回平台，不再计入商品库存。
          </Typography.Paragraph>
        )}
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          showCount
          rows={3}
          placeholder={deciding ? '处理意见（会员可见）' : '驳回原因（会员可见）'}
          data-testid="claim-decision-reason"
          style={{ marginBottom: 20 }}
        />
      </Modal>
    </div>
  );
}

/** 保障申请: the guarantee's claims, pending first; finance accepts (refund, the piece back) or rejects with a reason. */
export function ClaimsPage() {
  const operator = useCurrentOperator();
  const table = useDataTable({
    filters,
    defaultPageSize: 10,
    query: ({ status }, paging) => claimQueries.queue({ status: status === 'all' ? undefined : status, ...paging }),
  });
  const [open, setOpen] = useState<number | null>(null);
  const detail = useClaimDetail(open);
  return (
    <>
      <PageHeader
        title="保障申请"
        subtitle="买家签收后在保障期内提出的申请：核对照片、藏品履历与订单后处理。通过即退回买家为该藏品支付的款项并将藏品收回平台；驳回须写明原因"
        extra={<RefreshButton table={table} />}
      />
      <DataTable
        table={table}
        columns={columns((r) => setOpen(r.id))}
        rowKey="id"
        testId={(r) => `claim-row-${r.id}`}
        summary={(total) => `共 ${total} 条`}
        emptyText={table.values.status === 'pending' ? '没有待处理的保障申请' : '暂无记录'}
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} width={720} title={`保障申请 #${open ?? ''}`}>
        {detail.isPending ? (
          <Spin />
        ) : detail.isError ? (
          <Typography.Text type="danger">{errorText(detail.error)}</Typography.Text>
        ) : (
          <ClaimDetail claim={detail.data} mayDecide={canDo(operator.role, 'claim.decide')} />
        )}
      </Drawer>
    </>
  );
}
