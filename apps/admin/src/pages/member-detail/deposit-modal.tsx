import { useEffect, useRef, useState } from 'react';
import { Alert, App as AntApp, Button, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { formatFen } from '@antique/shared';
import { YuanInput, parseYuanInput } from '../../components/yuan-input';
import { type MemberDetail, useDepositToMember } from '../../features/members/api';
import { fenToChineseCapital } from '../../lib/chinese-amount';
import { errorText } from '../../lib/error-text';
import { newIdempotencyKey } from '../../lib/idempotency-key';

/** The contract's ceiling for one recorded deposit (depositInput): 10,000,000 yuan. */
const MAX_DEPOSIT_FEN = 1_000_000_000;
const REMARK_MAX = 200;

interface Props {
  member: Pick<MemberDetail, 'id' | 'phone' | 'nickname' | 'balance' | 'realName'>;
  open: boolean;
  onClose: () => void;
}

/**
 * Records an offline bank transfer as a deposit. The amount is restated in figures and in
 * Chinese capitals before the operator confirms, and one Idempotency-Key covers retries
 * of the same entry so a timeout followed by a second click never credits twice.
 */
export function DepositModal({ member, open, onClose }: Props) {
  const { message } = AntApp.useApp();
  const deposit = useDepositToMember(member.id);
  const [amountText, setAmountText] = useState('');
  const [remark, setRemark] = useState('');
  const [touched, setTouched] = useState(false);
  const keyRef = useRef<string | null>(null);

  useEffect(() => {
    if (open) {
      setAmountText('');
      setRemark('');
      setTouched(false);
      keyRef.current = null;
      deposit.reset();
    }
    // Only a fresh opening resets the form; deposit.reset is stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const parsed = parseYuanInput(amountText, MAX_DEPOSIT_FEN);
  const remarkError = remark.trim() === '' ? '请填写备注（如银行流水号、付款户名）' : null;
  const valid = parsed.fen !== null && remarkError === null;

  const changeAmount = (text: string) => {
    setAmountText(text);
    keyRef.current = null;
  };
  const changeRemark = (text: string) => {
    setRemark(text);
    keyRef.current = null;
  };

  const submit = () => {
    setTouched(true);
    if (!valid || parsed.fen === null || deposit.isPending) return;
    keyRef.current ??= newIdempotencyKey();
    const amount = parsed.fen;
    deposit.mutate(
      { input: { amount, remark: remark.trim() }, idempotencyKey: keyRef.current },
      {
        onSuccess: () => {
          void message.success(`已为 ${member.phone} 入账 ${formatFen(amount)}`);
          onClose();
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  const showAmountError = (touched || amountText !== '') && parsed.error !== null;

  return (
    <Modal
      open={open}
      title="登记线下充值"
      onCancel={deposit.isPending ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={520}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={deposit.isPending}>
          取消
        </Button>,
        <Button
          key="submit"
          type="primary"
          onClick={submit}
          loading={deposit.isPending}
          disabled={touched && !valid}
          data-testid="member-deposit-submit"
        >
          {parsed.fen !== null ? `确认入账 ${formatFen(parsed.fen)}` : '确认入账'}
        </Button>,
      ]}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="会员">
          #{member.id} {member.nickname} {member.phone}
          {member.realName ? `（${member.realName}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="当前可用余额">{formatFen(member.balance)}</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" onFinish={submit} component="div">
        <Form.Item
          label="到账金额（元）"
          required
          validateStatus={showAmountError ? 'error' : undefined}
          help={showAmountError ? parsed.error : '按银行实际到账金额填写，如 1,000.50'}
        >
          <YuanInput
            value={amountText}
            onChange={(e) => changeAmount(e.target.value)}
            placeholder="0.00"
            maxLength={20}
            autoFocus
            data-testid="member-deposit-amount"
          />
        </Form.Item>
        <Form.Item
          label="备注"
          required
          validateStatus={touched && remarkError ? 'error' : undefined}
          help={touched && remarkError ? remarkError : undefined}
        >
          <Input.TextArea
            value={remark}
            onChange={(e) => changeRemark(e.target.value)}
            rows={2}
            maxLength={REMARK_MAX}
            showCount
            placeholder="银行流水号、付款户名等，便于对账"
            data-testid="member-deposit-remark"
          />
        </Form.Item>
      </Form>
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
              <div>请核对银行到账记录后确认，入账后不可撤销，如有错误需走调整流程。</div>
            </>
          }
        />
      ) : null}
    </Modal>
  );
}
