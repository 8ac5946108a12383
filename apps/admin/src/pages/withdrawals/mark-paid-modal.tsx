import { formatFen, withdrawalPaidInput } from '@antique/shared';
import { Alert, App as AntApp, Form, Input } from 'antd';
import { FormModal, useFormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, fieldProblem } from '../../components/schema-rules';
import { type AdminWithdrawal, useWithdrawalStep } from '../../features/withdrawals/api';

const REFERENCE = withdrawalPaidInput.shape.reference;
const NOTE = withdrawalPaidInput.shape.note;

interface Values {
  reference?: string;
  note?: string;
}

const referenceProblem = (reference: string | undefined) =>
  fieldProblem(REFERENCE, reference, { label: '转账流水号', required: '请填写银行转账流水号，便于对账' });

function Fields() {
  const { attempted, values } = useFormModal<Values>();
  const problem = attempted ? referenceProblem(values.reference) : null;
  return (
    <>
      <Form.Item
        label="转账流水号"
        name="reference"
        required
        validateStatus={problem ? 'error' : undefined}
        help={problem ?? '网银或柜台转账回单上的交易流水号，保存在提现记录和导出文件中'}
      >
        <Input
          autoFocus
          maxLength={fieldLimits(REFERENCE).max}
          placeholder="如：ICBC2026112700012345"
          data-testid="withdrawal-paid-reference"
        />
      </Form.Item>
      <Form.Item label="付款备注" name="note" help="选填，仅财务可见">
        <Input.TextArea
          rows={2}
          maxLength={fieldLimits(NOTE).max}
          showCount
          placeholder="如：网银转账，回单已存档"
          data-testid="withdrawal-paid-note"
        />
      </Form.Item>
    </>
  );
}

/** Marks an approved withdrawal paid by hand: the bank's transfer reference required, a note if any. */
export function MarkPaidModal({ row, onClose }: { row: AdminWithdrawal | null; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const step = useWithdrawalStep();

  const submit = async ({ reference, note }: Values) => {
    if (!row || referenceProblem(reference)) return;
    await step.mutateAsync({
      id: row.id,
      step: 'paid',
      reference: (reference ?? '').trim(),
      ...(note?.trim() ? { note: note.trim() } : {}),
    });
    void message.success(`提现 #${row.id} 已标记为已打款`);
    onClose();
  };

  return (
    <FormModal<Values>
      open={row !== null}
      title={row ? `确认提现 #${row.id} 已打款？` : '标记已打款'}
      width={560}
      initialValues={{ reference: '', note: '' }}
      onSubmit={submit}
      onClose={onClose}
      okText="标记已打款"
      okTestId="withdrawal-confirm-ok"
    >
      {row ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`已向 ${row.accountName} ${row.accountNo} 转账 ${formatFen(row.actualAmount)}？`}
          description={`标记后冻结的 ${formatFen(row.amount)} 从会员钱包扣除，不可撤销。`}
        />
      ) : null}
      <Fields />
    </FormModal>
  );
}
