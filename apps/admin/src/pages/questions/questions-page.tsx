import { useState } from 'react';
import { App as AntApp, Button, Flex, Image, Input, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { questionStatuses, type AdminQuestion, type QuestionStatus } from '@antique/shared';
import { DataTable, RefreshButton } from '../../components/data-table/data-table';
import { idParam, segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { PageHeader } from '../../components/page-header';
import { QUESTION_STATUS_LABELS, judgeQueries, useAnswerQuestion, useHideQuestion } from '../../features/judge/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';

const filters = {
  status: segmentedFilter<QuestionStatus>({
    options: questionStatuses.map((s) => ({ value: s, label: QUESTION_STATUS_LABELS[s] })),
    defaultValue: 'open',
    testId: 'question-status-filter',
  }),
  lotId: idParam(),
};

const ANSWER_MAX = 1000;

/** The answer box of an open question: written and sent in the row. */
function AnswerBox({ q }: { q: AdminQuestion }) {
  const { message } = AntApp.useApp();
  const answer = useAnswerQuestion();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setError(null);
    try {
      await answer.mutateAsync({ id: q.id, answer: text.trim() });
      void message.success('已回复，提问会员会收到通知');
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Flex vertical gap={6}>
      <Input.TextArea
        rows={2}
        value={text}
        maxLength={ANSWER_MAX}
        placeholder="以本行名义公开回复（回复后在拍品页公开）"
        onChange={(e) => setText(e.target.value)}
        data-testid={`question-answer-${q.id}`}
      />
      {error ? (
        <Typography.Text type="danger" data-testid={`question-error-${q.id}`}>
          {error}
        </Typography.Text>
      ) : null}
      <Space>
        <Button
          type="primary"
          size="small"
          disabled={text.trim() === ''}
          loading={answer.isPending}
          onClick={() => void send()}
          data-testid={`question-send-${q.id}`}
        >
          回复
        </Button>
      </Space>
    </Flex>
  );
}

function columns(onHide: (q: AdminQuestion) => void, status: QuestionStatus): ColumnsType<AdminQuestion> {
  return [
    {
      title: '拍品',
      key: 'lot',
      width: 240,
      render: (_, q) => (
        <Flex gap={8} align="center">
          <Image
            src={q.lotCover}
            width={48}
            height={48}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            fallback={IMAGE_FALLBACK}
            preview={false}
          />
          <Flex vertical>
            <Link to={`/lots/${q.lotId}`} data-testid={`question-lot-${q.id}`}>
              {q.lotTitle}
            </Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {q.lotOpen ? `${formatDateTime(q.lotEndsAt)} 结束` : <Tag>已结束</Tag>}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      title: '提问',
      key: 'text',
      render: (_, q) => (
        <Flex vertical gap={2}>
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{q.text}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {q.asker}（会员 #{q.memberId}）· {formatDateTime(q.askedAt)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: status === 'open' ? '回复' : '本行回复',
      key: 'answer',
      width: 360,
      render: (_, q) =>
        q.status === 'open' ? (
          <AnswerBox q={q} />
        ) : q.answer ? (
          <Flex vertical gap={2}>
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{q.answer}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {q.answeredBy} · {q.answeredAt ? formatDateTime(q.answeredAt) : ''}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, q) =>
        q.status === 'hidden' ? (
          <Tag>已隐藏</Tag>
        ) : (
          <Button size="small" danger onClick={() => onHide(q)} data-testid={`question-hide-${q.id}`}>
            隐藏
          </Button>
        ),
    },
  ];
}

/** 拍品问答: members' questions on lots before they end; answered ones are public on the lot's page. */
export function QuestionsPage() {
  const { message } = AntApp.useApp();
  const table = useDataTable({
    filters,
    query: ({ status, lotId }, paging) => judgeQueries.questions({ status, ...(lotId ? { lotId } : {}), ...paging }),
  });
  const hide = useHideQuestion();
  const [hiding, setHiding] = useState<AdminQuestion | null>(null);
  const [reason, setReason] = useState('');
  const [hideError, setHideError] = useState<string | null>(null);

  const confirmHide = async () => {
    if (!hiding) return;
    setHideError(null);
    try {
      await hide.mutateAsync({ id: hiding.id, reason: reason.trim() });
      void message.success('已隐藏，该问题不会公开');
      setHiding(null);
      setReason('');
    } catch (e) {
      setHideError(errorText(e));
    }
  };

  return (
    <>
      <PageHeader
        title="拍品问答"
        subtitle={`会员在拍品结束前的提问：回复后在拍品页公开，提问会员收到通知；涉及站外交易、个人信息等的可隐藏（须写明原因）。待回复的最早提问在前${table.values.lotId ? ` · 仅拍品 #${table.values.lotId}` : ''}`}
        extra={<RefreshButton table={table} />}
      />
      <DataTable
        table={table}
        columns={columns((q) => setHiding(q), table.values.status)}
        testId={(q) => `question-row-${q.id}`}
        scroll={{ x: 1000 }}
        summary={(total) => `共 ${total} 条`}
        emptyText={table.values.status === 'open' ? '没有待回复的提问' : '暂无提问'}
      />
      <Modal
        open={hiding !== null}
        title="隐藏提问"
        okText="隐藏"
        okButtonProps={{
          danger: true,
          disabled: reason.trim().length < 2,
          loading: hide.isPending,
          ...({ 'data-testid': 'question-hide-ok' } as Record<string, string>),
        }}
        onOk={() => void confirmHide()}
        onCancel={() => {
          setHiding(null);
          setHideError(null);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">隐藏后该提问及回复不再公开，原因记入审计日志。</Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>「{hiding?.text}」</Typography.Paragraph>
        <Input.TextArea
          rows={2}
          maxLength={200}
          value={reason}
          placeholder="隐藏原因（如 站外交易、泄露个人信息）"
          onChange={(e) => setReason(e.target.value)}
          data-testid="question-hide-reason"
        />
        {hideError ? <Typography.Text type="danger">{hideError}</Typography.Text> : null}
      </Modal>
    </>
  );
}
