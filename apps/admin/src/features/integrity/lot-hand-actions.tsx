import { type ReactNode, useState } from 'react';
import { formatFen, voidBidInput, withdrawLotInput, type AdminLotDetail } from '@antique/shared';
import { Alert, App as AntApp, Button, Form, Input, Flex, Tag, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { FormModal, useFormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, fieldProblem, type FieldSchema } from '../../components/schema-rules';
import { useLotHand } from './api';

type Bid = AdminLotDetail['bids'][number];

const WITHDRAW_REASONS = ['藏品来源待核实', '图录信息有误，需更正后重新上拍', '委托人撤回委托', '藏品状况与描述不符'];
const VOID_REASONS = ['会员误操作，申请撤销', '账号已封禁（违规出价）', '系统异常导致的重复出价', '疑似关联账号抬价'];

interface Values {
  reason?: string;
}

const reasonProblem = (schema: FieldSchema, reason: string | undefined) =>
  fieldProblem(schema, reason, { label: '原因', required: '请填写原因，会员将看到此原因' });

function ReasonField({ schema, common, testId }: { schema: FieldSchema; common: string[]; testId: string }) {
  const { attempted, values, setFieldValue } = useFormModal<Values>();
  const problem = attempted ? reasonProblem(schema, values.reason) : null;
  return (
    <>
      <Form.Item
        label="原因"
        name="reason"
        required
        validateStatus={problem ? 'error' : undefined}
        help={problem ?? '写入操作日志；会员在拍品页和消息中看到此原因'}
      >
        <Input.TextArea rows={3} maxLength={fieldLimits(schema).max} showCount autoFocus data-testid={testId} />
      </Form.Item>
      <Flex wrap gap={6}>
        {common.map((text) => (
          <Tag.CheckableTag key={text} checked={values.reason === text} onChange={() => setFieldValue('reason', text)}>
            {text}
          </Tag.CheckableTag>
        ))}
      </Flex>
    </>
  );
}

/** A second, explicit confirmation before the house's hand touches a lot; resolves whether it was given. */
function useConfirmation() {
  const { modal } = AntApp.useApp();
  return (title: string, content: string, okText: string, testId: string) =>
    new Promise<boolean>((resolve) => {
      void modal.confirm({
        title,
        content,
        okText,
        okButtonProps: { danger: true, ...({ 'data-testid': testId } as Record<string, string>) },
        cancelText: '返回修改',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}

/** 撤拍: a scheduled or live lot withdrawn with a reason, after a confirmation. */
export function WithdrawLotButton({ lot }: { lot: AdminLotDetail }) {
  const { message } = AntApp.useApp();
  const [open, setOpen] = useState(false);
  const { withdraw } = useLotHand();
  const confirm = useConfirmation();
  if (lot.status !== 'live' && lot.status !== 'upcoming') return null;

  const submit = async ({ reason }: Values) => {
    if (reasonProblem(withdrawLotInput.shape.reason, reason)) return;
    const text = (reason ?? '').trim();
    const ok = await confirm(
      `确认撤拍 #${lot.id}？`,
      `撤拍后拍品不再成交，${lot.bidCount} 次出价作废并释放全部保证金，藏品退回库存或委托人；出价人和关注者将收到通知。此操作不可撤销。`,
      '确认撤拍',
      'lot-withdraw-confirm',
    );
    if (!ok) return;
    await withdraw.mutateAsync({ id: lot.id, reason: text });
    void message.success(`拍品 #${lot.id} 已撤拍`);
    setOpen(false);
  };

  return (
    <>
      <Button danger icon={<StopOutlined />} onClick={() => setOpen(true)} data-testid="lot-withdraw">
        撤拍
      </Button>
      <FormModal<Values>
        open={open}
        title={`撤拍 #${lot.id} · ${lot.title}`}
        width={560}
        initialValues={{ reason: '' }}
        onSubmit={submit}
        onClose={() => setOpen(false)}
        okText="下一步"
        okDanger
        okTestId="lot-withdraw-submit"
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`当前价 ${formatFen(lot.currentPrice)}，${lot.bidCount} 次出价`}
          description="撤拍的拍品不会截拍成交；所有冻结的保证金立即释放。"
        />
        <ReasonField schema={withdrawLotInput.shape.reason} common={WITHDRAW_REASONS} testId="lot-withdraw-reason" />
      </FormModal>
    </>
  );
}

/** 作废 one bid of a lot not yet settled: its reason asked, then confirmed; the monitor shows the recomputed standing. */
export function VoidBidButton({ lot, bid }: { lot: AdminLotDetail; bid: Bid }) {
  const { message } = AntApp.useApp();
  const [open, setOpen] = useState(false);
  const { voidBid } = useLotHand();
  const confirm = useConfirmation();
  const open_ = lot.status === 'live' || lot.status === 'upcoming' || lot.status === 'ended';
  if (!open_ || bid.voided || bid.id === undefined) return null;
  const bidId = bid.id;

  const submit = async ({ reason }: Values) => {
    if (reasonProblem(voidBidInput.shape.reason, reason)) return;
    const text = (reason ?? '').trim();
    const ok = await confirm(
      `确认作废第 ${bid.seq} 条出价？`,
      `会员 #${bid.memberId}（${bid.memberPhone}）出价 ${formatFen(bid.amount)}。作废后按剩余出价重新计算当前价与领先者，保证金随之释放或补冻；出价记录保留并以删除线显示原因，哈希链不变。`,
      '确认作废',
      'bid-void-confirm',
    );
    if (!ok) return;
    const after = await voidBid.mutateAsync({ id: lot.id, bidId, reason: text });
    void message.success(`第 ${bid.seq} 条出价已作废，当前价 ${formatFen(after.currentPrice)}`);
    setOpen(false);
  };

  return (
    <>
      <Button size="small" danger type="link" onClick={() => setOpen(true)} data-testid={`bid-void-${bid.seq}`}>
        作废
      </Button>
      <FormModal<Values>
        open={open}
        title={`作废第 ${bid.seq} 条出价`}
        width={560}
        initialValues={{ reason: '' }}
        onSubmit={submit}
        onClose={() => setOpen(false)}
        okText="下一步"
        okDanger
        okTestId="bid-void-submit"
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`会员 #${bid.memberId}（${bid.memberPhone}）· 出价 ${formatFen(bid.amount)}${
            bid.maxBid !== undefined ? ` · 最高出价 ${formatFen(bid.maxBid)}` : ''
          }`}
          description="需作废某会员的全部出价时，逐条作废即可。"
        />
        <ReasonField schema={voidBidInput.shape.reason} common={VOID_REASONS} testId="bid-void-reason" />
      </FormModal>
    </>
  );
}

/** A voided bid's amount struck out, with when and why. */
export function VoidedAmount({ bid, children }: { bid: Bid; children: ReactNode }) {
  if (!bid.voided) return <>{children}</>;
  return (
    <div data-testid={`bid-voided-${bid.seq}`}>
      <Typography.Text delete type="secondary">
        {children}
      </Typography.Text>
      <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
        已作废：{bid.voided.reason}
      </Typography.Text>
    </div>
  );
}

/** What a withdrawn lot's monitor says above everything. */
export function WithdrawnNotice({ lot }: { lot: AdminLotDetail }) {
  if (lot.status !== 'withdrawn') return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="lot-outcome"
      title={`已撤拍：${lot.withdrawn?.reason ?? ''}`}
      description="拍品不再成交，全部保证金已释放，藏品已退回库存或委托人。"
      style={{ marginBottom: 16 }}
    />
  );
}
