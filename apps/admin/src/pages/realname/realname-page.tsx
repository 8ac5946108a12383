import { useState } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Flex,
  Image,
  Modal,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
  Form,
  Input,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { RealNameStatus } from '@antique/shared';
import { useCurrentOperator } from '../../app/auth';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { RealNameTag } from '../../components/realname-tag';
import { canDo } from '../../features/access/roles';
import { type RealNameReviewRow, useRealNameQueue, useReviewRealName } from '../../features/realname/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';
import { useSearchState } from '../../lib/use-search-state';

type StatusFilter = RealNameStatus | 'all';
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'pending', label: '待审核' },
  { value: 'verified', label: '已通过' },
  { value: 'rejected', label: '已驳回' },
  { value: 'all', label: '全部' },
];
const KNOWN: readonly StatusFilter[] = ['pending', 'verified', 'rejected', 'all', 'none'];

const IMAGE_FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="76"><rect width="100%" height="100%" fill="#f5f5f5"/>' +
      '<text x="50%" y="50%" font-size="11" fill="#999" text-anchor="middle" dominant-baseline="middle">图片已过期，请刷新</text></svg>',
  );

function IdCardImages({ row, large = false }: { row: RealNameReviewRow; large?: boolean }) {
  return (
    <Image.PreviewGroup>
      <Space size={8}>
        {[
          { src: row.frontImage, alt: '人像面' },
          { src: row.backImage, alt: '国徽面' },
        ].map((img) =>
          img.src ? (
            <Image
              key={img.alt}
              src={img.src}
              alt={`${row.phone} 身份证${img.alt}`}
              width={large ? 220 : 96}
              height={large ? 138 : 60}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              fallback={IMAGE_FALLBACK}
            />
          ) : (
            <Typography.Text key={img.alt} type="secondary">
              无{img.alt}
            </Typography.Text>
          ),
        )}
      </Space>
    </Image.PreviewGroup>
  );
}

/** The reasons support gives most often; one click fills the field, which stays editable. */
const COMMON_REJECT_REASONS = [
  '证件照片模糊或反光，请重新拍摄上传',
  '证件照片不完整，请拍摄证件完整四角',
  '填写的姓名或身份证号与证件不一致',
  '证件已过有效期',
  '请上传本人的身份证件',
];

type Decision = { row: RealNameReviewRow; approve: boolean } | null;

