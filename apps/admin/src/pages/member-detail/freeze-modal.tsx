import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Form, Input, Modal } from 'antd';
import { type MemberDetail, useFreezeMember } from '../../features/members/api';
import { errorText } from '../../lib/error-text';

interface Props {
  member: Pick<MemberDetail, 'id' | 'phone' | 'frozen' | 'frozenReason'>;
  open: boolean;
  onClose: () => void;
}

/** Freezes (reason required) or unfreezes a member's account; the dialog is the confirmation. */
export function FreezeModal({ member, open, onClose }: Props) {
  const { message } = AntApp.useApp();
  const freeze = useFreezeMember(member.id);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const freezing = !member.frozen;

  useEffect(() => {
    if (open) {
      setReason('');
      setTouched(false);
    }
  }, [open]);

  const reasonError = freezing && reason.trim() === '' ? '请填写冻结原因' : null;

  const submit = () => {
    setTouched(true);
    if (reasonError || freeze.isPending) return;
    freeze.mutate(
      { frozen: freezing, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(freezing ? `已冻结 ${member.phone}` : `已解冻 ${member.phone}`);
          onClose();
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={freezing ? '冻结账户' : '解冻账户'}
      onCancel={freeze.isPending ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={freeze.isPending}>
          取消
        </Button>,
        <Button
          key="submit"
          type="primary"
          danger={freezing}
          loading={freeze.isPending}
          onClick={submit}
          data-testid="member-freeze-submit"
        >
          {freezing ? '确认冻结' : '确认解冻'}
        </Button>,
      ]}
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
      <Form layout="vertical" component="div">
        <Form.Item
          label={freezing ? '冻结原因' : '解冻说明（选填）'}
          required={freezing}
          validateStatus={touched && reasonError ? 'error' : undefined}
          help={touched && reasonError ? reasonError : '将写入审计日志'}
        >
          <Input.TextArea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            maxLength={200}
            showCount
            autoFocus
            placeholder={freezing ? '如：涉嫌盗号，会员本人来电要求冻结' : '如：核实身份后恢复'}
            data-testid="member-freeze-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
