import { formatFen, withdrawalRejectInput } from '@antique/shared';
import { Alert, App as AntApp } from 'antd';
import { FormModal } from '../../components/form-modal/form-modal';
import { RejectReasonField, rejectReasonProblem } from '../../components/form-modal/reject-reason-field';
import { type AdminWithdrawal, useWithdrawalStep } from '../../features/withdrawals/api';

const REASON = withdrawalRejectInput.shape.reason;

const COMMON_REJECT_REASONS = [
  '收款户名与开户行登记信息不符',
  '银行卡号有误或已注销，请核对后重新申请',
  '开户银行填写有误',
  '银行退票，请更换收款账户',
  '账户存在异常，请联系客服',
];

interface Values {
  reason?: string;
}

/** Rejects a pending or approved withdrawal with a reason the member reads; the frozen amount returns to the balance. */
export function RejectWithdrawalModal({ row, onClose }: { row: AdminWithdrawal | null; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const step = useWithdrawalStep();

  const submit = async ({ reason }: Values) => {
    if (!row || rejectReasonProblem(REASON, reason, '会员')) return;
    await step.mutateAsync({ id: row.id, step: 'reject', reason: (reason ?? '').trim() });
    void message.success(`提现 #${row.id} 已驳回，${formatFen(row.amount)} 已退回会员余额`);
    onClose();
  };

  return (
    <FormModal<Values>
      open={row !== null}
      title={row ? `驳回提现 #${row.id}` : '驳回提现'}
      width={560}
      initialValues={{ reason: '' }}
      onSubmit={submit}
      onClose={onClose}
      okText="确认驳回"
      okDanger
      okTestId="withdrawal-reject-submit"
    >
      {row ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${row.memberPhone} 提现 ${formatFen(row.amount)}`}
          description="驳回后冻结的金额立即退回会员可用余额，会员在提现记录中看到驳回原因。"
        />
      ) : null}
      <RejectReasonField
        schema={REASON}
        reader="会员"
        help="会员将在提现记录中看到此原因"
        placeholder="如：收款户名与开户行登记信息不符"
        common={COMMON_REJECT_REASONS}
        testId="withdrawal-reject-reason"
      />
    </FormModal>
  );
}
