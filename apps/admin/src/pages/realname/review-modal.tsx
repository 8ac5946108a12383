import { Alert, App as AntApp, Flex, Typography } from 'antd';
import { realNameReviewInput } from '@antique/shared';
import { FormModal } from '../../components/form-modal/form-modal';
import { RejectReasonField, rejectReasonProblem } from '../../components/form-modal/reject-reason-field';
import { type RealNameReviewRow, useReviewRealName } from '../../features/realname/api';
import { RevealedIdentity } from '../../features/realname/revealed-identity';
import { IdCardImages } from './id-card-images';

const REASON = realNameReviewInput.shape.reason;

/** The reasons support gives most often; one click fills the field, which stays editable. */
const COMMON_REJECT_REASONS = [
  '证件照片模糊或反光，请重新拍摄上传',
  '证件照片不完整，请拍摄证件完整四角',
  '填写的姓名或身份证号与证件不一致',
  '证件已过有效期',
  '请上传本人的身份证件',
];

export type Decision = { row: RealNameReviewRow; approve: boolean } | null;

interface Values {
  reason?: string;
}

/**
 * Approves, or rejects with a reason the member will read; the ID photos large, and beside
 * them the name and ID number, in full once the reviewer asks.
 */
export function ReviewModal({
  decision,
  mayReveal,
  onClose,
}: {
  decision: Decision;
  mayReveal: boolean;
  onClose: () => void;
}) {
  const { message } = AntApp.useApp();
  const review = useReviewRealName();
  const approve = decision?.approve ?? false;

  const submit = async ({ reason }: Values) => {
    if (!decision || (!approve && rejectReasonProblem(REASON, reason, '会员'))) return;
    const { row } = decision;
    await review.mutateAsync(
      approve
        ? { memberId: row.memberId, approve: true }
        : { memberId: row.memberId, approve: false, reason: (reason ?? '').trim() },
    );
    void message.success(approve ? `已通过 ${row.phone} 的实名认证` : `已驳回 ${row.phone} 的实名认证`);
    onClose();
  };

  return (
    <FormModal<Values>
      open={decision !== null}
      title={approve ? '通过实名认证' : '驳回实名认证'}
      initialValues={{ reason: '' }}
      onSubmit={submit}
      onClose={onClose}
      okText={approve ? '确认通过' : '确认驳回'}
      okDanger={!approve}
      okTestId={approve ? 'realname-approve-confirm' : 'realname-reject-submit'}
      width={880}
      formProps={{ component: 'div' }}
    >
      {decision ? (
        <>
          <Typography.Paragraph>
            会员 #{decision.row.memberId} {decision.row.phone}
          </Typography.Paragraph>
          <Flex gap={16} align="flex-start" wrap style={{ marginBottom: 16 }}>
            <IdCardImages row={decision.row} large />
            <div style={{ flex: '1 1 240px', minWidth: 240 }}>
              <RevealedIdentity
                memberId={decision.row.memberId}
                maskedName={decision.row.realName}
                maskedIdNumber={decision.row.idNumber}
                mayReveal={mayReveal}
                layout="panel"
              />
            </div>
          </Flex>
          {approve ? (
            <Alert type="info" showIcon title="请确认证件照片清晰、未经涂改，且与填写的姓名、身份证号一致。" />
          ) : (
            <RejectReasonField
              schema={REASON}
              reader="会员"
              help="会员将在 App 中看到此原因"
              placeholder="如：证件照片模糊，请重新拍摄上传"
              common={COMMON_REJECT_REASONS}
              testId="realname-reject-reason"
            />
          )}
        </>
      ) : null}
    </FormModal>
  );
}
