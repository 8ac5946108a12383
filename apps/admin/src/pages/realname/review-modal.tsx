import { useState } from 'react';
import { Alert, App as AntApp, Button, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { type RealNameReviewRow, useReviewRealName } from '../../features/realname/api';
import { errorText } from '../../lib/error-text';
import { IdCardImages } from './id-card-images';

/** The reasons support gives most often; one click fills the field, which stays editable. */
const COMMON_REJECT_REASONS = [
  '证件照片模糊或反光，请重新拍摄上传',
  '证件照片不完整，请拍摄证件完整四角',
  '填写的姓名或身份证号与证件不一致',
  '证件已过有效期',
  '请上传本人的身份证件',
];

export type Decision = { row: RealNameReviewRow; approve: boolean } | null;

/** Approves, or rejects with a reason the member will read; a fresh form for each decision. */
export function ReviewModal({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const review = useReviewRealName();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
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
          onClose();
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <Modal
      open={decision !== null}
      title={decision?.approve ? '通过实名认证' : '驳回实名认证'}
      onCancel={review.isPending ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={review.isPending}>
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
  );
}
