import { Alert, App as AntApp, Form, Input } from 'antd';
import { freezeInput } from '@antique/shared';
import { FormModal, useFormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, fieldProblem } from '../../components/schema-rules';
import { type MemberDetail, useFreezeMember } from '../../features/members/api';

interface Props {
  member: Pick<MemberDetail, 'id' | 'phone' | 'frozen' | 'frozenReason'>;
  open: boolean;
  onClose: () => void;
}

interface Values {
  reason?: string;
}

const REASON = freezeInput.shape.reason;

/** A freeze says why (members are told nothing else); an unfreeze may. */
const reasonProblem = (freezing: boolean, reason: string | undefined) =>
  fieldProblem(REASON, reason, freezing ? { label: '冻结原因', required: '请填写冻结原因' } : { label: '解冻说明' });

function ReasonField({ freezing }: { freezing: boolean }) {
  const { attempted, values } = useFormModal<Values>();
  const problem = reasonProblem(freezing, values.reason);
  return (
    <Form.Item
      label={freezing ? '冻结原因' : '解冻说明（选填）'}
      name="reason"
      required={freezing}
      validateStatus={attempted && problem ? 'error' : undefined}
      help={attempted && problem ? problem : '将写入审计日志'}
    >
      <Input.TextArea
        rows={3}
        maxLength={fieldLimits(REASON).max}
        showCount
        autoFocus
        placeholder={freezing ? '如：涉嫌盗号，会员本人来电要求冻结' : '如：核实身份后恢复'}
        data-testid="member-freeze-reason"
      />
    </Form.Item>
  );
}

/** Freezes (reason required) or unfreezes a member's account; the dialog is the confirmation. */
export function FreezeModal({ member, open, onClose }: Props) {
  const { message } = AntApp.useApp();
  const freeze = useFreezeMember(member.id);
  const freezing = !member.frozen;

  const submit = async ({ reason }: Values) => {
    if (reasonProblem(freezing, reason)) return;
    await freeze.mutateAsync({ frozen: freezing, reason: (reason ?? '').trim() });
    void message.success(freezing ? `已冻结 ${member.phone}` : `已解冻 ${member.phone}`);
    onClose();
  };

  return (
    <FormModal<Values>
      open={open}
      title={freezing ? '冻结账户' : '解冻账户'}
      initialValues={{ reason: '' }}
      onSubmit={submit}
      onClose={onClose}
      okText={freezing ? '确认冻结' : '确认解冻'}
      okDanger={freezing}
      okTestId="member-freeze-submit"
      formProps={{ component: 'div' }}
    >
      <Alert
        type={freezing ? 'error' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          freezing
            ? `冻结后，会员 ${member.phone} 将被立即强制下线，无法登录、下单、出价或提现。钱包余额保留不变。`
            : `解冻后，会员 ${member.phone} 可重新登录并正常交易。${member.frozenReason ? `原冻结原因：${member.frozenReason}` : ''}`
        }
      />
      <ReasonField freezing={freezing} />
    </FormModal>
  );
}