export function RealNamePage() {
  const operator = useCurrentOperator();
  const { message } = AntApp.useApp();
  const { page, pageSize, filters, update, pageSizeOptions } = useSearchState(['status'] as const, 10);
  const status: StatusFilter = KNOWN.includes(filters.status as StatusFilter)
    ? (filters.status as StatusFilter)
    : 'pending';
  const queue = useRealNameQueue({ status: status === 'all' ? undefined : status, page, pageSize });
  const review = useReviewRealName();
  const [decision, setDecision] = useState<Decision>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const mayReview = canDo(operator.role, 'realname.review');

  const open = (row: RealNameReviewRow, approve: boolean) => {
    setDecision({ row, approve });
    setReason('');
    setTouched(false);
  };
  const reasonError = decision && !decision.approve && reason.trim() === '' ? '请填写驳回原因，会员将看到此原因' : null;

  const submit = () => {
    setTouched(true);
    if (!decision || reasonError || review.isPending) return;
    const { row, approve } = decision;
    review.mutate(
      { memberId: row.memberId, input: approve ? { approve: true } : { approve: false, reason: reason.trim() } },
      {
        onSuccess: () => {
          void message.success(approve ? `已通过 ${row.phone} 的实名认证` : `已驳回 ${row.phone} 的实名认证`);
          setDecision(null);
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  const columns: ColumnsType<RealNameReviewRow> = [
    {
      title: '会员',
      key: 'member',
      width: 150,
      render: (_, r) => (
        <div>
          <Link to={`/members/${r.memberId}`}>#{r.memberId}</Link>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {r.phone}
          </Typography.Text>
        </div>
      ),
    },
    { title: '姓名', dataIndex: 'realName', width: 100 },
    { title: '身份证号', dataIndex: 'idNumber', width: 190 },
    { title: '证件照片', key: 'images', width: 230, render: (_, r) => <IdCardImages row={r} /> },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: RealNameStatus) => <RealNameTag status={v} /> },
    { title: '提交时间', dataIndex: 'submittedAt', width: 170, render: (v: number | null) => formatDateTime(v) },
    { title: '审核时间', dataIndex: 'reviewedAt', width: 170, render: (v: number | null) => formatDateTime(v) },
    { title: '驳回原因', dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' && mayReview ? (
          <Space>
            <Button
              type="primary"
              size="small"
              onClick={() => open(r, true)}
              data-testid={`realname-approve-${r.memberId}`}
            >
              通过
            </Button>
            <Button danger size="small" onClick={() => open(r, false)} data-testid={`realname-reject-${r.memberId}`}>
              驳回
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="实名审核"
        subtitle="核对证件照片与填写的姓名、身份证号是否一致；证件照链接短时有效，过期请刷新"
        extra={
          <Button onClick={() => void queue.refetch()} loading={queue.isFetching}>
            刷新
          </Button>
        }
      />
      <Card>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Segmented<StatusFilter>
            options={STATUS_OPTIONS}
            value={status}
            onChange={(value) => update({ status: value === 'pending' ? undefined : value })}
            data-testid="realname-status-filter"
          />
          <Typography.Text type="secondary">{queue.data ? `共 ${queue.data.total} 条` : ''}</Typography.Text>
        </Flex>
        {queue.isError && !queue.data ? (
          <QueryError error={queue.error} onRetry={() => void queue.refetch()} />
        ) : (
          <>
            {queue.isError ? (
              <Alert
                type="warning"
                showIcon
                title={`刷新失败：${errorText(queue.error)}`}
                style={{ marginBottom: 12 }}
              />
            ) : null}
            <Table<RealNameReviewRow>
              rowKey="memberId"
              columns={columns}
              dataSource={queue.data?.list ?? []}
              loading={queue.isFetching}
              scroll={{ x: 1300 }}
              onRow={(r) => rowTestId(`realname-row-${r.memberId}`)}
              locale={{ emptyText: status === 'pending' ? '没有待审核的实名申请' : '暂无记录' }}
              pagination={{
                current: page,
                pageSize,
                total: queue.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions,
                showTotal: (total) => `共 ${total} 条`,
                onChange: (nextPage, nextSize) =>
                  update(nextSize !== pageSize ? { pageSize: nextSize, page: 1 } : { page: nextPage }),
              }}
            />
          </>
        )}
      </Card>
      <Modal
        open={decision !== null}
        title={decision?.approve ? '通过实名认证' : '驳回实名认证'}
        onCancel={review.isPending ? undefined : () => setDecision(null)}
        mask={{ closable: false }}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setDecision(null)} disabled={review.isPending}>
            取消
          </Button>,
          decision?.approve ? (
            <Button
              key="ok"
              type="primary"
              loading={review.isPending}
              onClick={submit}
              data-testid="realname-approve-confirm"
            >
              确认通过
            </Button>
          ) : (
            <Button
              key="ok"
              type="primary"
              danger
              loading={review.isPending}
              onClick={submit}
              data-testid="realname-reject-submit"
            >
              确认驳回
            </Button>
          ),
        ]}
      >
        {decision ? (
          <>
            <Typography.Paragraph>
              会员 #{decision.row.memberId} {decision.row.phone}，姓名 {decision.row.realName}，身份证号{' '}
              {decision.row.idNumber}
            </Typography.Paragraph>
            <div style={{ marginBottom: 16 }}>
              <IdCardImages row={decision.row} large />
            </div>
            {decision.approve ? (
              <Alert type="info" showIcon title="请确认证件照片清晰、未经涂改，且与填写的姓名、身份证号一致。" />
            ) : (
              <Form layout="vertical" component="div">
                <Form.Item
                  label="驳回原因"
                  required
                  validateStatus={touched && reasonError ? 'error' : undefined}
                  help={touched && reasonError ? reasonError : '会员将在 App 中看到此原因'}
                >
                  <Input.TextArea
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    rows={3}
                    maxLength={200}
                    showCount
                    autoFocus
                    placeholder="如：证件照片模糊，请重新拍摄上传"
                    data-testid="realname-reject-reason"
                  />
                </Form.Item>
                <Flex wrap gap={6}>
                  {COMMON_REJECT_REASONS.map((text) => (
                    <Tag.CheckableTag key={text} checked={reason === text} onChange={() => setReason(text)}>
                      {text}
                    </Tag.CheckableTag>
                  ))}
                </Flex>
              </Form>
            )}
          </>
        ) : null}
      </Modal>
    </>
  );
}
