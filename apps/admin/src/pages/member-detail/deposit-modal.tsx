import { useRef } from 'react';
import { Alert, App as AntApp, Descriptions, Form, Input, Typography } from 'antd';
import { billMemoText, depositInput, formatFen } from '@antique/shared';
import { FormModal, useFormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, fieldProblem, readYuan } from '../../components/schema-rules';
import { YuanInput } from '../../components/yuan-input';
import { type MemberDetail, useDepositToMember } from '../../features/members/api';
import { fenToChineseCapital } from '../../lib/chinese-amount';
import { newIdempotencyKey } from '../../lib/idempotency-key';

/** depositInput's fields: the amount (fen, typed in yuan), finance's remark, the member's note. */
const { amount: AMOUNT, remark: REMARK, memberNote: MEMBER_NOTE } = depositInput.shape;
/** What the member's bill says of a deposit recorded without a note for them. */
const STANDARD_MEMO = billMemoText({ remark: '', memoCode: 'BANK_DEPOSIT' });

type Member = Pick<MemberDetail, 'id' | 'phone' | 'nickname' | 'balance' | 'realName'>;

interface Props {
  member: Member;
  open: boolean;
  onClose: () => void;
}

interface Values {
  amountText?: string;
  /** Finance's internal reference: the member never sees it. */
  remark?: string;
  /** What the member reads on the bill; blank: the standard memo. */
  memberNote?: string;
}

const readAmount = (text: string | undefined) => readYuan(AMOUNT, text ?? '', { label: '金额' });
const remarkProblem = (remark: string | undefined) =>
  fieldProblem(REMARK, remark, { label: '内部备注', required: '请填写内部备注（如银行流水号、付款户名）' });
const isValid = (v: Partial<Values>) => readAmount(v.amountText).fen !== null && remarkProblem(v.remark) === null;

/** The amount, checked as it is typed; the remark, checked once the operator tries to confirm. */
function DepositFields({ member }: { member: Member }) {
  const { attempted, values } = useFormModal<Values>();
  const amountText = values.amountText ?? '';
  const remark = values.remark;
  const memberNote = (values.memberNote ?? '').trim();
  const parsed = readAmount(amountText);
  const showAmountError = (attempted || amountText !== '') && parsed.error !== null;
  const remarkError = attempted ? remarkProblem(remark) : null;

  return (
    <>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="会员">
          #{member.id} {member.nickname} {member.phone}
          {member.realName ? `（${member.realName}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="当前可用余额">{formatFen(member.balance)}</Descriptions.Item>
      </Descriptions>
      <Form.Item
        label="到账金额（元）"
        name="amountText"
        required
        validateStatus={showAmountError ? 'error' : undefined}
        help={showAmountError ? parsed.error : '按银行实际到账金额填写，如 1,000.50'}
      >
        <YuanInput placeholder="0.00" autoFocus data-testid="member-deposit-amount" />
      </Form.Item>
      <Form.Item
        label="内部备注（会员不可见）"
        name="remark"
        required
        validateStatus={remarkError ? 'error' : undefined}
        help={remarkError ?? '仅运营人员在流水与导出中可见，用于对账'}
      >
        <Input.TextArea
          rows={2}
          maxLength={fieldLimits(REMARK).max}
          showCount
          placeholder="银行流水号、付款户名等，便于对账"
          data-testid="member-deposit-remark"
        />
      </Form.Item>
      <Form.Item
        label="给会员的说明（选填）"
        name="memberNote"
        help={`会员在账单中看到这句话；不填则显示「${STANDARD_MEMO}」`}
      >
        <Input
          maxLength={fieldLimits(MEMBER_NOTE).max}
          showCount
          placeholder="如：您 11 月 27 日的银行转账已到账"
          data-testid="member-deposit-member-note"
        />
      </Form.Item>
      {parsed.fen !== null ? (
        <Alert
          type="warning"
          showIcon
          data-testid="member-deposit-preview"
          title={
            <span>
              入账金额{' '}
              <Typography.Text strong style={{ fontSize: 18 }}>
                {formatFen(parsed.fen)}
              </Typography.Text>
            </span>
          }
          description={
            <>
              <div>大写：{fenToChineseCapital(parsed.fen)}</div>
              <div>入账后可用余额：{formatFen(member.balance + parsed.fen)}</div>
              <div data-testid="member-deposit-member-sees">会员账单显示：{memberNote || STANDARD_MEMO}</div>
              <div>请核对银行到账记录后确认，入账后不可撤销，如有错误需走调整流程。</div>
            </>
          }
        />
      ) : null}
    </>
  );
}

/**
 * Records an offline bank transfer as a deposit. The amount is restated in figures and in
 * Chinese capitals before the operator confirms, and one Idempotency-Key covers retries
 * of the same entry so a timeout followed by a second click never credits twice.
 */
export function DepositModal({ member, open, onClose }: Props) {
  const { message } = AntApp.useApp();
  const deposit = useDepositToMember(member.id);
  // Kept while the entry is unchanged; any edit makes it another entry with another key.
  const keyRef = useRef<string | null>(null);

  const submit = async (values: Values) => {
    const amount = readAmount(values.amountText).fen;
    if (amount === null || !isValid(values)) return;
    keyRef.current ??= newIdempotencyKey();
    const memberNote = (values.memberNote ?? '').trim();
    await deposit.mutateAsync({
      input: { amount, remark: (values.remark ?? '').trim(), ...(memberNote ? { memberNote } : {}) },
      idempotencyKey: keyRef.current,
    });
    void message.success(`已为 ${member.phone} 入账 ${formatFen(amount)}`);
    onClose();
  };

  return (
    <FormModal<Values>
      open={open}
      title="登记线下充值"
      width={520}
      initialValues={{ amountText: '', remark: '', memberNote: '' }}
      onSubmit={submit}
      onClose={onClose}
      okText={(v) => {
        const fen = readAmount(v.amountText).fen;
        return fen !== null ? `确认入账 ${formatFen(fen)}` : '确认入账';
      }}
      okDisabled={(v, attempted) => attempted && !isValid(v)}
      okTestId="member-deposit-submit"
      serverFields={{ amount: 'amountText' }}
      formProps={{
        component: 'div',
        onValuesChange: () => {
          keyRef.current = null;
        },
      }}
    >
      <DepositFields member={member} />
    </FormModal>
  );
}
